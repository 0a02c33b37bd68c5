/**
 * Address checks shared by the table and object readers. They are deliberately shape checks
 * (what kubectl can print), not full validation: an impossible address in a pasted table is
 * reported, and the reader moves on.
 */

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * Dotted quad, each part 0–255. Leading zeros are accepted (as decimal), as kube-proxy's
 * netutils.ParseIPSloppy reads legacy Services stored before validation rejected them.
 */
export function isIPv4(s: string): boolean {
  const m = s.length <= 15 ? IPV4.exec(s) : null;
  return (
    m !== null && Number(m[1]) <= 255 && Number(m[2]) <= 255 && Number(m[3]) <= 255 && Number(m[4]) <= 255
  );
}

/** Hex groups with colons, at most one `::`, optionally an embedded IPv4 tail. */
export function isIPv6(s: string): boolean {
  if (s.length < 2 || s.length > 45 || !s.includes(':') || !/^[0-9A-Fa-f:.]+$/.test(s)) return false;
  const doubles = s.split('::').length - 1;
  if (doubles > 1) return false;
  const groups = s.split(':').filter((g) => g !== '');
  const tail = groups[groups.length - 1] ?? '';
  const v4Tail = tail.includes('.');
  if (v4Tail && !isIPv4(tail)) return false;
  const hexGroups = v4Tail ? groups.slice(0, -1) : groups;
  if (!hexGroups.every((g) => /^[0-9A-Fa-f]{1,4}$/.test(g))) return false;
  const count = hexGroups.length + (v4Tail ? 2 : 0);
  return doubles === 1 ? count < 8 : count === 8;
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
  return s.length <= 253 && /^[A-Za-z0-9]([-A-Za-z0-9._]*[A-Za-z0-9])?$/.test(s);
}

/** 1–65535, as the API allows for ports and node ports. */
export function parsePortNumber(s: string): number | null {
  if (!/^\d{1,5}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= 65535 ? n : null;
}
