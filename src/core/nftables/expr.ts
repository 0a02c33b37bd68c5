import type { NftExpr } from './ast';
import { readElements } from './elements';
import { type Reader, T_COMMA, T_LBRACE, T_STRING, T_WORD } from './reader';
import { VERDICTS } from './verdict';

/**
 * Expressions of nft rules (nft(8) "PAYLOAD EXPRESSION", "META EXPRESSIONS", "FIB", "NUMGEN",
 * "CONNTRACK EXPRESSIONS", "SETS", "MAPS"). Readers take the cursor and a token bound `end`
 * (exclusive: the end of the rule) and never read past it.
 */

/** Protocol words followed by one field word (`ip saddr`, `th dport`, `ether type`). */
const PROTOCOLS = new Set([
  'ip',
  'ip6',
  'tcp',
  'udp',
  'udplite',
  'sctp',
  'dccp',
  'th',
  'icmp',
  'icmpv6',
  'igmp',
  'ether',
  'vlan',
  'arp',
  'ah',
  'esp',
  'comp',
  'rt',
  'dst',
  'hbh',
  'frag',
  'mh',
  'srh',
  'ipsec',
]);
/** Meta keys nft accepts without `meta` (nft(8): "unqualified meta expression"). */
const META_SHORT = new Set([
  'mark',
  'iif',
  'oif',
  'iifname',
  'oifname',
  'iiftype',
  'oiftype',
  'skuid',
  'skgid',
  'nftrace',
  'pkttype',
  'cpu',
  'iifgroup',
  'oifgroup',
  'cgroup',
  'random',
  'rtclassid',
]);
const FIB_FLAGS = new Set(['saddr', 'daddr', 'mark', 'iif', 'oif']);
const BINOPS: Readonly<Record<string, string>> = {
  '&': '&',
  '|': '|',
  '^': '^',
  '<<': '<<',
  '>>': '>>',
  and: '&',
  or: '|',
  xor: '^',
};
export const RELOPS = new Set(['==', '!=', '<', '>', '<=', '>=', 'eq', 'ne', 'lt', 'gt', 'le', 'ge']);

/** Words that start a statement: a value never takes them, an unknown statement stops before them. */
export const STATEMENT_WORDS = new Set([
  ...VERDICTS,
  'reject',
  'counter',
  'comment',
  'dnat',
  'snat',
  'masquerade',
  'redirect',
  'log',
  'limit',
  'notrack',
  'update',
  'xt',
  'quota',
  'meter',
  'vmap',
  'set',
  'map',
]);

const span = (r: Reader, a: number, b: number) => ({ start: r.start(a), end: r.end(Math.max(a, b - 1)) });

/** A selector at `r.i` (payload, meta, ct, fib, numgen), or null without moving. */
export function readSelector(r: Reader, end: number): NftExpr | null {
  const a = r.i;
  if (a >= end || r.kind(a) !== T_WORD) return null;
  const w = r.word(a);
  const next = a + 1 < end && r.kind(a + 1) === T_WORD ? r.word(a + 1) : '';
  let name: string | null = null;
  if (w === 'meta' && next !== '') {
    name = `meta ${next}`;
    r.i = a + 2;
  } else if (META_SHORT.has(w)) {
    name = `meta ${w}`;
    r.i = a + 1;
  } else if (w === 'ct' && next !== '') {
    let j = a + 1;
    const parts = ['ct'];
    if (r.is('original', j) || r.is('reply', j)) parts.push(r.word(j++));
    if ((r.is('ip', j) || r.is('ip6', j)) && j + 1 < end) parts.push(r.word(j++));
    if (j >= end || r.kind(j) !== T_WORD) return null;
    parts.push(r.word(j++));
    name = parts.join(' ');
    r.i = j;
  } else if (w === 'fib' && FIB_FLAGS.has(next)) {
    const flags = [next];
    let j = a + 2;
    while (j + 1 < end && r.is('.', j) && FIB_FLAGS.has(r.word(j + 1))) {
      flags.push(r.word(j + 1));
      j += 2;
    }
    if (j >= end || r.kind(j) !== T_WORD) return null;
    const result = r.word(j++);
    r.i = j;
    return { kind: 'fib', flags, result, span: span(r, a, j) };
  } else if (w === 'numgen' && (next === 'random' || next === 'inc') && r.is('mod', a + 2)) {
    const mod = Number(r.word(a + 3));
    let j = a + 4;
    let offset = 0;
    if (r.is('offset', j) && j + 1 < end) {
      offset = Number(r.word(j + 1));
      j += 2;
    }
    if (!Number.isInteger(mod) || mod <= 0 || !Number.isInteger(offset)) return null;
    r.i = j;
    return { kind: 'numgen', mode: next, mod, offset, span: span(r, a, j) };
  } else if (w === 'tcp' && next === 'option' && a + 2 < end && r.kind(a + 2) === T_WORD) {
    let j = a + 3;
    const parts = ['tcp option', r.word(a + 2)];
    if (/^(kind|length|size|count|left|right|value|tsval|tsecr|subtype)$/.test(r.word(j)))
      parts.push(r.word(j++));
    name = parts.join(' ');
    r.i = j;
  } else if (PROTOCOLS.has(w) && next !== '' && !STATEMENT_WORDS.has(next) && !RELOPS.has(next)) {
    name = `${w} ${next}`;
    r.i = a + 2;
  }
  if (name === null) return null;
  return { kind: 'field', name, span: span(r, a, r.i) };
}

