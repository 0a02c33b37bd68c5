import { span } from '../text';
import type { IpsetSink } from './codes';
import { readElement } from './element';
import type { Dimension, Element, IpsetMember, SetFamily } from './types';

/** A word of a member or header line; `"…"` (ipset's comment) is one word, quotes removed. */
export interface Token {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly quoted: boolean;
}

/** Tokens of `text[start, end)`: blank-separated words, `"…"` kept whole (ipset forbids `"` inside). */
export function tokens(text: string, start: number, end: number): Token[] {
  const out: Token[] = [];
  let i = start;
  while (i < end) {
    while (i < end && (text[i] === ' ' || text[i] === '\t')) i++;
    if (i >= end) break;
    const s = i;
    if (text[i] === '"') {
      const close = text.indexOf('"', i + 1);
      const e = close === -1 || close >= end ? end : close + 1;
      out.push({
        text: text.slice(s + 1, close === -1 || close >= end ? end : close),
        start: s,
        end: e,
        quoted: true,
      });
      i = e;
      continue;
    }
    while (i < end && text[i] !== ' ' && text[i] !== '\t') i++;
    out.push({ text: text.slice(s, i), start: s, end: i, quoted: false });
  }
  return out;
}

/** Member options ipset prints after the member (ipset(8), "ADD" options and counters). */
const VALUED = new Set(['timeout', 'packets', 'bytes', 'comment', 'skbmark', 'skbprio', 'skbqueue']);

/**
 * One member: `10.96.0.10,udp:53 comment "kube-system/kube-dns:dns"`, `30080`,
 * `203.0.113.10,tcp:80,10.244.0.0/16 timeout 119`, `192.168.0.0/24 nomatch`. Null (with a
 * diagnostic) when the member does not fit the set's dimensions.
 */
export function readMember(
  toks: readonly Token[],
  dims: readonly Dimension[] | null,
  family: SetFamily | null,
  setType: string,
  sink: IpsetSink,
): IpsetMember | null {
  const head = toks[0];
  if (head === undefined) return null;
  const last = toks[toks.length - 1] as Token;
  const at = span(head.start, last.end);
  let elements: Element[] = [];
  if (dims !== null) {
    const parts = splitMember(head.text, dims.length);
    if (parts.length !== dims.length) {
      sink.add(
        'ipset/bad-member',
        `"${head.text}" does not have the ${dims.length} part(s) of a ${setType} member.`,
        at,
      );
      return null;
    }
    for (let k = 0; k < dims.length; k++) {
      const r = readElement(dims[k] as Dimension, parts[k] as string, family, setType);
      if (!r.ok) {
        sink.add('ipset/bad-member', `${r.why} in member "${head.text}" of ${setType}.`, at);
        return null;
      }
      elements.push(r.element);
    }
  } else elements = [];
  let comment: string | null = null;
  let timeout: number | null = null;
  let nomatch = false;
  for (let i = 1; i < toks.length; i++) {
    const t = toks[i] as Token;
    const v = toks[i + 1];
    if (t.text === 'nomatch') nomatch = true;
    else if (VALUED.has(t.text) && v !== undefined) {
      if (t.text === 'comment') comment = v.text;
      if (t.text === 'timeout' && /^\d+$/.test(v.text)) timeout = Number(v.text);
      i++;
    } else
      sink.add(
        'ipset/unknown-option',
        `"${t.text}" is not a member option ipset prints.`,
        span(t.start, t.end),
      );
  }
  return { text: head.text, elements, comment, timeout, nomatch, span: at };
}

/**
 * Splits `a,b,c` into `n` parts. A `hash:net,iface` member may carry a comma-free interface, and
 * an IPv6 address never holds a comma, so a plain split is right; extra commas fail the count.
 */
function splitMember(text: string, n: number): string[] {
  const parts = text.split(',');
  return parts.length === n ? parts : parts.length > n ? [] : parts;
}
