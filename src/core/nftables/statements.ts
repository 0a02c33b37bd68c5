import type { NftExpr, NftRule, NftStatement, NftStatementBody } from './ast';
import { RELOPS, readExpr, readSelector, STATEMENT_WORDS } from './expr';
import { type Reader, T_LBRACE, T_RBRACE, T_STRING, T_WORD } from './reader';
import { readVerdict } from './verdict';

/**
 * Rule statements (nft(8) "STATEMENTS"): verdicts, matches, vmap lookups, NAT, mark assignment,
 * set updates, counters, `xt` leftovers of iptables-nft. A statement the reader does not know is
 * kept verbatim as `unknown` (info diagnostic) and reading resumes at the next statement keyword.
 */

type Body = NftStatementBody;

const NAT_FLAGS = new Set(['random', 'fully-random', 'persistent']);

/** Reads the statements of one rule, tokens `[r.i, end)`; `end` excludes a `# handle` comment. */
export function readRule(r: Reader, end: number, first: number, handleAt: number): NftRule {
  const statements: NftStatement[] = [];
  let comment: string | null = null;
  while (r.i < end) {
    const a = r.i;
    if (r.is('comment')) {
      if (r.kind(a + 1) === T_STRING && a + 1 < end) {
        comment = r.value(a + 1);
        r.i = a + 2;
      } else {
        r.diagTokens('nftables/missing-value', '`comment` without a "…" string.', a, a + 1);
        r.i = a + 1;
      }
      continue;
    }
    const body = readStatement(r, end);
    if (r.i === a) r.i = a + 1; // never stall
    const b = r.i;
    const s = r.start(a);
    const e = r.end(b - 1);
    if (body === null || body.kind === 'unknown') {
      unknownUntilKeyword(r, end, a);
      const e2 = r.end(r.i - 1);
      r.diag('nftables/unknown-statement', `Not a statement this reader knows: kept verbatim.`, s, e2);
      statements.push({ kind: 'unknown', raw: r.text.slice(s, e2), span: { start: s, end: e2 } });
      continue;
    }
    statements.push({ ...body, raw: r.text.slice(s, e), span: { start: s, end: e } } as NftStatement);
  }
  const s = r.start(first);
  const e = end > first ? r.end(end - 1) : s;
  return {
    statements,
    comment,
    handle: handleAt >= 0 ? r.handleAt(handleAt) : null,
    raw: r.text.slice(s, e),
    span: { start: s, end: e },
    line: r.line(s),
  };
}

/** Moves `r.i` from `a` past the words of an unknown statement: up to the next statement keyword. */
function unknownUntilKeyword(r: Reader, end: number, a: number): void {
  r.i = a + 1;
  while (r.i < end) {
    if (r.kind() === T_LBRACE) {
      r.i = Math.min(r.skipBraces(r.i), end);
      continue;
    }
    const w = r.word();
    if (STATEMENT_WORDS.has(w) && w !== 'set' && w !== 'map' && w !== 'vmap') return;
    if (w === 'ip' || w === 'ip6' || w === 'meta' || w === 'ct' || w === 'th') return;
    r.i++;
  }
}

function readStatement(r: Reader, end: number): Body | null {
  const w = r.word();
  const verdict = readVerdict(r, end);
  if (verdict !== null) return verdict;
  if (r.kind() !== T_WORD) return null;
  const a = r.i;
  switch (w) {
    case 'reject': {
      r.i++;
      let withText: string | null = null;
      if (r.is('with')) {
        const from = r.i + 1;
        r.i++;
        while (r.i < end && r.kind() === T_WORD && !STATEMENT_WORDS.has(r.word())) r.i++;
        withText = r.text.slice(r.start(from), r.end(r.i - 1));
      }
      return { kind: 'reject', with: withText };
    }
    case 'counter': {
      r.i++;
      let packets: number | null = null;
      let bytes: number | null = null;
      if (r.is('packets') && r.is('bytes', r.i + 2) && r.i + 3 < end) {
        packets = Number(r.word(r.i + 1));
        bytes = Number(r.word(r.i + 3));
        r.i += 4;
      } else if (r.is('name') && r.i + 1 < end) r.i += 2;
      return { kind: 'counter', packets, bytes };
    }
    case 'masquerade':
    case 'redirect':
    case 'dnat':
    case 'snat':
      return readNat(r, end, w);
    case 'update':
    case 'add':
    case 'delete': {
      const ref = r.word(a + 1);
      if (!ref.startsWith('@') || r.kind(a + 2) !== T_LBRACE) return null;
      r.i = a + 3;
      const key = readExpr(r, end, 1, true);
      let timeout: string | null = null;
      if (r.is('timeout')) {
        timeout = r.word(r.i + 1);
        r.i += 2;
      }
      if (key === null || r.kind() !== T_RBRACE) return null;
      r.i++;
      return { kind: 'setUpdate', op: w, set: ref.slice(1), key, timeout };
    }
    case 'xt': {
      if (a + 2 >= end) return null;
      r.i = a + 3;
      return { kind: 'xt', type: r.word(a + 1), name: r.word(a + 2) };
    }
  }
  // A match, lookup or assignment: the left side is a selector, maybe with binary operators and
  // concatenations (`meta mark & 0x4000`, `ip daddr . meta l4proto . th dport`).
  if (readSelector(r, end) === null) return null;
  r.i = a;
  const left = readExpr(r, end, 0, true);
  if (left === null) return null;
  return readAfterSelector(r, end, left);
}

function readAfterSelector(r: Reader, end: number, left: NftExpr): Body | null {
  const w = r.word();
  if (w === 'vmap') {
    r.i++;
    const map = readExpr(r, end, 0, false);
    return map === null ? null : { kind: 'vmap', key: left, map };
  }
  if (w === 'set') {
    r.i++;
    const value = readExpr(r, end, 0, true);
    return value === null ? null : { kind: 'assign', target: left, value };
  }
  let op: string | null = null;
  if (RELOPS.has(w)) {
    op = w;
    r.i++;
  }
  // `ct status dnat`, `ct status snat,dnat`: status flags share their names with NAT statements.
  const flags = left.kind === 'field' && left.name === 'ct status' && !r.is('to', r.i + 1);
  const right = readExpr(r, end, 0, false, flags);
  if (right === null) return null;
  return { kind: 'match', left, op, right };
}

/** `dnat [ip|ip6] to EXPR [flags]`, `snat …`, `masquerade [to :port] [flags]`, `redirect …`. */
function readNat(r: Reader, end: number, type: 'dnat' | 'snat' | 'masquerade' | 'redirect'): Body | null {
  r.i++;
  let family: string | null = null;
  if ((r.is('ip') || r.is('ip6')) && r.is('to', r.i + 1)) {
    family = r.word();
    r.i++;
  }
  let to: NftExpr | null = null;
  if (r.is('to')) {
    r.i++;
    to = readExpr(r, end, 0, true);
    if (to === null) {
      r.diagTokens('nftables/missing-value', `\`${type} to\` without an address.`, r.i - 1, r.i);
      return null;
    }
  } else if ((type === 'dnat' || type === 'snat') && r.kind() === T_WORD && !STATEMENT_WORDS.has(r.word())) {
    to = readExpr(r, end, 0, true);
  }
  const flags: string[] = [];
  while (r.i < end && NAT_FLAGS.has(r.word())) {
    flags.push(r.word());
    r.i++;
    if (r.t.kind(r.i) === 6 /* comma */ && NAT_FLAGS.has(r.word(r.i + 1))) r.i++;
  }
  return { kind: 'nat', type, family, to, flags };
}
