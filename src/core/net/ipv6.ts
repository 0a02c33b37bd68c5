import { parseIpv4 } from './ipv4';

/**
 * IPv6 text ↔ eight 16-bit groups: the one IPv6 reader and printer of the project (the tracer's
 * words, iptables' prefixes, IPVS and ipset addresses and redaction are all read here).
 */

/** 0–15 for a hex digit's char code, else -1. */
function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/**
 * The eight 16-bit groups of the IPv6 address in `s[start, end)`, or null. The text forms of
 * RFC 4291 §2.2 as inet_pton(3) reads them: groups of 1–4 hex digits (either case), at most one `::`
 * standing for at least one zero group, and optionally a dotted IPv4 address as the last 32 bits
 * (`::ffff:10.0.0.1`). No zone ids, brackets or prefix lengths: callers strip those.
 */
export function parseIpv6(s: string, start = 0, end = s.length): number[] | null {
  if (end - start < 2 || end - start > 45) return null;
  const out: number[] = [];
  let gap = -1;
  let i = start;
  if (s.charCodeAt(i) === 58) {
    // A leading colon only as `::`.
    if (s.charCodeAt(i + 1) !== 58) return null;
    gap = 0;
    i += 2;
  }
  while (i < end) {
    const first = i;
    let v = 0;
    for (let h = hexDigit(s.charCodeAt(i)); h >= 0 && i < end; h = hexDigit(s.charCodeAt(i))) {
      if (i - first === 4) return null;
      v = v * 16 + h;
      i++;
    }
    if (i < end && s.charCodeAt(i) === 46) {
      // The dotted IPv4 tail: the rest of the text, in place of two groups.
      const v4 = parseIpv4(s, first, end);
      if (v4 < 0 || out.length > 6) return null;
      out.push(v4 >>> 16, v4 & 0xffff);
      break;
    }
    if (i === first || out.length === 8) return null;
    out.push(v);
    if (i === end) break;
    if (s.charCodeAt(i) !== 58) return null;
    i++;
    if (s.charCodeAt(i) === 58 && i < end) {
      if (gap >= 0) return null;
      gap = out.length;
      i++;
    } else if (i === end) return null;
  }
  if (gap < 0) return out.length === 8 ? out : null;
  if (out.length > 7) return null;
  out.splice(gap, 0, ...new Array<number>(8 - out.length).fill(0));
  return out;
}

/** RFC 5952 text: lower case, no leading zeros, the longest run (≥ 2, first of equals) of zero groups as `::`. */
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

/** `groups` with all but the top `bits` bits cleared (a new array; `bits` clamped to 0…128). */
export function maskIpv6(groups: readonly number[], bits: number): number[] {
  return groups.map((g, k) => {
    const keep = Math.max(0, Math.min(16, bits - k * 16));
    return g & (keep === 0 ? 0 : (0xffff << (16 - keep)) & 0xffff);
  });
}
