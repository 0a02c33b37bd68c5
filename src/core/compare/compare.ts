import type { ServiceGroup } from '../kubeproxy';
import { type Origin, type TraceEnv, trace } from '../trace';
import { describeOutcome, sameOutcomes, summarizeOutcomes } from './outcomes';
import { groupsByName, ORIGINS, probePacket, probeSources, probeTargets } from './probes';
import type {
  ComparedDump,
  Comparison,
  DumpSide,
  OutcomeSummary,
  ProbeSources,
  ProbeTarget,
  ServiceComparison,
  ServiceDifference,
} from './types';

/**
 * Whether two dumps of one cluster treat each Service port alike. For every address of the port
 * (ClusterIP, external IPs, LoadBalancer IPs, the NodePort on the node IP) and every origin (a pod,
 * the node, outside) the first packet of a connection is traced through both dumps with the same
 * sources and node addresses; the port is equivalent when every probe ends with the same DNAT
 * targets, verdicts and masquerade at the same probabilities (outcomes.ts). Only what the rules
 * say is compared: paths, chain names and the form of the dump (iptables, nftables) do not count.
 * Pure; never throws (the tracer does not).
 */

const KIND_WORDS: Record<ProbeTarget['kind'], string> = {
  clusterIP: 'ClusterIP',
  externalIP: 'external IP',
  loadBalancer: 'LoadBalancer IP',
  nodePort: 'NodePort on the node IP',
};

const ORIGIN_WORDS: Record<Origin, string> = { pod: 'a pod', host: 'the node', external: 'outside' };

function outcomesText(list: readonly OutcomeSummary[]): string {
  return list.length === 0 ? 'no outcome' : list.map(describeOutcome).join(' · ');
}

/** `ClusterIP 10.96.0.10:53/udp from a pod: A … ; B …` */
function describeProbe(
  target: ProbeTarget,
  origin: Origin,
  a: readonly OutcomeSummary[],
  b: readonly OutcomeSummary[],
): string {
  const where = `${KIND_WORDS[target.kind]} ${target.ip}:${target.port}/${target.proto} from ${ORIGIN_WORDS[origin]}`;
  return `${where}: A ${outcomesText(a)}; B ${outcomesText(b)}`;
}

function onlyIn(side: DumpSide, service: string): ServiceDifference {
  const [here, there] = side === 'a' ? ['A', 'B'] : ['B', 'A'];
  return {
    kind: 'only-in',
    side,
    message: `${service} has rules in dump ${here} only: dump ${there} has none for it.`,
  };
}

function compareService(
  service: string,
  inA: readonly ServiceGroup[],
  inB: readonly ServiceGroup[],
  dumps: { a: ComparedDump; b: ComparedDump },
  sources: ProbeSources,
  env: TraceEnv,
): ServiceComparison {
  const differences: ServiceDifference[] = [];
  if (inB.length === 0) differences.push(onlyIn('a', service));
  if (inA.length === 0) differences.push(onlyIn('b', service));
  let probes = 0;
  for (const target of probeTargets([...inA, ...inB], sources.nodeIp))
    for (const origin of ORIGINS) {
      const packet = probePacket(target, origin, sources);
      const a = summarizeOutcomes(trace(dumps.a.ruleset, packet, env).outcomes);
      const b = summarizeOutcomes(trace(dumps.b.ruleset, packet, env).outcomes);
      probes++;
      if (!sameOutcomes(a, b))
        differences.push({
          kind: 'outcomes',
          target,
          origin,
          a,
          b,
          message: describeProbe(target, origin, a, b),
        });
    }
  return { service, equivalent: differences.length === 0, differences, probes };
}

/** Compares every Service port with rules in either dump, sorted by name. */
export function compareDumps(a: ComparedDump, b: ComparedDump): Comparison {
  const sources = probeSources(a, b);
  const env: TraceEnv = { localAddresses: [sources.nodeIp] };
  const fromRules = (d: ComparedDump) => groupsByName(d.groups.filter((g) => g.source === 'rules'));
  const byA = fromRules(a);
  const byB = fromRules(b);
  const names = [...new Set([...byA.keys(), ...byB.keys()])].sort();
  const services = names.map((name) =>
    compareService(name, byA.get(name) ?? [], byB.get(name) ?? [], { a, b }, sources, env),
  );
  return { services, sources, equivalent: services.every((s) => s.equivalent) };
}
