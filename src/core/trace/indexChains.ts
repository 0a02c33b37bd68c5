import { compilePrefix, type Ip, ipKey, parseIp } from '../net';
import type { Match } from '../ruleset';
import type { CRule, Segment } from './compiled';
import { protoNumber } from './protoNumbers';

/** Runs shorter than this are walked linearly (a Map lookup does not pay for itself). */
export const MIN_SEGMENT = 8;

/** Matches that, evaluated before the key's port match, can fail without leaving a trace. */
function silent(m: Match): boolean {
  switch (m.kind) {
    case 'addr':
    case 'proto':
    case 'comment':
    case 'mark':
    case 'state':
    case 'fragment':
      return true;
    case 'conntrack':
      return m.conditions.every((c) => c.option.replace(/^-+/, '') === 'ctstate');
    case 'addrtype':
      return (
        !m.limitIfaceIn &&
        !m.limitIfaceOut &&
        [m.src, m.dst].every(
          (s) =>
            s === null || s.types.every((t) => ['LOCAL', 'UNICAST', 'MULTICAST'].includes(t.toUpperCase())),
        )
      );
    default:
      return false;
  }
}

const HEADER = new Set<Match['kind']>(['addr', 'proto', 'iface', 'fragment']);

/**
 * A rule's index key: its non-negated `-p tcp|udp|sctp` with a single `--dport N`, plus its exact
 * `-d ip` when it has one — kube-proxy's KUBE-SERVICES, KUBE-NODEPORTS, KUBE-EXTERNAL-SERVICES shapes.
 * Such a rule can only match packets with that key, and when it does not, every match the kernel
 * evaluates before the port test is side-effect and assumption free (`silent`), so skipping it changes
 * nothing: the walk still evaluates, in order, every rule that could match. Other rules get no key.
 */
export function indexKey(rule: CRule): { exact: boolean; key: string } | null {
  const r = rule.rule;
  if (r === null) return null;
  const ordered = [
    ...r.matches.filter((m) => HEADER.has(m.kind)),
    ...r.matches.filter((m) => !HEADER.has(m.kind)),
  ];
  let dst: Ip | null = null;
  let proto: number | null = null;
  let port: number | null = null;
  for (const m of ordered) {
    if (m.kind === 'addr' && m.dir === 'dst' && !m.negated && dst === null) {
      const p = compilePrefix(m.cidr);
      if (p?.full) dst = parseIp(m.cidr.address);
    } else if (m.kind === 'proto' && !m.negated && proto === null) {
      proto = protoNumber(m.proto);
    } else if (m.kind === 'port' && m.dir === 'dst' && !m.negated && m.range.from === m.range.to) {
      if (proto === null || protoNumber(m.module) !== proto || ![6, 17, 132].includes(proto)) return null;
      port = m.range.from;
      break;
    }
    if (!silent(m)) return null;
  }
  if (proto === null || port === null) return null;
  return dst === null
    ? { exact: false, key: `${proto}|${port}` }
    : { exact: true, key: `${ipKey(dst)}|${proto}|${port}` };
}

function push(map: Map<string, number[]>, key: string, index: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [index]);
  else list.push(index);
}

/**
 * Finds runs of indexable rules and indexes each; `result[start]` holds the run starting there.
 * Null when there is none; otherwise a dense array (holes would send every read to the slow path).
 */
export function buildSegments(rules: readonly CRule[]): (Segment | undefined)[] | null {
  if (rules.length < MIN_SEGMENT) return null;
  return segmentsOfKeys(rules.map(indexKey));
}

/** An index key as `indexKey` gives it (null: the rule has none). */
export type IndexKey = { readonly exact: boolean; readonly key: string } | null;

/**
 * `buildSegments` from the rules' keys alone (`keys[i]` is rule i's `indexKey`): a lazy reader
 * (core/lazy) gives them from the text, before the rules are read.
 */
export function segmentsOfKeys(keys: readonly IndexKey[]): (Segment | undefined)[] | null {
  const n = keys.length;
  if (n < MIN_SEGMENT) return null;
  const out: (Segment | undefined)[] = Array.from({ length: n }, () => undefined);
  let any = false;
  let i = 0;
  while (i < n) {
    if (keys[i] == null) {
      i++;
      continue;
    }
    let end = i;
    while (end < n && keys[end] != null) end++;
    if (end - i >= MIN_SEGMENT) {
      const exact = new Map<string, number[]>();
      const wild = new Map<string, number[]>();
      for (let k = i; k < end; k++) {
        const key = keys[k] as { exact: boolean; key: string };
        push(key.exact ? exact : wild, key.key, k);
      }
      out[i] = { end, exact, wild };
      any = true;
    }
    i = end;
  }
  return any ? out : null;
}

/** The rule indices of a segment that can match the packet, in chain order. */
export function segmentCandidates(seg: Segment, dst: Ip, proto: number, dport: number): readonly number[] {
  const tail = `${proto}|${dport}`;
  const a = seg.exact.size > 0 ? seg.exact.get(`${ipKey(dst)}|${tail}`) : undefined;
  const b = seg.wild.size > 0 ? seg.wild.get(tail) : undefined;
  if (b === undefined) return a ?? EMPTY;
  if (a === undefined) return b;
  return [...a, ...b].sort((x, y) => x - y);
}

const EMPTY: readonly number[] = [];
