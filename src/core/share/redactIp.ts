import { ipv4Value } from '../iptables';

/**
 * Address text ↔ numbers for redaction: IPv4 as an unsigned 32-bit number, IPv6 as a 128-bit
 * bigint. Strict parsing (no leading `+`, no zone ids): only what iptables-save and kubectl print.
 */

/** Parses IPv6 text (RFC 4291 §2.2 forms, with `::` and an embedded IPv4 tail), or returns null. */
export function parseV6(text: string): bigint | null {
  if (text.length < 2 || text.length > 45 || !text.includes(':')) return null;
  let s = text;
  let tail: number[] = [];
  if (s.includes('.')) {
    const i = s.lastIndexOf(':');
    const v4 = ipv4Value(s.slice(i + 1));
    if (v4 === null) return null;
    tail = [v4 >>> 16, v4 & 0xffff];
    // Keep a `::` that ends right before the IPv4 part; drop a single separating `:`.
    const before = s.slice(0, i + 1);
    s = before.endsWith('::') ? before : before.slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = groups(halves[0] as string);
  const rest = halves.length === 2 ? groups(halves[1] as string) : [];
  if (head === null || rest === null) return null;
  const known = head.length + rest.length + tail.length;
  if (halves.length === 2 ? known > 7 : known !== 8) return null;
  const words = [...head, ...new Array(8 - known).fill(0), ...rest, ...tail];
  let v = 0n;
  for (const w of words) v = (v << 16n) | BigInt(w);
  return v;
}

function groups(part: string): number[] | null {
  if (part === '') return [];
  const out: number[] = [];
  for (const g of part.split(':')) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
    out.push(Number.parseInt(g, 16));
  }
  return out;
}

/** RFC 5952 text: lower case, leading zeros dropped, the longest run (≥ 2) of zero words as `::`. */
export function formatV6(v: bigint): string {
  const words: number[] = [];
  for (let i = 7; i >= 0; i--) words.push(Number((v >> BigInt(i * 16)) & 0xffffn));
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; ) {
    if (words[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > bestLen) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = words.map((w) => w.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

/** The top `bits` bits of a 32-bit address as a mask. */
export function maskV4(bits: number): number {
  return bits <= 0 ? 0 : bits >= 32 ? 0xffffffff : (0xffffffff << (32 - bits)) >>> 0;
}

const ALL128 = (1n << 128n) - 1n;

/** The top `bits` bits of a 128-bit address as a mask. */
export function maskV6(bits: number): bigint {
  if (bits <= 0) return 0n;
  if (bits >= 128) return ALL128;
  return (ALL128 << BigInt(128 - bits)) & ALL128;
}
