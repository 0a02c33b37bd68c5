import type { NftVerdict, NftVerdictKind } from './ast';
import { type Reader, T_STRING, T_WORD } from './reader';

/**
 * Verdict statements (nft(8) "VERDICT STATEMENT"). Apart from expr.ts because set and map elements
 * (elements.ts) end in a verdict and expressions contain sets: one file each would import the other.
 */

/** The verdict words: a value never takes them. */
export const VERDICTS: ReadonlySet<string> = new Set([
  'accept',
  'drop',
  'return',
  'continue',
  'jump',
  'goto',
  'queue',
]);

const span = (r: Reader, a: number, b: number) => ({ start: r.start(a), end: r.end(Math.max(a, b - 1)) });

/** A verdict at `r.i` (`accept`, `goto CHAIN`, …) or null. */
export function readVerdict(r: Reader, end: number): NftVerdict | null {
  const a = r.i;
  // Cheap refusal first: this runs once per map element (100,000 in a big cluster).
  if (r.kind(a) !== T_WORD || r.end(a) - r.start(a) > 8) return null;
  const w = r.word(a);
  if (!VERDICTS.has(w)) return null;
  if (w === 'jump' || w === 'goto') {
    const k = r.kind(a + 1);
    if (a + 1 >= end || (k !== T_WORD && k !== T_STRING)) {
      r.diagTokens('nftables/missing-value', `\`${w}\` without a chain name.`, a, a + 1);
      r.i = a + 1;
      return null;
    }
    r.i = a + 2;
    return { kind: 'verdict', verdict: w, chain: r.value(a + 1), span: span(r, a, a + 2) };
  }
  r.i = a + 1;
  return { kind: 'verdict', verdict: w as NftVerdictKind, chain: null, span: span(r, a, a + 1) };
}
