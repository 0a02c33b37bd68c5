import { type Cidr, formatIpv4, formatIpv6, maskIpv4, maskIpv6, parseIpv4, parseIpv6 } from '../net';

/**
 * Addresses as iptables reads them (xtables.c, xtables_ipparse_any / xtables_ip6parse_any):
 * `addr`, `addr/bits` or `addr/dotted-mask`; the address is masked with the prefix (iptables
 * stores `addr & mask`, so `1.2.3.4/24` means `1.2.3.0/24`). The addresses themselves are read by
 * net/ (the project's one IPv4/IPv6 reader); the `/bits` and dotted-mask rules are iptables' own.
 */

/** Prefix length of a contiguous 32-bit mask, or -1. */
function maskBits(mask: number): number {
  let bits = 0;
  while (bits < 32 && (mask & (0x80000000 >>> bits)) !== 0) bits++;
  return maskIpv4(bits) === mask >>> 0 ? bits : -1;
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
    const masked = (ip & maskIpv4(bits)) >>> 0;
    const address = masked === ip ? value.slice(0, addrEnd) : formatIpv4(masked);
    return { family: 'ipv4', address, bits };
  }
  const g = parseIpv6(value, 0, addrEnd);
  if (g === null) return null;
  const bits = slash === -1 ? 128 : readBits(value, slash + 1, 128);
  if (bits < 0) return null;
  return { family: 'ipv6', address: formatIpv6(maskIpv6(g, bits)), bits };
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

/** True when `s[start, end)` is an address iptables accepts; read in place, allocation-free for IPv4. */
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
