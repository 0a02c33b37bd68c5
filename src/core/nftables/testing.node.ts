import { readFileSync } from 'node:fs';
import type { NftDocument, NftElement, NftExpr, NftStatement } from './ast';
import { printElement, printStatement } from './print';

/** Test helpers (not part of index.ts). */

export function fixture(name: string): string {
  return readFileSync(new URL(`../../../test/fixtures/nftables/${name}`, import.meta.url), 'utf8');
}

/** nft duration (`3h`, `10800s`, `59m59s`) in seconds. */
function seconds(d: string): number {
  let total = 0;
  for (const m of d.matchAll(/(\d+)(ms|d|h|m|s)/g)) {
    const n = Number(m[1]);
    total +=
      m[2] === 'd' ? n * 86400 : m[2] === 'h' ? n * 3600 : m[2] === 'm' ? n * 60 : m[2] === 's' ? n : 0;
  }
  return total;
}

/** Spellings that differ between forms but mean the same: hex marks, `ip` in `dnat ip to`. */
function canon(text: string): string {
  return text.replace(/\b0x[0-9a-f]+\b/g, (h) => String(Number.parseInt(h, 16)));
}

function element(e: NftElement): string {
  return canon(
    printElement({ ...e, expires: null, counter: null, timeout: e.timeout && `${seconds(e.timeout)}s` }),
  );
}

function statement(s: NftStatement): string {
  let t: NftStatement = s;
  // `!= { 203.0.113.0/25 }`: nft lists a one-element anonymous set as the element.
  if (s.kind === 'match' && s.right.kind === 'set' && s.right.elements.length === 1) {
    const only = s.right.elements[0] as NftElement;
    if (only.value === null && only.key.length === 1)
      t = { ...s, right: { kind: 'value', text: only.key[0] as string, span: s.right.span } as NftExpr };
  }
  if (t.kind === 'nat') t = { ...t, family: null };
  // nft lists `==` only where it is needed (after a binop); JSON always has it.
  if (t.kind === 'match' && t.op === '==') t = { ...t, op: null };
  return canon(printStatement(t));
}

/** What must be equal whichever form a ruleset was read from (no spans, no listing-only extras). */
export function meaning(doc: NftDocument, opts: { device?: boolean } = {}) {
  return doc.tables.map((t) => ({
    table: `${t.family} ${t.name}`,
    iptablesNft: t.iptablesNft,
    chains: [...t.chains]
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((c) => ({
        name: c.name,
        base: c.base && {
          ...c.base,
          priority: c.base.priority.value,
          device: opts.device === false ? null : c.base.device,
        },
        rules: c.rules.map((r) => ({ comment: r.comment, statements: r.statements.map(statement) })),
      })),
    sets: [...t.sets]
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((s) => ({
        name: s.name,
        kind: s.kind,
        verdictMap: s.dataType === 'verdict',
        timeout: s.timeout && seconds(s.timeout),
        elements: s.elements.map(element).sort(),
      })),
  }));
}
