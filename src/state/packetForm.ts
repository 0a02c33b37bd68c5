import type { ServiceTarget } from '../core/kubeproxy';
import { mulberry32 } from '../core/net';
import type { Origin, Outcome, Packet, TraceEnv } from '../core/trace';
import type { PacketSuggestion } from '../core/view';

/** The packet panel's fields as the user typed them (text, validated on Send). */
export interface PacketForm {
  readonly origin: Origin;
  readonly src: string;
  readonly dst: string;
  readonly dport: string;
  /** `icmp` sends an echo request (ping): no ports, `dport` is not read. */
  readonly proto: 'tcp' | 'udp' | 'sctp' | 'icmp';
  /** The node's own address (`addrtype LOCAL`, where NodePorts answer). */
  readonly nodeIp: string;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f]{0,4}(:[0-9a-f]{0,4}){2,7}$/i;

/** True for a textual IPv4 or IPv6 address (no prefix length). */
function isIpAddress(text: string): boolean {
  return IPV4.test(text) || (text.includes(':') && IPV6.test(text));
}

/**
 * The packet and environment the tracer takes, or the first problem in words. A `host` packet
 * without a source starts from the node IP. The connection is NEW (the first packet: the one
 * kube-proxy's nat rules see; later packets follow conntrack).
 */
export function packetFromForm(
  form: PacketForm,
): { kind: 'ok'; packet: Packet; env: TraceEnv } | { kind: 'error'; message: string } {
  const nodeIp = form.nodeIp.trim();
  const src = form.src.trim() || (form.origin === 'host' ? nodeIp : '');
  const dst = form.dst.trim();
  if (!isIpAddress(src)) return { kind: 'error', message: `Source IP "${src}" is not an IP address.` };
  if (!isIpAddress(dst)) return { kind: 'error', message: `Destination IP "${dst}" is not an IP address.` };
  if (nodeIp && !isIpAddress(nodeIp))
    return { kind: 'error', message: `Node IP "${nodeIp}" is not an IP address.` };
  const env = { localAddresses: nodeIp ? [nodeIp] : [], conntrack: 'new' } as const;
  if (form.proto === 'icmp') {
    return {
      kind: 'ok',
      packet: { origin: form.origin, src, dst, proto: 'icmp', sport: null, dport: null },
      env,
    };
  }
  const port = Number(form.dport.trim());
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    return { kind: 'error', message: `Destination port "${form.dport}" is not a port (1–65535).` };
  }
  return {
    kind: 'ok',
    packet: { origin: form.origin, src, dst, proto: form.proto, sport: null, dport: port },
    env,
  };
}

/** A source address per origin, where one is known (from the dump: `PacketSuggestion.sources`). */
export type OriginSources = Partial<Record<Origin, string | null>>;

/**
 * The form aimed at one Service address: a cluster IP is reached from a pod, a NodePort from a
 * client outside the cluster at the node IP, a load-balancer or external IP from outside. The
 * source stays when the origin does not change (the user may have typed it); otherwise it is the
 * dump's source for the new origin. Null when a NodePort has no node IP to aim at.
 */
export function aimForm(form: PacketForm, target: ServiceTarget, sources: OriginSources): PacketForm | null {
  const origin: Origin = target.kind === 'clusterIP' ? (form.origin === 'host' ? 'host' : 'pod') : 'external';
  const nodeIp = form.nodeIp.trim() || sources.host || '';
  const dst = target.ip ?? nodeIp;
  if (!dst) return null;
  const src =
    origin === form.origin && form.src.trim()
      ? form.src
      : origin === 'host'
        ? ''
        : (sources[origin] ?? (origin === 'external' ? '203.0.113.10' : form.src));
  return { origin, src, dst, dport: String(target.port), proto: target.proto, nodeIp };
}

/** The form for a dump the user just gave: the dump's Service address, node IP and sources. */
export function seedForm(form: PacketForm, s: PacketSuggestion): PacketForm {
  return {
    origin: s.origin,
    src: s.sources[s.origin] ?? form.src,
    dst: s.dst,
    dport: String(s.dport),
    proto: s.proto,
    nodeIp: s.nodeIp ?? form.nodeIp,
  };
}

/**
 * Picks the outcome to animate: with a seed, a draw weighted by the outcomes' probabilities (as
 * the kernel's lottery would); without, the most likely. -1 when there is none. The tracer itself
 * never picks (DESIGN.md): this is the UI's choice.
 */
export function drawOutcome(outcomes: readonly Outcome[], seed: number | null): number {
  if (outcomes.length === 0) return -1;
  if (seed === null) {
    let best = 0;
    outcomes.forEach((o, i) => {
      if (o.probability > (outcomes[best]?.probability ?? 0)) best = i;
    });
    return best;
  }
  let r = mulberry32(seed)();
  for (let i = 0; i < outcomes.length; i++) {
    r -= outcomes[i]?.probability ?? 0;
    if (r < 0) return i;
  }
  return outcomes.length - 1;
}
