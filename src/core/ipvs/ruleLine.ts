import type { Word } from '../text';
import { span } from '../text';
import type { IpvsSink } from './codes';
import { readCount, readEndpoint } from './endpoint';
import { KNOWN_SCHEDULERS } from './schedulers';
import type { ForwardMethod, IpvsProtocol, RealServer, VirtualService } from './types';

/**
 * One line of `ipvsadm -S -n` (ipvsadm-save) output, the rule format of ipvsadm.c
 * print_service_entry with FMT_RULE: `-A -t 10.96.0.1:443 -s rr -p 10800` for a service and
 * `-a -t 10.96.0.1:443 -r 192.168.1.1:6443 -m -w 1` for a real server (ipvsadm(8): -t TCP,
 * -u UDP, --sctp-service SCTP, -f firewall mark; -m masquerading, -g gatewaying = direct
 * routing, -i ipip = tunnel; -w weight; -p persistence timeout, -M netmask, -b sched-flags).
 */
export type RuleLine =
  | { readonly kind: 'service'; readonly service: Omit<VirtualService, 'realServers'> }
  | { readonly kind: 'server'; readonly key: string; readonly server: RealServer };

const PROTO: Readonly<Record<string, IpvsProtocol | 'FWM'>> = {
  '-t': 'TCP',
  '--tcp-service': 'TCP',
  '-u': 'UDP',
  '--udp-service': 'UDP',
  '--sctp-service': 'SCTP',
  '-f': 'FWM',
  '--fwmark-service': 'FWM',
};
const FORWARD: Readonly<Record<string, ForwardMethod>> = {
  '-m': 'Masq',
  '--masquerading': 'Masq',
  '-g': 'Route',
  '--gatewaying': 'Route',
  '-i': 'Tunnel',
  '--ipip': 'Tunnel',
};

export function isRuleLine(first: string): boolean {
  return first === '-A' || first === '-a' || first === '--add-service' || first === '--add-server';
}

export function readRuleLine(words: readonly Word[], sink: IpvsSink): RuleLine | null {
  const head = words[0] as Word;
  const lineSpan = span(head.start, (words[words.length - 1] as Word).end);
  const opts = new Map<string, Word>();
  const bare = new Set<string>();
  let proto: IpvsProtocol | 'FWM' | null = null;
  let target: Word | null = null;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] as Word;
    const next = words[i + 1];
    if (Object.hasOwn(PROTO, w.text) && next !== undefined) {
      proto = PROTO[w.text] as IpvsProtocol | 'FWM';
      target = next;
      i++;
    } else if (Object.hasOwn(FORWARD, w.text) || w.text === '-6' || w.text === '-o' || w.text === '--ops')
      bare.add(w.text);
    // `-p` without a timeout: ipvsadm(8) "The default timeout is 300 seconds".
    else if (
      (w.text === '-p' || w.text === '--persistent') &&
      (next === undefined || next.text.startsWith('-'))
    )
      bare.add('-p');
    else if (w.text.startsWith('-') && next !== undefined && !next.text.startsWith('-')) {
      opts.set(w.text, next);
      i++;
    } else
      sink.add(
        'ipvs/unknown-flag',
        `"${w.text}" is not an ipvsadm rule option this reader knows.`,
        span(w.start, w.end),
      );
  }
  if (proto === null || target === null) {
    sink.add('ipvs/bad-address', 'An ipvsadm rule without -t, -u, --sctp-service or -f.', lineSpan);
    return null;
  }
  let key: string;
  let base: Pick<VirtualService, 'key' | 'protocol' | 'endpoint' | 'fwmark' | 'family'>;
  if (proto === 'FWM') {
    const mark = readCount(target.text);
    if (mark === null) {
      sink.add('ipvs/bad-number', `"${target.text}" is not a firewall mark.`, span(target.start, target.end));
      return null;
    }
    const family = bare.has('-6') ? 'ipv6' : 'ipv4';
    key = family === 'ipv6' ? `FWM ${mark} IPv6` : `FWM ${mark}`;
    base = { key, protocol: null, endpoint: null, fwmark: mark, family };
  } else {
    const read = readEndpoint(target.text);
    if (!read.ok) {
      sink.add(
        read.problem === 'port' ? 'ipvs/bad-port' : 'ipvs/bad-address',
        read.message,
        span(target.start, target.end),
      );
      return null;
    }
    if (!read.numeric)
      sink.add(
        'ipvs/not-numeric',
        `"${target.text}" is a name: paste \`ipvsadm -S -n\`.`,
        span(target.start, target.end),
      );
    key = `${proto} ${target.text}`;
    base = { key, protocol: proto, endpoint: read.endpoint, fwmark: null, family: read.endpoint.family };
  }
  if (head.text === '-A' || head.text === '--add-service') {
    const sched = opts.get('-s') ?? opts.get('--scheduler');
    if (sched !== undefined && !KNOWN_SCHEDULERS.has(sched.text))
      sink.add(
        'ipvs/unknown-scheduler',
        `"${sched.text}" is not one of the Linux kernel's IPVS schedulers.`,
        span(sched.start, sched.end),
      );
    const p = opts.get('-p') ?? opts.get('--persistent');
    const mask = opts.get('-M') ?? opts.get('--netmask');
    const flags = opts.get('-b') ?? opts.get('--sched-flags');
    return {
      kind: 'service',
      service: {
        ...base,
        // ipvsadm -A without -s uses wlc (ipvsadm(8): "the default scheduling algorithm is wlc").
        scheduler: sched?.text ?? 'wlc',
        schedFlags: flags === undefined ? [] : flags.text.split(','),
        persistence:
          p === undefined && !bare.has('-p')
            ? null
            : { timeout: (p === undefined ? null : readCount(p.text)) ?? 300, mask: mask?.text ?? null },
        onePacket: bare.has('-o') || bare.has('--ops'),
        persistenceEngine: opts.get('--pe')?.text ?? null,
        counters: null,
        span: lineSpan,
      },
    };
  }
  const rs = opts.get('-r') ?? opts.get('--real-server');
  const rsRead = rs === undefined ? null : readEndpoint(rs.text);
  if (rs === undefined || rsRead === null || !rsRead.ok) {
    sink.add('ipvs/bad-address', 'An "-a" rule without a readable -r real server.', lineSpan);
    return null;
  }
  const fwd = [...bare].find((b) => Object.hasOwn(FORWARD, b));
  const w = opts.get('-w') ?? opts.get('--weight');
  return {
    kind: 'server',
    key,
    server: {
      ...rsRead.endpoint,
      // ipvsadm(8): -g (direct routing) is the default forwarding method.
      forward: fwd === undefined ? 'Route' : (FORWARD[fwd] as ForwardMethod),
      forwardText: fwd ?? null,
      weight: w === undefined ? 1 : readCount(w.text),
      activeConns: null,
      inactConns: null,
      persistConns: null,
      counters: null,
      span: lineSpan,
    },
  };
}
