import type { Cidr } from '../ruleset';

/**
 * IPv4/IPv6 addresses as iptables reads them (xtables.c, xtables_ipparse_any /
 * xtables_ip6parse_any): `addr`, `addr/bits` or `addr/dotted-mask`; the address is masked with the
 * prefix (iptables stores `addr & mask`, so `1.2.3.4/24` means `1.2.3.0/24`). Char-code scanning.
 */

/** `a.b.c.d` in `s[start, end)` as an unsigned 32-bit number, or -1. */
export function parseIpv4(s: string, start: number, end: number): number {
  let value = 0;
  let octet = -1;
  let dots = 0;
  let digits = 0;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      octet = Math.max(octet, 0) * 10 + (c - 48);
      if (++digits > 3 || octet > 255) return -1;
    } else if (c === 46) {
      if (octet < 0 || ++dots > 3) return -1;
      value = value * 256 + octet;
      octet = -1;
      digits = 0;
    } else return -1;
  }
  if (dots !== 3 || octet < 0) return -1;
  return value * 256 + octet;
}

/** Prefix length of a contiguous 32-bit mask, or -1. */
function maskBits(mask: number): number {
  let bits = 0;
  while (bits < 32 && (mask & (0x80000000 >>> bits)) !== 0) bits++;
  const expect = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return expect === mask >>> 0 ? bits : -1;
}

/** A whole text `a.b.c.d` as an unsigned 32-bit number, or null. */
export function ipv4Value(text: string): number | null {
  const n = parseIpv4(text, 0, text.length);
  return n < 0 ? null : n;
}

/** A 32-bit number (signed or not) as a dotted quad. */
export function formatIpv4(n: number): string {
  return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

/** Eight 16-bit groups of an IPv6 address (with `::` and an embedded IPv4 tail), or null. */
export function parseIpv6(s: string): number[] | null {
  if (s.length === 0 || s.length > 45) return null;
  const dbl = s.indexOf('::');
  if (dbl !== -1 && s.indexOf('::', dbl + 1) !== -1) return null;
  const head = dbl === -1 ? s : s.slice(0, dbl);
  const tail = dbl === -1 ? '' : s.slice(dbl + 2);
  const a = groups(head);
  const b = groups(tail);
  if (a === null || b === null) return null;
  const fill = 8 - a.length - b.length;
  if (dbl === -1 ? fill !== 0 : fill < 1) return null;
  return [...a, ...new Array<number>(dbl === -1 ? 0 : fill).fill(0), ...b];
}

function groups(part: string): number[] | null {
  if (part === '') return [];
  const out: number[] = [];
  const pieces = part.split(':');
  for (let k = 0; k < pieces.length; k++) {
    const p = pieces[k] as string;
    if (k === pieces.length - 1 && p.indexOf('.') !== -1) {
      const v4 = parseIpv4(p, 0, p.length);
      if (v4 < 0) return null;
      out.push(v4 >>> 16, v4 & 0xffff);
      continue;
    }
    if (p.length === 0 || p.length > 4) return null;
    let v = 0;
    for (let i = 0; i < p.length; i++) {
      const h = hex(p.charCodeAt(i));
      if (h < 0) return null;
      v = v * 16 + h;
    }
    out.push(v);
  }
  return out;
}

function hex(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/** RFC 5952 text: lowercase, no leading zeros, the longest run (≥ 2) of zero groups as `::`. */
export function formatIpv6(g: readonly number[]): string {
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (g[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    if (j - i > bestLen) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hexes = g.map((v) => v.toString(16));
  if (best < 0) return hexes.join(':');
  return `${hexes.slice(0, best).join(':')}::${hexes.slice(best + bestLen).join(':')}`;
}

/**
 * Reads `addr[/bits|/mask]` as iptables does. Returns the canonical masked prefix, or null when
 * iptables would reject it (iptables(8): "-s address[/mask]").
 */
export function parseCidr(value: string): Cidr | null {
  const slash = value.indexOf('/');
  const addrEnd = slash === -1 ? value.length : slash;
  if (value.indexOf(':') === -1) {
    const ip = parseIpv4(value, 0, addrEnd);
    if (ip < 0) return null;
    let bits = 32;
    if (slash !== -1) {
      bits = readBits(value, slash + 1, 32);
      if (bits < 0) {
        const mask = parseIpv4(value, slash + 1, value.length);
        bits = mask < 0 ? -1 : maskBits(mask);
      }
      if (bits < 0) return null;
    }
    const masked = bits === 0 ? 0 : (ip & ((0xffffffff << (32 - bits)) >>> 0)) >>> 0;
    const address = masked === ip ? value.slice(0, addrEnd) : formatIpv4(masked);
    return { family: 'ipv4', address, bits };
  }
  const g = parseIpv6(value.slice(0, addrEnd));
  if (g === null) return null;
  const bits = slash === -1 ? 128 : readBits(value, slash + 1, 128);
  if (bits < 0) return null;
  for (let k = 0; k < 8; k++) {
    const keep = Math.max(0, Math.min(16, bits - k * 16));
    g[k] = (g[k] as number) & (keep === 0 ? 0 : (0xffff << (16 - keep)) & 0xffff);
  }
  return { family: 'ipv6', address: formatIpv6(g), bits };
}

/** Decimal prefix length in `s[start, end)` (default: to the end) not above `max`, or -1. */
function readBits(s: string, start: number, max: number, end = s.length): number {
  if (start >= end || end - start > 3) return -1;
  let v = 0;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
    v = v * 10 + (c - 48);
  }
  return v <= max ? v : -1;
}

/** True when `value` is an address iptables accepts; allocation-free for the usual IPv4 forms. */
export function isValidAddress(value: string): boolean {
  return isValidAddressIn(value, 0, value.length);
}

/** `isValidAddress` of `s[start, end)`, read in place. */
export function isValidAddressIn(s: string, start: number, end: number): boolean {
  let slash = -1;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === 58) return parseCidr(s.slice(start, end)) !== null;
    if (c === 47 && slash < 0) slash = i;
  }
  if (slash === -1) return parseIpv4(s, start, end) >= 0;
  if (parseIpv4(s, start, slash) < 0) return false;
  if (readBits(s, slash + 1, 32, end) >= 0) return true;
  // A dotted mask need not be contiguous for iptables (it stores the mask as given).
  return parseIpv4(s, slash + 1, end) >= 0;
}
