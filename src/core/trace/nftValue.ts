import { compareIp, compilePrefix, type Ip, ipKey, parseIp, prefixContains } from '../net';
import type { NftOperand } from '../ruleset';
import { addressType } from './addressType';
import { protoNumber } from './protoNumbers';
import type { Walk, WalkContext } from './walk';

/*
 * What an nftables operand reads from the walk, and how a literal of the rule or of a set element is
 * compared with it. Values: an address (Ip), a number, or a string (interface names, fib types).
 * `null`: the expression does not apply to this packet (nft_payload on a header the packet lacks
 * breaks the rule: NFT_BREAK), so the comparison fails.
 */

export type Value = Ip | number | string | null;

/** How a literal is read: as written against an address, a protocol, a number or a name. */
export type PartKind = 'ip' | 'proto' | 'num' | 'str';

const PORTED = new Set([6, 17, 132, 136]);
const L4 = { tcp: 6, udp: 17, sctp: 132, udplite: 136 } as const;

/** The kind of value an operand yields (decides how literals beside it are read). */
export function partKind(o: NftOperand): PartKind {
  if (o.kind === 'numgen' || o.kind === 'binop') return 'num';
  if (o.kind === 'fib' || o.kind === 'literal' || o.kind === 'concat') return 'str';
  const n = o.name;
  if (/ (saddr|daddr)$/.test(n)) return 'ip';
  if (n === 'meta l4proto' || n === 'ip protocol' || n === 'ip6 nexthdr') return 'proto';
  if (/(iifname|oifname|iif|oif)$/.test(n)) return 'str';
  if (n === 'ct state' || n === 'ct status') return 'str';
  return 'num';
}

/** The parts of a (possibly concatenated) operand. */
export const partsOf = (o: NftOperand): readonly NftOperand[] => (o.kind === 'concat' ? o.parts : [o]);

function num(text: string): number | null {
  const t = text.trim();
  if (/^0x[0-9a-f]+$/i.test(t)) return Number.parseInt(t, 16);
  if (/^\d+$/.test(t)) return Number(t);
  return null;
}

/** A literal as the value it stands for (exact), or a test (prefixes, ranges, wildcards). */
export type Literal = { readonly exact: string } | { readonly test: (v: Value) => boolean };

/** The map key of an exact value. */
export function valueKey(v: Value): string | null {
  if (v === null) return null;
  if (typeof v === 'number') return `#${v >>> 0}`;
  if (typeof v === 'string') return `s${v}`;
  return `@${ipKey(v)}`;
}

const unquote = (t: string) => (t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t);

/** Reads one literal as `kind`; null when it cannot be read (the element never matches). */
export function readLiteral(text: string, kind: PartKind): Literal | null {
  const t = unquote(text.trim());
  if (kind === 'ip') {
    if (t.includes('/')) {
      const p = compilePrefix(t);
      return p === null ? null : { test: (v) => typeof v === 'object' && v !== null && prefixContains(p, v) };
    }
    const dash = t.indexOf('-');
    if (dash > 0) {
      const lo = parseIp(t.slice(0, dash));
      const hi = parseIp(t.slice(dash + 1));
      if (lo === null || hi === null) return null;
      return {
        test: (v) =>
          typeof v === 'object' &&
          v !== null &&
          v.v6 === lo.v6 &&
          compareIp(v, lo) >= 0 &&
          compareIp(v, hi) <= 0,
      };
    }
    const ip = parseIp(t);
    return ip === null ? null : { exact: `@${ipKey(ip)}` };
  }
  if (kind === 'str') {
    if (t.endsWith('*')) {
      const prefix = t.slice(0, -1);
      return { test: (v) => typeof v === 'string' && v.startsWith(prefix) };
    }
    return { exact: `s${t}` };
  }
  const range = /^(\S+?)-(\S+)$/.exec(t);
  if (range !== null && kind === 'num') {
    const lo = num(range[1] as string);
    const hi = num(range[2] as string);
    if (lo === null || hi === null) return null;
    return { test: (v) => typeof v === 'number' && v >= lo && v <= hi };
  }
  const n = kind === 'proto' ? protoNumber(t) : num(t);
  return n === null ? null : { exact: `#${n >>> 0}` };
}

