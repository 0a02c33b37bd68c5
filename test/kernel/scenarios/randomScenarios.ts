import type { Ruleset } from '../../../src/core/ruleset';
import { trace } from '../../../src/core/trace';
import type { ClusterSpec } from '../../../src/sim/spec';
import { envOf, packetOf } from '../checks/tracerCheck';
import type { Client } from '../harness/lab';
import type { Topology, TopologyPlan } from '../harness/topology';
import { podGroups } from './conformanceSpec';
import type { Scenario } from './flows';

/** Clients for generated clusters: one pod outside every generated pod range, and external sources. */
const CLIENT_POD = '10.250.0.2';
const EXT_CLIENTS = ['203.0.113.2', '203.0.113.130', '198.51.100.7'];

/** A topology for a generated spec: the client pod and the hairpin endpoint get namespaces of their own. */
export function randomPlan(spec: ClusterSpec, hairpin: string | null): TopologyPlan {
  const endpoints = spec.services.flatMap((s) => s.endpoints.map((e) => e.ip));
  const clients = hairpin ? [CLIENT_POD, hairpin] : [CLIENT_POD];
  return {
    nodeIp: spec.nodeIPs[0]!,
    extGateway: '192.168.0.1',
    extClients: EXT_CLIENTS,
    pods: podGroups(endpoints, clients),
  };
}

/** The first endpoint of the first Service with a TCP port: it connects to its own Service (hairpin). */
export function hairpinEndpoint(spec: ClusterSpec): string | null {
  const s = spec.services.find(
    (x) => x.endpoints.some((e) => e.ready) && x.ports.some((p) => p.protocol === 'TCP'),
  );
  return s?.endpoints.find((e) => e.ready)?.ip ?? null;
}

interface Target {
  readonly name: string;
  readonly client: Client;
  readonly dst: string;
  readonly dport: number;
  readonly proto: 'tcp' | 'udp';
}

function targetsOf(spec: ClusterSpec, hairpin: string | null): Target[] {
  const out: Target[] = [];
  const pod: Client = { kind: 'pod', ip: CLIENT_POD };
  const host: Client = { kind: 'host', src: null };
  const node = spec.nodeIPs[0]!;
  spec.services.forEach((s, i) => {
    for (const p of s.ports) {
      if (p.protocol === 'SCTP') continue; // Node has no SCTP sockets; the rules are still loaded
      const proto = p.protocol === 'UDP' ? 'udp' : 'tcp';
      const id = `${s.namespace}/${s.name}:${p.name || p.port}/${proto}`;
      out.push({ name: `${id} ClusterIP from a pod`, client: pod, dst: s.clusterIP, dport: p.port, proto });
      if (i % 2 === 0)
        out.push({
          name: `${id} ClusterIP from the node`,
          client: host,
          dst: s.clusterIP,
          dport: p.port,
          proto,
        });
      if (p.nodePort !== null)
        out.push({
          name: `${id} NodePort from outside`,
          client: { kind: 'external', src: EXT_CLIENTS[0]! },
          dst: node,
          dport: p.nodePort,
          proto,
        });
      for (const ip of s.type === 'LoadBalancer' ? s.loadBalancerIPs : []) {
        for (const src of s.loadBalancerSourceRanges.length > 0 ? EXT_CLIENTS : [EXT_CLIENTS[0]!]) {
          out.push({
            name: `${id} LoadBalancer ${ip} from ${src}`,
            client: { kind: 'external', src },
            dst: ip,
            dport: p.port,
            proto,
          });
        }
      }
      for (const ip of s.externalIPs)
        out.push({
          name: `${id} externalIP ${ip} from outside`,
          client: { kind: 'external', src: EXT_CLIENTS[0]! },
          dst: ip,
          dport: p.port,
          proto,
        });
      if (hairpin && s.endpoints.some((e) => e.ip === hairpin) && proto === 'tcp') {
        out.push({
          name: `${id} hairpin from its endpoint ${hairpin}`,
          client: { kind: 'pod', ip: hairpin },
          dst: s.clusterIP,
          dport: p.port,
          proto,
        });
      }
    }
  });
  return out;
}

/**
 * Scenarios for a generated cluster, sized by what the tracer predicts (the kernel then decides):
 * several DNAT targets → 200 bulk connections for a histogram (300 in the hand-written suites); one → 20; none (drop, reject,
 * untouched) → one traced connection only. Affinity Services get no bulk (their shares are not the
 * ladder's once the first connection is remembered); they are checked for stickiness instead.
 */
export function randomScenarios(spec: ClusterSpec, topology: Topology, ruleset: Ruleset): Scenario[] {
  const hairpin = hairpinEndpoint(spec);
  return targetsOf(spec, hairpin).map((t) => {
    const probe = {
      client: t.client,
      proto: t.proto,
      src: srcOf(t.client, topology),
      sport: 40000,
      dst: t.dst,
      dport: t.dport,
    };
    const r = trace(ruleset, packetOf(topology, probe as never), envOf(topology));
    const dnats = new Set(r.outcomes.filter((o) => o.probability > 0 && o.dnat !== null).map((o) => o.dnat));
    const sticky = spec.services.some(
      (s) =>
        s.sessionAffinity === 'ClientIP' &&
        (s.clusterIP === t.dst ||
          s.loadBalancerIPs.includes(t.dst) ||
          s.externalIPs.includes(t.dst) ||
          (t.dst === spec.nodeIPs[0] && s.ports.some((p) => p.nodePort === t.dport))),
    );
    const bulk = sticky ? 0 : dnats.size > 1 ? 200 : dnats.size === 1 ? 20 : 0;
    return {
      name: t.name,
      client: t.client,
      proto: t.proto,
      dst: t.dst,
      dport: t.dport,
      traced: dnats.size === 0 ? 1 : sticky ? 3 : 2,
      bulk,
      affinity: sticky,
      flow: null,
    };
  });
}

function srcOf(c: Client, topology: Topology): string {
  if (c.kind === 'external') return c.src;
  if (c.kind === 'pod') return c.ip;
  return c.src ?? topology.plan.nodeIp;
}

/** Listeners for every endpoint of every TCP/UDP port (same rule as the hand-written spec). */
export { conformanceListeners as randomListeners } from './conformanceSpec';
