import { ipv4Value } from '../net';
import type { AddressBook } from './redactBook';
import { parseV6 } from './redactIp';

/**
 * Runs of characters an address (with its `:port`) can be made of, with a `.` or `:` within the
 * first five characters (an IPv4 octet has ≤ 3 digits, an IPv6 group ≤ 4): words without one are
 * skipped by the regex engine itself. The bounded head keeps the scan linear.
 */
const RUN = /[0-9A-Fa-f]{0,4}[.:][0-9A-Fa-f:.]*/g;
/** A dotted quad inside a run, not part of a longer dotted number (`1.2.3.4.5`, versions). */
const QUAD = /(?<![0-9A-Fa-f.])\d{1,3}(?:\.\d{1,3}){3}(?![0-9]|\.[0-9])/g;
const WORDISH = /[G-Zg-z_]/;

/**
 * Replaces every IPv4/IPv6 address and CIDR network in `text` through `book`, leaving everything
 * else byte for byte: netmasks (`/255.255.0.0`, `--mask 255.255.255.255`), mark values (hex),
 * counters (`[0:0]`), times (`10:42:31`), versions (`v1.8.9`), probabilities and chain names.
 * IPv6 is recognised only as a whole run that parses (`fd00::1`, `[2001:db8::1]:80`), so a MAC
 * address or `hh:mm:ss` never is. Never throws; linear in the text.
 */
export function replaceAddresses(text: string, book: AddressBook): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(RUN)) {
    const run = m[0];
    const start = m.index ?? 0;
    if (!run.includes('.') && !run.includes(':')) continue;
    // `v1.2.3.4`, `KUBE-…`: a run glued to a word is part of that word.
    const glued =
      /[0-9A-Fa-f]/.test(run[0] as string) && start > 0 && WORDISH.test(text[start - 1] as string);
    if (glued) continue;
    const replaced = replaceRun(text, run, start, book);
    for (const r of replaced) {
      if (r.start < last) continue;
      out += text.slice(last, r.start) + r.text;
      last = r.end;
    }
  }
  return last === 0 ? text : out + text.slice(last);
}

interface Replacement {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

function replaceRun(text: string, run: string, start: number, book: AddressBook): Replacement[] {
  if (run.includes(':') && run.length <= 48) {
    // Sentence punctuation after an address (`fd00::1.`) is not part of it.
    let v6 = run;
    while (v6.length > 2 && (v6.endsWith('.') || (v6.endsWith(':') && !v6.endsWith('::'))))
      v6 = v6.slice(0, -1);
    const after = text[start + v6.length] ?? '';
    if (parseV6(v6) !== null && !WORDISH.test(after)) return [replaceAddress(text, v6, start, book)];
  }
  const out: Replacement[] = [];
  for (const q of run.matchAll(QUAD)) {
    const at = start + (q.index ?? 0);
    if (ipv4Value(q[0]) === null) continue;
    // A netmask after `/` or `--mask` is not an address (iptables(8) address/mask forms; xt_recent --mask).
    if (text[at - 1] === '/' || text.slice(Math.max(0, at - 7), at) === '--mask ') continue;
    out.push(replaceAddress(text, q[0], at, book));
  }
  return out;
}

/** Maps one address at `at`, with its `/bits` or `/dotted-mask` suffix when there is one. */
function replaceAddress(text: string, address: string, at: number, book: AddressBook): Replacement {
  const end = at + address.length;
  const v6 = address.includes(':');
  const suffix = /^\/(\d{1,3})(?!\d|\.\d)/.exec(text.slice(end, end + 5));
  const bits = suffix ? Number(suffix[1]) : null;
  if (bits !== null && bits <= (v6 ? 128 : 32)) {
    const net = book.network(address, bits);
    if (net) return { start: at, end: end + (suffix?.[0].length ?? 0), text: `${net.address}/${net.bits}` };
  }
  const mask = v6 ? null : /^\/(\d{1,3}(?:\.\d{1,3}){3})/.exec(text.slice(end, end + 17));
  const maskBits = mask ? contiguousBits(mask[1] as string) : null;
  if (maskBits !== null) {
    // `10.0.0.0/255.0.0.0`: map the network, keep the mask text (it is skipped as a mask above).
    const net = book.network(address, maskBits);
    if (net && net.bits === maskBits) return { start: at, end, text: net.address };
  }
  return { start: at, end, text: book.host(address) ?? address };
}

function contiguousBits(mask: string): number | null {
  const n = ipv4Value(mask);
  if (n === null) return null;
  const inverted = ~n >>> 0;
  if ((inverted & (inverted + 1)) !== 0) return null;
  return 32 - Math.log2(inverted + 1);
}
