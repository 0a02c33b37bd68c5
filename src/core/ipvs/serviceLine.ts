import type { Word } from '../text';
import { span } from '../text';
import type { IpvsSink } from './codes';
import { readCounter, readEndpointWord } from './endpoint';
import { KNOWN_SCHEDULERS } from './schedulers';
import type { IpvsCounters, IpvsListing, IpvsProtocol, Persistence, VirtualService } from './types';

/** The counter columns of `--stats` and `--rate` (ipvsadm.c, print_title). */
export const STATS_COLUMNS = ['conns', 'inPkts', 'outPkts', 'inBytes', 'outBytes'] as const;
export const RATE_COLUMNS = ['cps', 'inPps', 'outPps', 'inBps', 'outBps'] as const;

const PROTOCOLS: Readonly<Record<string, IpvsProtocol>> = { TCP: 'TCP', UDP: 'UDP', SCTP: 'SCTP' };

/** True when the first word opens a virtual service line (`TCP  10.96.0.1:443 rr`, `FWM  258 rr`). */
export function isServiceWord(word: string): boolean {
  return word === 'FWM' || Object.hasOwn(PROTOCOLS, word);
}

/**
 * One virtual service line, printed by ipvsadm.c print_service_entry as
 * `"%s  %s" proto addr:port` (or `FWM  %d`, `FWM  %d IPv6`) then ` %s` scheduler and the flags
 * ` (sched-flags)`, ` persistent %u`, ` mask …`, ` pe …`, ` ops` — or, for `--stats`/`--rate`,
 * five counters instead of scheduler and flags. Returns null (with a diagnostic) when unreadable.
 */
export function readServiceLine(
  words: readonly Word[],
  listing: IpvsListing,
  sink: IpvsSink,
): Omit<VirtualService, 'realServers'> | null {
  const head = words[0] as Word;
  const second = words[1];
  const lineSpan = span(head.start, (words[words.length - 1] as Word).end);
  if (second === undefined) {
    sink.add('ipvs/bad-address', `"${head.text}" is not followed by an address.`, lineSpan);
    return null;
  }
  let rest = 2;
  let protocol: IpvsProtocol | null = null;
  let endpoint: VirtualService['endpoint'] = null;
  let fwmark: number | null = null;
  let family: VirtualService['family'] = 'ipv4';
  let key: string;
  if (head.text === 'FWM') {
    fwmark = /^\d{1,10}$/.test(second.text) ? Number(second.text) : null;
    if (fwmark === null) {
      sink.add('ipvs/bad-number', `"${second.text}" is not a firewall mark.`, span(second.start, second.end));
      return null;
    }
    if (words[2]?.text === 'IPv6') {
      family = 'ipv6';
      rest = 3;
    }
    key = family === 'ipv6' ? `FWM ${fwmark} IPv6` : `FWM ${fwmark}`;
  } else {
    protocol = PROTOCOLS[head.text] as IpvsProtocol;
    const read = readEndpointWord(second, sink);
    if (read === null) return null;
    endpoint = read;
    family = endpoint.family;
    key = `${protocol} ${second.text}`;
  }
  const tail = words.slice(rest);
  if (listing === 'stats' || listing === 'rate') {
    const counters = readCounters(tail, listing === 'stats' ? STATS_COLUMNS : RATE_COLUMNS, sink);
    return base({ key, protocol, endpoint, fwmark, family, counters, span: lineSpan });
  }
  const sched = tail[0];
  if (sched === undefined)
    return base({ key, protocol, endpoint, fwmark, family, counters: null, span: lineSpan });
  if (!KNOWN_SCHEDULERS.has(sched.text))
    sink.add(
      'ipvs/unknown-scheduler',
      `"${sched.text}" is not one of the Linux kernel's IPVS schedulers; its choice of real server is not described.`,
      span(sched.start, sched.end),
    );
  const flags = readFlags(tail.slice(1), sink);
  return {
    ...base({ key, protocol, endpoint, fwmark, family, counters: null, span: lineSpan }),
    scheduler: sched.text,
    ...flags,
  };
}

type Base = Pick<VirtualService, 'key' | 'protocol' | 'endpoint' | 'fwmark' | 'family' | 'counters' | 'span'>;

function base(b: Base): Omit<VirtualService, 'realServers'> {
  return {
    ...b,
    scheduler: null,
    schedFlags: [],
    persistence: null,
    onePacket: false,
    persistenceEngine: null,
  };
}

type Flags = Pick<VirtualService, 'schedFlags' | 'persistence' | 'onePacket' | 'persistenceEngine'>;

function readFlags(words: readonly Word[], sink: IpvsSink): Flags {
  let schedFlags: string[] = [];
  let timeout: number | null = null;
  let mask: string | null = null;
  let onePacket = false;
  let persistenceEngine: string | null = null;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word;
    const next = words[i + 1];
    if (w.text.startsWith('(') && w.text.endsWith(')')) {
      schedFlags = w.text
        .slice(1, -1)
        .split(',')
        .filter((f) => f !== '');
    } else if (w.text === 'persistent' && next !== undefined && /^\d{1,10}$/.test(next.text)) {
      timeout = Number(next.text);
      i++;
    } else if (w.text === 'mask' && next !== undefined) {
      mask = next.text;
      i++;
    } else if (w.text === 'pe' && next !== undefined) {
      persistenceEngine = next.text;
      i++;
    } else if (w.text === 'ops') {
      onePacket = true;
    } else {
      sink.add(
        'ipvs/unknown-flag',
        `"${w.text}" is not a virtual service flag ipvsadm prints.`,
        span(w.start, w.end),
      );
    }
  }
  const persistence: Persistence | null = timeout === null ? null : { timeout, mask };
  return { schedFlags, persistence, onePacket, persistenceEngine };
}

/** Named counters from the words after the address; a word that is not a counter is reported. */
export function readCounters(words: readonly Word[], names: readonly string[], sink: IpvsSink): IpvsCounters {
  const counters: Record<string, number> = {};
  names.forEach((name, k) => {
    const w = words[k];
    if (w === undefined) return;
    const v = readCounter(w.text);
    if (v === null)
      sink.add('ipvs/bad-number', `"${w.text}" is not a counter (${name}).`, span(w.start, w.end));
    else counters[name] = v;
  });
  return counters;
}
