import { ipKey, parseIp } from '../net';

/**
 * The tracer's KUBE-SERVICES index (trace/indexChains.ts) read from the text instead of from
 * lowered rules, so that a trace to a ClusterIP parses only the rules that can match it.
 *
 * `textKey` recognises exactly the line shape iptables-save prints for kube-proxy's dispatch rules
 * and gives the key `indexKey` gives the lowered rule:
 *   `-A CHAIN [-d ADDR/32|/128 ]-p tcp|udp|sctp[ -m comment --comment C][ -m addrtype --dst-type LOCAL] -m P --dport N -j|-g TARGET …`
 * Everything it does not recognise gets no key (the rule is read and walked like any other):
 * a wrong "no key" costs time, a wrong key would change a trace — so the shape is narrow, and a
 * test checks the key against `indexKey` for every rule of every fixture.
 */

const PROTOS: Readonly<Record<string, number>> = { tcp: 6, udp: 17, sctp: 132 };

/** Header options (ip_packet_match) that, written after the port, the tracer tests before it. */
const HEADER_LONG = [
  '--source',
  '--src',
  '--destination',
  '--dst',
  '--in-interface',
  '--out-interface',
  '--protocol',
  '--fragment',
];

export interface TextKey {
  readonly exact: boolean;
  readonly key: string;
}

/** The index key of the rule line `text[start, end)` of chain `chain`, or null. */
export function textKey(
  text: string,
  start: number,
  end: number,
  chain: string,
  family: 'ipv4' | 'ipv6',
): TextKey | null {
  // Lines with counters (`[p:b] -A …`) get no key: rare in the dumps this index is for.
  if (!text.startsWith('-A ', start)) return null;
  let p = start + 3 + chain.length + 1;
  if (p >= end) return null;
  let dst: string | null = null;
  if (text.startsWith('-d ', p)) {
    if (family === 'ipv4') {
      // `a.b.c.d/32 `, read in place: ipKey of an IPv4 address is its 32-bit value (net/addr.ts).
      const at = plainIpv4At(text, p + 3, end);
      if (at === null) return null;
      dst = String(at.value | 0);
      p = at.next;
    } else {
      const sp = text.indexOf(' ', p + 3);
      if (sp === -1 || sp >= end) return null;
      const word = text.slice(p + 3, sp);
      if (!word.endsWith('/128')) return null;
      const ip = parseIp(word.slice(0, -4));
      if (ip === null || !ip.v6) return null;
      dst = ipKey(ip);
      p = sp + 1;
    }
  }
  if (!text.startsWith('-p ', p)) return null;
  const protoEnd = text.indexOf(' ', p + 3);
  if (protoEnd === -1 || protoEnd >= end) return null;
  const protoName = text.slice(p + 3, protoEnd);
  const proto = PROTOS[protoName];
  if (proto === undefined) return null;
  p = protoEnd + 1;
  if (text.startsWith('-m comment --comment ', p)) {
    p += 21;
    // A quoted comment without backslashes, or a bare word (searches stay inside the line).
    const quoted = text.charCodeAt(p) === 34;
    let q = quoted ? p + 1 : p;
    for (; q < end; q++) {
      const c = text.charCodeAt(q);
      if (c === 92) return null;
      if (quoted ? c === 34 : c === 32 || c === 34) break;
    }
    if (q >= end || (!quoted && text.charCodeAt(q) === 34)) return null;
    p = quoted ? q + 1 : q;
    if (text.charCodeAt(p) !== 32) return null;
    p++;
  }
  if (text.startsWith('-m addrtype --dst-type LOCAL ', p)) p += 29;
  const portOpt = `-m ${protoName} --dport `;
  if (!text.startsWith(portOpt, p)) return null;
  p += portOpt.length;
  let port = 0;
  const digits = p;
  while (p < end) {
    const c = text.charCodeAt(p);
    if (c < 48 || c > 57) break;
    port = port * 10 + (c - 48);
    p++;
  }
  if (p === digits || p - digits > 5 || port > 65535 || text.charCodeAt(p) !== 32) return null;
  if (p - digits > 1 && text.charCodeAt(digits) === 48) return null;
  p++;
  if (!(text.startsWith('-j ', p) || text.startsWith('-g ', p))) return null;
  if (!restIsTargetOnly(text, p + 3, end)) return null;
  return dst === null
    ? { exact: false, key: `${proto}|${port}` }
    : { exact: true, key: `${dst}|${proto}|${port}` };
}

/**
 * `a.b.c.d/32 ` at `p` (each part 0–255 without leading zeros, as iptables-save prints it): its
 * value and the offset after the space, or null.
 */
function plainIpv4At(text: string, p: number, end: number): { value: number; next: number } | null {
  let value = 0;
  let i = p;
  for (let part = 0; part < 4; part++) {
    const from = i;
    let n = 0;
    while (i < end && i - from < 3) {
      const c = text.charCodeAt(i);
      if (c < 48 || c > 57) break;
      n = n * 10 + (c - 48);
      i++;
    }
    if (i === from || n > 255 || (i - from > 1 && text.charCodeAt(from) === 48)) return null;
    value = value * 256 + n;
    if (part < 3) {
      if (text.charCodeAt(i) !== 46) return null;
      i++;
    }
  }
  if (!text.startsWith('/32 ', i) || i + 4 > end) return null;
  return { value, next: i + 4 };
}

/**
 * After `-j`: the target's name, then only long options and their values — no quote, backslash or
 * `!`, and no header option (the tracer tests `-s -d -i -o -p -f` before any extension).
 */
function restIsTargetOnly(text: string, from: number, end: number): boolean {
  if (from >= end || text.charCodeAt(from) === 45) return false;
  let wordStart = true;
  for (let i = from; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 92) return false;
    if (c === 32) {
      if (wordStart) return false; // two spaces
      wordStart = true;
      continue;
    }
    if (wordStart) {
      wordStart = false;
      if (c === 33) return false;
      if (c === 45) {
        if (text.charCodeAt(i + 1) !== 45) return false;
        for (const h of HEADER_LONG) if (text.startsWith(h, i)) return false;
      }
    }
  }
  return !wordStart;
}