/** An operand: a selector, or a value (literal, string, `{ … }`, `@set`). */
function readPrimary(
  r: Reader,
  end: number,
  depth: number,
  selectors: boolean,
  keywords = false,
): NftExpr | null {
  if (selectors) {
    const s = readSelector(r, end);
    if (s !== null) return s;
  }
  const a = r.i;
  if (a >= end) return null;
  const k = r.kind(a);
  if (k === T_LBRACE) {
    const elements = readElements(r, end, depth + 1);
    return { kind: 'set', elements, span: span(r, a, r.i) };
  }
  if (k === T_STRING) {
    r.i++;
    return { kind: 'value', text: r.value(a), span: span(r, a, a + 1) };
  }
  if (k !== T_WORD) return null;
  const w = r.word(a);
  if (
    (!keywords && STATEMENT_WORDS.has(w)) ||
    RELOPS.has(w) ||
    Object.hasOwn(BINOPS, w) ||
    w === '.' ||
    w === ':'
  )
    return null;
  r.i++;
  if (w.length > 1 && w.charCodeAt(0) === 64)
    return { kind: 'setref', name: w.slice(1), span: span(r, a, a + 1) };
  return { kind: 'value', text: w, span: span(r, a, a + 1) };
}

/**
 * A full expression: primaries joined by binary operators and `.` concatenation, and for values a
 * comma list (`established,related`); with `selectors`, also a trailing `map { … }` / `map @m`.
 * With `keywords`, statement words are values too (`ct status dnat`: there `dnat` is a flag).
 */
export function readExpr(
  r: Reader,
  end: number,
  depth: number,
  selectors: boolean,
  keywords = false,
): NftExpr | null {
  const a = r.i;
  const parts: NftExpr[] = [];
  for (;;) {
    let e = readPrimary(r, end, depth, selectors, keywords);
    if (e === null) break;
    while (r.i + 1 < end && Object.hasOwn(BINOPS, r.word())) {
      const save = r.i;
      const op = BINOPS[r.word()] as string;
      r.i++;
      const right = readPrimary(r, end, depth, true);
      if (right === null) {
        r.i = save;
        break;
      }
      e = { kind: 'binop', op, left: e, right, span: span(r, a, r.i) };
    }
    if (!selectors && r.kind() === T_COMMA && e.kind === 'value') {
      const items: NftExpr[] = [e];
      while (r.i + 1 < end && r.kind() === T_COMMA && r.kind(r.i + 1) === T_WORD) {
        r.i++;
        const item = readPrimary(r, end, depth, false, keywords);
        if (item === null) break;
        items.push(item);
      }
      e = { kind: 'list', items, span: span(r, a, r.i) };
    }
    parts.push(e);
    if (r.i + 1 < end && r.is('.')) r.i++;
    else break;
  }
  if (parts.length === 0) {
    r.i = a;
    return null;
  }
  let e: NftExpr =
    parts.length === 1 ? (parts[0] as NftExpr) : { kind: 'concat', parts, span: span(r, a, r.i) };
  if (selectors && r.is('map') && r.i + 1 < end) {
    r.i++;
    const map = readPrimary(r, end, depth, false);
    if (map !== null) e = { kind: 'map', key: e, map, span: span(r, a, r.i) };
  }
  return e;
}
