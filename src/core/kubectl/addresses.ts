import { parseIpv4, parseIpv6 } from '../net';

/**
 * Address checks shared by the table and object readers. They are deliberately shape checks
 * (what kubectl can print), not full validation: an impossible address in a pasted table is
 * reported, and the reader moves on.
 */

/**
 * Dotted quad, each part 1–3 digits and 0–255. Leading zeros are accepted (as decimal), as
 * kube-proxy's netutils.ParseIPSloppy reads legacy Services stored before validation rejected them.
 */
export function isIPv4(s: string): boolean {
  return isIPv4At(s, 0, s.length);
}

/** `isIPv4(s.slice(from, to))` without the slice (tables check every address of 50 MB pastes). */
export function isIPv4At(s: string, from: number, to: number): boolean {
  return parseIpv4(s, from, to) >= 0;
}

/** Hex groups with colons, at most one `::`, optionally an embedded IPv4 tail (net's reader). */
export function isIPv6(s: string): boolean {
  return parseIpv6(s) !== null;
}

/** IPv4 or IPv6 (as `isIPv4` / `isIPv6`). */
export function isIP(s: string): boolean {
  return isIPv4(s) || isIPv6(s);
}

/** A DNS name as a LoadBalancer ingress hostname or an ExternalName target can be. */
export function isHostname(s: string): boolean {
  return s.length <= 253 && /^[A-Za-z0-9]([-A-Za-z0-9.]*[A-Za-z0-9])?\.?$/.test(s) && !isIPv4(s);
}

/** A Kubernetes object name or namespace (RFC 1123 subdomain, leniently upper-case too). */
export function isObjectName(s: string): boolean {
  return isObjectNameAt(s, 0, s.length);
}

function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** `isObjectName(s.slice(from, to))` without the slice: alphanumerics, inner `-._`, ≤ 253. */
export function isObjectNameAt(s: string, from: number, to: number): boolean {
  const n = to - from;
  if (n < 1 || n > 253 || !isAlnum(s.charCodeAt(from)) || !isAlnum(s.charCodeAt(to - 1))) return false;
  for (let i = from + 1; i < to - 1; i++) {
    const c = s.charCodeAt(i);
    if (!isAlnum(c) && c !== 45 && c !== 46 && c !== 95) return false;
  }
  return true;
}

/** 1–65535, as the API allows for ports and node ports. */
export function parsePortNumber(s: string): number | null {
  return parsePortAt(s, 0, s.length);
}

/** `parsePortNumber(s.slice(from, to))` without the slice: 1–5 ASCII digits, 1–65535. */
export function parsePortAt(s: string, from: number, to: number): number | null {
  if (to <= from || to - from > 5) return null;
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return null;
    n = n * 10 + (c - 48);
  }
  return n >= 1 && n <= 65535 ? n : null;
}
