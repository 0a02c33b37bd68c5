import { detectRulesetFormat, parseNftables } from '../core/nftables';
import type { Diagnostic } from '../core/text';

/** The code analyze.ts answers an nftables text with while its pipeline reads iptables-save only. */
const REFUSED = 'iptables/nftables-ruleset';

/**
 * The editor marks what the nftables reader says about an nftables text (listing or `nft -f`
 * transaction) even while the analysis refuses nftables: when the analysis's diagnostics carry
 * the refusal, the reader's own diagnostics are added (their spans are offsets into the same
 * text). Once the pipeline reads nftables it no longer refuses, its diagnostics are the reader's,
 * and this adds nothing.
 */
export function withNftReaderDiagnostics(text: string, diagnostics: Diagnostic[]): Diagnostic[] {
  if (!diagnostics.some((d) => d.code === REFUSED)) return diagnostics;
  const format = detectRulesetFormat(text);
  if (format !== 'nft-listing' && format !== 'nft-transaction' && format !== 'nft-json') return diagnostics;
  return [...diagnostics, ...parseNftables(text).diagnostics];
}
