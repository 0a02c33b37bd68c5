import { type Ip, ipKey, isLoopback, parseIp } from '../net';
import type { Diagnostic } from '../text';
import { diagnostic, span } from '../text';
import { ROUTES } from './hooks';
import type { Packet, TraceEnv } from './types';
import { Walk, type WalkContext } from './walk';

/** Default interfaces when the user did not name them (recorded as assumptions when a rule tests them). */
const DEFAULT_IN_IFACE = { pod: 'veth0', external: 'eth0', host: '' } as const;
const DEFAULT_OUT_IFACE = 'eth0';

/** Local per `addrtype LOCAL` and the routing decision: the node's addresses plus loopback. */
export function isLocal(ip: Ip, ctx: Pick<WalkContext, 'localKeys'>): boolean {
  return isLoopback(ip) || ctx.localKeys.has(ipKey(ip));
}

/** Keys of the node's addresses (unparsable entries are ignored). */
export function localKeySet(env: TraceEnv): Set<string> {
  const keys = new Set<string>();
  for (const a of env.localAddresses) {
    const ip = parseIp(a);
    if (ip !== null) keys.add(ipKey(ip));
  }
  return keys;
}

const PROTO = { tcp: 6, udp: 17, sctp: 132 } as const;

/**
 * The first walk state for a packet: pod and external packets start in PREROUTING, host packets in
 * OUTPUT. Returns diagnostics instead of a walk when an address cannot be parsed (never throws).
 */
export function initialWalk(
  packet: Packet,
  env: TraceEnv,
  family: 'ipv4' | 'ipv6',
): { walk: Walk | null; diagnostics: Diagnostic[] } {
  const src = parseIp(String(packet.src ?? ''));
  const dst = parseIp(String(packet.dst ?? ''));
  const diagnostics: Diagnostic[] = [];
  if (src === null || dst === null) {
    const bad = src === null ? packet.src : packet.dst;
    diagnostics.push(
      diagnostic(
        'iptables',
        'error',
        'trace/invalid-packet',
        `Not an IP address: "${String(bad)}".`,
        span(0, 0),
      ),
    );
    return { walk: null, diagnostics };
  }
  if (src.v6 !== (family === 'ipv6') || dst.v6 !== (family === 'ipv6')) {
    diagnostics.push(
      diagnostic(
        'iptables',
        'warning',
        'trace/family-mismatch',
        `The packet is ${dst.v6 ? 'IPv6' : 'IPv4'} but the rules are ${family}: no address rule can match.`,
        span(0, 0),
      ),
    );
  }
  const w = new Walk();
  w.src = src;
  w.dst = dst;
  w.origSrc = src;
  w.origDst = dst;
  w.proto = packet.proto === 'icmp' ? (dst.v6 ? 58 : 1) : (PROTO[packet.proto] ?? 0);
  const ported = packet.proto !== 'icmp';
  w.sport = ported && typeof packet.sport === 'number' ? packet.sport : -1;
  w.dport = ported && typeof packet.dport === 'number' ? packet.dport : 0;
  w.origSport = w.sport;
  w.origDport = w.dport;
  w.mark = (packet.mark ?? 0) >>> 0;
  const origin = packet.origin === 'host' || packet.origin === 'external' ? packet.origin : 'pod';
  w.inIface = packet.inIface ?? DEFAULT_IN_IFACE[origin];
  w.outIface = packet.outIface ?? DEFAULT_OUT_IFACE;
  w.ct = env.conntrack ?? 'new';
  w.plan = origin === 'host' ? ROUTES.outbound : ROUTES.inbound;
  if (env.conntrack === undefined) {
    w.assume(
      'trace/assumed-ctstate-new',
      'Conntrack state not given: the packet is taken as the first packet of a NEW connection.',
      null,
    );
  } else if (env.conntrack !== 'new') {
    w.assume(
      'trace/ctstate-given',
      `Conntrack state ${env.conntrack}: NAT bindings made for this connection earlier are not known and not shown.`,
      null,
    );
  }
  return { walk: w, diagnostics };
}
