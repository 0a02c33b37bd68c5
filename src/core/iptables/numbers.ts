/**
 * Numeric values as iptables reads them: ports (xtables_parse_port / xtables_parse_multi_ports),
 * marks (`strtoul` with base 0: `0x…` hex, `0…` octal, else decimal, then `/mask`) and
 * probabilities (`strtod`, 0..1, libxt_statistic.c). Char-code scanning, no regex.
 */

/** Unsigned 32-bit number in `s[start, end)` with C base-0 rules, or -1. */
export function parseUint32(s: string, start: number, end: number): number {
  if (start >= end) return -1;
  let base = 10;
  let i = start;
  if (s.charCodeAt(i) === 48 && end - i > 1) {
    const x = s.charCodeAt(i + 1);
    if (x === 120 || x === 88) {
      base = 16;
      i += 2;
      if (i >= end) return -1;
    } else {
      base = 8;
      i += 1;
    }
  }
  let v = 0;
  for (; i < end; i++) {
    const c = s.charCodeAt(i);
    let d = -1;
    if (c >= 48 && c <= 57) d = c - 48;
    else if (c >= 97 && c <= 102) d = c - 87;
    else if (c >= 65 && c <= 70) d = c - 55;
    if (d < 0 || d >= base) return -1;
    v = v * base + d;
    if (v > 0xffffffff) return -1;
  }
  return v;
}

/** `value[/mask]` of `--mark`, `--set-xmark`, … → `[value, mask]` (mask defaults to 0xffffffff) or null. */
export function parseMarkMask(s: string): [number, number] | null {
  const slash = s.indexOf('/');
  const value = parseUint32(s, 0, slash === -1 ? s.length : slash);
  if (value < 0) return null;
  if (slash === -1) return [value, 0xffffffff];
  const mask = parseUint32(s, slash + 1, s.length);
  return mask < 0 ? null : [value, mask];
}

/** A decimal port 0..65535 in `s[start, end)`, or -1 (service names are not resolved here). */
export function parsePort(s: string, start: number, end: number): number {
  if (start >= end || end - start > 5) return -1;
  let v = 0;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
    v = v * 10 + (c - 48);
  }
  return v <= 65535 ? v : -1;
}

/** True for a service name such as `http` that iptables would resolve with getservbyname(3). */
function isServiceName(s: string, start: number, end: number): boolean {
  if (start >= end) return false;
  const first = s.charCodeAt(start) | 32;
  if (first < 97 || first > 122) return false;
  for (let i = start + 1; i < end; i++) {
    const c = s.charCodeAt(i);
    const l = c | 32;
    if (!((l >= 97 && l <= 122) || (c >= 48 && c <= 57) || c === 45 || c === 95)) return false;
  }
  return true;
}

/**
 * `from[:to]` (either side may be empty: `:1024`, `1024:`) within `s[start, end)` →
 * `[from, to]`, `null` when invalid, or `undefined` when it is a service name (valid, unknown number).
 */
export function parsePortRange(s: string, start = 0, end = s.length): [number, number] | null | undefined {
  let colon = -1;
  for (let i = start; i < end; i++) {
    if (s.charCodeAt(i) === 58) {
      colon = i;
      break;
    }
  }
  if (colon === -1) {
    const p = parsePort(s, start, end);
    if (p >= 0) return [p, p];
    return isServiceName(s, start, end) ? undefined : null;
  }
  const from = colon === start ? 0 : parsePort(s, start, colon);
  const to = colon === end - 1 ? 65535 : parsePort(s, colon + 1, end);
  if (from < 0 || to < 0 || from > to) {
    return isServiceName(s, start, colon) || isServiceName(s, colon + 1, end) ? undefined : null;
  }
  return [from, to];
}

/** Comma-separated ports/ranges of `-m multiport` (at most 15 entries, libxt_multiport.c). */
export function parsePortList(s: string): [number, number][] | null | undefined {
  const out: [number, number][] = [];
  let start = 0;
  let unknown = false;
  for (let i = 0; i <= s.length; i++) {
    if (i === s.length || s.charCodeAt(i) === 44) {
      const r = parsePortRange(s, start, i);
      if (r === null) return null;
      if (r === undefined) unknown = true;
      else out.push(r);
      start = i + 1;
    }
  }
  if (out.length > 15) return null;
  return unknown ? undefined : out;
}

/** `--probability` as strtod reads it, or NaN when it is not a number within 0..1. */
export function parseProbability(s: string): number {
  if (s.length === 0) return Number.NaN;
  const c = s.charCodeAt(0);
  if (!((c >= 48 && c <= 57) || c === 46 || c === 43 || c === 45)) return Number.NaN;
  const p = Number(s);
  return p >= 0 && p <= 1 ? p : Number.NaN;
}
