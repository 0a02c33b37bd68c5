import { formatIpv6, maskIpv4, parseIpv6 } from '../net';

/**
 * Address numbers for redaction: IPv4 as an unsigned 32-bit number (net's `ipv4Value`), IPv6 as a
 * 128-bit bigint, so that a prefix is one `&`. The text itself is read and printed by net/: strict
 * forms only (no leading `+`, no zone ids), what iptables-save and kubectl print.
 */

/** IPv6 text (RFC 4291 §2.2 forms, with `::` and an embedded IPv4 tail) as a 128-bit number, or null. */
export function parseV6(text: string): bigint | null {
  const groups = parseIpv6(text);
  if (groups === null) return null;
  let v = 0n;
  for (const g of groups) v = (v << 16n) | BigInt(g);
  return v;
}

/** RFC 5952 text of a 128-bit number (net's `formatIpv6`). */
export function formatV6(v: bigint): string {
  const groups: number[] = [];
  for (let i = 7; i >= 0; i--) groups.push(Number((v >> BigInt(i * 16)) & 0xffffn));
  return formatIpv6(groups);
}

/** The top `bits` bits of a 32-bit address as a mask. */
export const maskV4 = maskIpv4;

const ALL128 = (1n << 128n) - 1n;

/** The top `bits` bits of a 128-bit address as a mask. */
export function maskV6(bits: number): bigint {
  if (bits <= 0) return 0n;
  if (bits >= 128) return ALL128;
  return (ALL128 << BigInt(128 - bits)) & ALL128;
}
