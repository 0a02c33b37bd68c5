import { formatCidr, formatIpv4, ipv4Value, maskIpv4 } from '../core/net';

/** Small IPv4 helpers for the generator's CIDR tests (addresses are read and printed by core/net). */

/** `{ base, bits }` of `a.b.c.d/n` (a bare address is /32); `null` when malformed. */
function parseCidr(cidr: string): { base: number; bits: number } | null {
  const [addr = '', bitsText] = cidr.split('/');
  const ip = ipv4Value(addr);
  const bits = bitsText === undefined ? 32 : Number(bitsText);
  if (ip === null || !Number.isInteger(bits) || bits < 0 || bits > 32) return null;
  return { base: (ip & maskIpv4(bits)) >>> 0, bits };
}

/** True when `ip` lies inside `cidr` (both IPv4); false for anything malformed. */
export function cidrContains(cidr: string, ip: string): boolean {
  const c = parseCidr(cidr);
  const a = ipv4Value(ip);
  if (c === null || a === null) return false;
  return (a & maskIpv4(c.bits)) >>> 0 === c.base;
}

/**
 * A CIDR as iptables-save prints it: the address masked to its prefix and always with `/n`
 * (a bare address is `/32`), e.g. `10.180.0.5` → `10.180.0.5/32`. Unparseable text is returned as is.
 */
export function canonicalCidr(cidr: string): string {
  const c = parseCidr(cidr);
  return c === null ? cidr : formatCidr({ family: 'ipv4', address: formatIpv4(c.base), bits: c.bits });
}
