import type { Cidr } from './cidr';
import { parseIpv4 } from './ipv4';
import { parseIpv6 } from './ipv6';

/**
 * Addresses as numbers, so that a CIDR test is four `&` and `===` (the tracer runs millions of them in
 * `simulate`). IPv4 lives in `a`; IPv6 is four 32-bit words `a b c d` (network order).
 */
export interface Ip {
  readonly v6: boolean;
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
  /** As the user or the rule wrote it. */
  readonly text: string;
}

/** A compiled prefix: `(ip & mask) === net`, word by word. */
export interface IpPrefix {
  readonly v6: boolean;
  readonly na: number;
  readonly nb: number;
  readonly nc: number;
  readonly nd: number;
  readonly ma: number;
  readonly mb: number;
  readonly mc: number;
  readonly md: number;
  readonly full: boolean;
}

/** IPv4 as the signed 32-bit word the prefix tests compare. */
function parseV4(text: string): number | null {
  const n = parseIpv4(text);
  return n < 0 ? null : n | 0;
}

/** Parses an IPv4 or IPv6 address (no prefix). Returns `null` for anything else; never throws. */
export function parseIp(text: string): Ip | null {
  const t = text.trim();
  if (t.includes(':')) {
    const w = t.startsWith('[') && t.endsWith(']') ? parseIpv6(t, 1, t.length - 1) : parseIpv6(t);
    if (w === null) return null;
    const word = (i: number) => ((w[i] as number) << 16) | (w[i + 1] as number) | 0;
    return { v6: true, a: word(0), b: word(2), c: word(4), d: word(6), text: t };
  }
  const a = parseV4(t);
  return a === null ? null : { v6: false, a, b: 0, c: 0, d: 0, text: t };
}

function maskWord(bits: number, word: number): number {
  const k = Math.max(0, Math.min(32, bits - word * 32));
  return k === 0 ? 0 : k === 32 ? -1 : (-1 << (32 - k)) | 0;
}

/** Compiles a `Cidr` (or `addr[/len]`, `addr/dotted-mask` text); `null` when unparsable. */
export function compilePrefix(cidr: Cidr | string): IpPrefix | null {
  let address: string;
  let bits: number;
  if (typeof cidr === 'string') {
    const [addr = '', len] = cidr.split('/');
    address = addr;
    const ip0 = parseIp(addr);
    if (ip0 === null) return null;
    if (len === undefined) bits = ip0.v6 ? 128 : 32;
    else if (/^\d+$/.test(len)) bits = Number(len);
    else {
      // A dotted mask (`--mask 255.255.255.0`, conntrack `--ctorigdst a/255.255.0.0`).
      const m = parseIp(len);
      if (m === null || m.v6) return null;
      bits = 32 - Math.log2((~m.a >>> 0) + 1);
      if (!Number.isInteger(bits)) return null;
    }
  } else {
    address = cidr.address;
    bits = cidr.bits;
  }
  const ip = parseIp(address);
  if (ip === null) return null;
  const max = ip.v6 ? 128 : 32;
  const n = Math.max(0, Math.min(max, bits));
  const ma = maskWord(n, 0);
  const mb = ip.v6 ? maskWord(n, 1) : 0;
  const mc = ip.v6 ? maskWord(n, 2) : 0;
  const md = ip.v6 ? maskWord(n, 3) : 0;
  return {
    v6: ip.v6,
    na: ip.a & ma,
    nb: ip.b & mb,
    nc: ip.c & mc,
    nd: ip.d & md,
    ma,
    mb,
    mc,
    md,
    full: n === max,
  };
}

/** True when `ip` lies in `p` (a prefix of the other family never contains it). */
export function prefixContains(p: IpPrefix, ip: Ip): boolean {
  return (
    p.v6 === ip.v6 &&
    (ip.a & p.ma) === p.na &&
    (ip.b & p.mb) === p.nb &&
    (ip.c & p.mc) === p.nc &&
    (ip.d & p.md) === p.nd
  );
}

/** A compact key for exact-address maps (the KUBE-SERVICES index). */
export function ipKey(ip: Ip): string {
  return ip.v6 ? `${ip.a},${ip.b},${ip.c},${ip.d}` : String(ip.a);
}

/** Numeric order of two addresses of one family (for `iprange`). */
export function compareIp(x: Ip, y: Ip): number {
  for (const k of ['a', 'b', 'c', 'd'] as const) {
    const d = (x[k] >>> 0) - (y[k] >>> 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** `ip:port` or `[v6]:port` (just the address when the port is unknown), as Outcome.dnat shows it. */
export function formatEndpoint(ip: Ip, port: number | null): string {
  const host = ip.v6 ? `[${ip.text.replace(/^\[|\]$/g, '')}]` : ip.text;
  if (port === null) return ip.v6 ? host.slice(1, -1) : host;
  return `${host}:${port}`;
}

const LOOPBACK4 = compilePrefix('127.0.0.0/8') as IpPrefix;
const LOOPBACK6 = compilePrefix('::1/128') as IpPrefix;

/** Loopback addresses are always local (127.0.0.0/8 is routed to `lo` by the local table; `::1`). */
export function isLoopback(ip: Ip): boolean {
  return prefixContains(LOOPBACK4, ip) || prefixContains(LOOPBACK6, ip);
}
