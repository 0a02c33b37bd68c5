import { span } from '../text';
import type { IpsetSink } from './codes';
import type { Token } from './memberLine';
import type { IpsetHeader } from './types';

/** Header words ipset prints (ipset(8) CREATE options and the kernel's extra fields). */
const VALUED = new Set([
  'family',
  'hashsize',
  'maxelem',
  'timeout',
  'range',
  'netmask',
  'markmask',
  'bucketsize',
  'initval',
  'size',
  'bitmask',
]);
const FLAGS = new Set(['comment', 'counters', 'skbinfo', 'forceadd']);

/** `family inet hashsize 1024 maxelem 65536 comment bucketsize 12 initval 0x47cb33f0`, `range 0-65535`. */
export function readHeader(toks: readonly Token[], sink: IpsetSink): IpsetHeader {
  let family: IpsetHeader['family'] = null;
  let hashsize: number | null = null;
  let maxelem: number | null = null;
  let timeout: number | null = null;
  let range: string | null = null;
  let comment = false;
  let counters = false;
  const other: string[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i] as Token;
    const v = toks[i + 1];
    if (VALUED.has(t.text) && v !== undefined) {
      i++;
      const n = /^\d+$/.test(v.text) ? Number(v.text) : null;
      if (t.text === 'family' && (v.text === 'inet' || v.text === 'inet6')) family = v.text;
      else if (t.text === 'hashsize') hashsize = n;
      else if (t.text === 'maxelem') maxelem = n;
      else if (t.text === 'timeout') timeout = n;
      else if (t.text === 'range') range = v.text;
      else other.push(`${t.text} ${v.text}`);
    } else if (FLAGS.has(t.text)) {
      if (t.text === 'comment') comment = true;
      else if (t.text === 'counters') counters = true;
      else other.push(t.text);
    } else {
      other.push(t.text);
      sink.add('ipset/unknown-option', `"${t.text}" is not a set option ipset prints.`, span(t.start, t.end));
    }
  }
  return { family, hashsize, maxelem, timeout, comment, counters, range, other };
}

/** The header a set has when none was pasted. */
export const NO_HEADER: IpsetHeader = {
  family: null,
  hashsize: null,
  maxelem: null,
  timeout: null,
  comment: false,
  counters: false,
  range: null,
  other: [],
};