function portOf(w: Walk, name: string, line: number | null): Value {
  const proto = name.split(' ')[0] as string;
  const want = proto === 'th' ? null : (L4[proto as keyof typeof L4] ?? -1);
  if (want !== null ? w.proto !== want : !PORTED.has(w.proto)) return null;
  if (name.endsWith('sport')) {
    if (w.sport < 0) {
      w.assume('trace/assumed-sport', 'Source port unknown: an ephemeral port (40000) is assumed.', line);
      return 40000;
    }
    return w.sport;
  }
  return w.dport;
}

function ifaceOf(w: Walk, ctx: WalkContext, out: boolean, line: number | null): string {
  const name = out ? w.hookOut : w.hookIn;
  if (name !== '' && name !== 'lo' && !(out ? ctx.userOutIface : ctx.userInIface)) {
    w.assume(
      out ? 'trace/assumed-out-iface' : 'trace/assumed-in-iface',
      `The ${out ? 'output' : 'input'} interface is assumed to be "${name}".`,
      line,
    );
  }
  return name;
}

function fieldOf(w: Walk, ctx: WalkContext, name: string, line: number | null): Value {
  switch (name) {
    case 'ip saddr':
      return w.src.v6 ? null : w.src;
    case 'ip daddr':
      return w.dst.v6 ? null : w.dst;
    case 'ip6 saddr':
      return w.src.v6 ? w.src : null;
    case 'ip6 daddr':
      return w.dst.v6 ? w.dst : null;
    case 'meta l4proto':
    case 'ip protocol':
    case 'ip6 nexthdr':
      return w.proto;
    case 'meta mark':
      return w.mark >>> 0;
    case 'meta iifname':
    case 'meta iif':
      return ifaceOf(w, ctx, false, line);
    case 'meta oifname':
    case 'meta oif':
      return ifaceOf(w, ctx, true, line);
    case 'ct mark':
      w.assume('trace/nft-ct-mark', 'The connection mark (ct mark) is taken as 0.', line);
      return 0;
    default:
      if (/^(th|tcp|udp|sctp|udplite) [sd]port$/.test(name)) return portOf(w, name, line);
      w.assume(
        'trace/nft-unknown-selector',
        `"${name}" is not modelled: the comparison is taken as not holding.`,
        line,
      );
      return null;
  }
}

function binop(op: string, a: number, b: number): number {
  switch (op) {
    case '&':
      return (a & b) >>> 0;
    case '|':
      return (a | b) >>> 0;
    case '^':
      return (a ^ b) >>> 0;
    case '<<':
      return (a << b) >>> 0;
    case '>>':
      return a >>> b;
    default:
      return a;
  }
}

/** The value of a single (not concatenated) operand for this walk. */
export function evalOperand(o: NftOperand, w: Walk, ctx: WalkContext, line: number | null): Value {
  switch (o.kind) {
    case 'field':
      return fieldOf(w, ctx, o.name, line);
    case 'numgen':
      return w.pick < 0 ? null : w.pick + o.offset;
    case 'fib': {
      // nft_fib_eval type: the routing type of the address (RTN_LOCAL, RTN_UNICAST, …), as
      // inet_dev_addr_type answers it; the same question `-m addrtype` asks.
      const side = o.flags.includes('daddr') ? w.dst : w.src;
      if (o.result !== 'type') return null;
      return addressType(side, ctx).type.toLowerCase();
    }
    case 'binop': {
      const left = evalOperand(o.left, w, ctx, line);
      const right = num(o.right);
      return typeof left === 'number' && right !== null ? binop(o.op, left, right) : null;
    }
    case 'literal':
      return num(o.text) ?? o.text;
    case 'concat':
      return null;
  }
}
