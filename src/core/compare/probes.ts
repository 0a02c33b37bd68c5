import type { ServiceGroup, ServiceTarget } from '../kubeproxy';
import type { Origin, Packet } from '../trace';
import { suggestSources } from '../view';
import type { ComparedDump, ProbeSources, ProbeTarget } from './types';

/** Where traffic to a Service address comes from: a pod on the node, the node itself, outside. */
export const ORIGINS: readonly Origin[] = ['pod', 'host', 'external'];

/**
 * When neither dump gives the node IP or a pod address away: documentation addresses (TEST-NET-1,
 * RFC 5737) and a pod address in kubeadm's default pod network. Both dumps get the same ones.
 */
const FALLBACK_NODE_IP = '192.0.2.10';
const FALLBACK_POD = '10.244.0.7';
const FALLBACK_OUTSIDE = '203.0.113.10';

/** The sources of every probe, from dump A where it says, else from B, else the fallbacks. */
export function probeSources(a: ComparedDump, b: ComparedDump): ProbeSources {
  const sa = suggestSources(a.ruleset, a.groups);
  const sb = suggestSources(b.ruleset, b.groups);
  return {
    nodeIp: sa.nodeIp ?? sb.nodeIp ?? FALLBACK_NODE_IP,
    pod: sa.sources.pod ?? sb.sources.pod ?? FALLBACK_POD,
    external: sa.sources.external ?? sb.sources.external ?? FALLBACK_OUTSIDE,
  };
}

/** The name a Service port is matched by across dumps: its label, else its chain hash. */
function serviceName(g: ServiceGroup): string {
  return g.label ?? `(unnamed ${g.key})`;
}

/** Service groups by name; groups of one name (rare: a label shared by two hashes) are merged. */
export function groupsByName(groups: readonly ServiceGroup[]): Map<string, ServiceGroup[]> {
  const byName = new Map<string, ServiceGroup[]>();
  for (const g of groups) {
    const name = serviceName(g);
    const list = byName.get(name);
    if (list) list.push(g);
    else byName.set(name, [g]);
  }
  return byName;
}

const KIND_ORDER: readonly ServiceTarget['kind'][] = ['clusterIP', 'externalIP', 'loadBalancer', 'nodePort'];

/**
 * Every address of the Service port in either dump (the union, so an address one dump lost is
 * probed in both), NodePorts on the node IP; in a fixed order (kind, address, port, protocol).
 */
export function probeTargets(groups: readonly ServiceGroup[], nodeIp: string): ProbeTarget[] {
  const seen = new Map<string, ProbeTarget>();
  for (const g of groups)
    for (const t of g.targets) {
      const target: ProbeTarget = { kind: t.kind, ip: t.ip ?? nodeIp, port: t.port, proto: t.proto };
      const key = `${target.kind} ${target.ip} ${target.port} ${target.proto}`;
      if (!seen.has(key)) seen.set(key, target);
    }
  return [...seen.values()].sort(
    (x, y) =>
      KIND_ORDER.indexOf(x.kind) - KIND_ORDER.indexOf(y.kind) ||
      x.ip.localeCompare(y.ip) ||
      x.port - y.port ||
      x.proto.localeCompare(y.proto),
  );
}

/** The first packet of a connection from `origin` to `target`. */
export function probePacket(target: ProbeTarget, origin: Origin, sources: ProbeSources): Packet {
  const src = origin === 'pod' ? sources.pod : origin === 'host' ? sources.nodeIp : sources.external;
  return { origin, src, dst: target.ip, proto: target.proto, sport: null, dport: target.port };
}
