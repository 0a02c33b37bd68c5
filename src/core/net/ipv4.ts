/**
 * IPv4 text ↔ numbers: the one dotted-quad reader and printer of the project. Char-code scanning,
 * allocation-free, on a range of a string so that readers can test a word in place.
 */

/**
 * `a.b.c.d` in `s[start, end)` as an unsigned 32-bit number, or -1. Four decimal parts of 1–3
 * digits, each ≤ 255; a leading zero is read as decimal (`010` is 10), as iptables' own
 * xtables_numeric_to_ipaddr and kube-proxy's netutils.ParseIPSloppy read them.
 */
export function parseIpv4(s: string, start = 0, end = s.length): number {
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

/** A whole text `a.b.c.d` as an unsigned 32-bit number, or null. */
export function ipv4Value(text: string): number | null {
  const n = parseIpv4(text, 0, text.length);
  return n < 0 ? null : n;
}

/** A 32-bit number (signed or not) as a dotted quad. */
export function formatIpv4(n: number): string {
  return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

/** The top `bits` bits of a 32-bit address as an unsigned mask (`bits` clamped to 0…32). */
export function maskIpv4(bits: number): number {
  return bits <= 0 ? 0 : bits >= 32 ? 0xffffffff : (0xffffffff << (32 - bits)) >>> 0;
}
