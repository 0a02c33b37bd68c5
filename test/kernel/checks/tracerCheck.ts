import { parseIptablesSave } from '../../../src/core/iptables';
import { lowerToRuleset } from '../../../src/core/lower';
import type { Ruleset } from '../../../src/core/ruleset';
import type { Outcome, Packet, PathStep, TraceEnv, TraceResult } from '../../../src/core/trace';
import { trace } from '../../../src/core/trace';
import type { KernelStep, Observation } from '../harness/lab';
import { podGateway, type Topology } from '../harness/topology';
import type { KernelRun } from './scenarioRun';
import { ALPHA, chiSquareTest } from './stats';
import type { Tally } from './summary';
import { describePath, type KernelOutcome } from './verdict';

/** The project's own pipeline on the very text the kernel got: parse → lower. */
export function rulesetOf(dump: string): Ruleset {
  return lowerToRuleset(parseIptablesSave(dump).result).result;
}

/** The packet as the tracer takes it, with the interfaces the kernel really saw. */
export function packetOf(topology: Topology, obs: Observation): Packet {
  const c = obs.client;
  const origin = c.kind === 'pod' ? 'pod' : c.kind;
  const podNs = c.kind === 'pod' ? topology.pods.get(c.ip) : undefined;
  const inIface =
    c.kind === 'external' ? 'eth0' : podNs ? `veth${topology.podNamespaces.indexOf(podNs)}` : null;
  return {
    origin,
    src: obs.src,
    dst: obs.dst,
    proto: obs.proto,
    // ICMP has no ports (the tracer takes null; obs.sport is the echo identifier).
    sport: obs.proto === 'icmp' ? null : obs.sport,
    dport: obs.proto === 'icmp' ? null : obs.dport,
    inIface,
  };
}

/** The node owns its IP and the pod gateway address on every veth (topology.ts). */
export function envOf(topology: Topology, recent?: TraceEnv['recent']): TraceEnv {
  const localAddresses = [topology.plan.nodeIp, podGateway(topology.plan)];
  return { localAddresses, ...(recent ? { recent } : {}) };
}

const key = (s: { table: string; chain: string; line: number | null }) => `${s.table}/${s.chain}:${s.line}`;
/** The rule steps (a policy step has no rule id, though it may point at its declaration line). */
const rulesOnly = (path: readonly PathStep[]) => path.filter((s) => s.ruleId !== null).map(key);
const kernelRules = (path: readonly KernelStep[]) => path.filter((s) => s.kind === 'rule').map(key);

function describeOutcomes(r: TraceResult): string {
  return r.outcomes
    .map(
      (o) =>
        `  p=${o.probability.toFixed(4)} ${o.verdict} dnat=${o.dnat} masq=${o.masquerade}: ${rulesOnly(o.path).join(' → ')}`,
    )
    .join('\n');
}

/**
 * Compares one scenario's kernel run with `trace()`:
 * - every traced connection's matched-rule path (table, chain, dump line, in order) is the path of
 *   one of the tracer's outcomes, and that outcome's verdict, DNAT and masquerade are the kernel's;
 * - over all connections, the set of DNAT targets equals the tracer's (is a subset of it when fewer
 *   than 50 connections were made), masquerade agrees per
 *   endpoint, and every kernel verdict is one the tracer offers;
 * - with two or more DNAT outcomes, the endpoint histogram passes a chi-square test (α = ALPHA)
 *   against the tracer's probabilities.
 */
export function checkAgainstTracer(
  run: KernelRun,
  topology: Topology,
  ruleset: Ruleset,
  tally: Tally,
  extra: Pick<TraceEnv, 'ipsets'> = {},
): TraceResult {
  const name = run.scenario.name;
  const first = run.traced[0]?.obs ?? run.bulk[0]?.obs;
  if (!first) throw new Error(`${name}: no connection was made`);
  // The scenario-level prediction starts from the kernel's xt_recent state before its first connection.
  const result = trace(ruleset, packetOf(topology, first), {
    ...envOf(topology, run.traced[0]?.obs.recent ?? undefined),
    ...extra,
  });
  const outcomes = result.outcomes.filter((o) => o.probability > 0);
  for (const { obs, k } of run.traced) {
    // Each traced connection is traced with the kernel's xt_recent state of that moment (affinity).
    const own = trace(ruleset, packetOf(topology, obs), {
      ...envOf(topology, obs.recent ?? undefined),
      ...extra,
    });
    const kPath = kernelRules(obs.path ?? []);
    const match = own.outcomes.find(
      (o) => o.probability > 0 && rulesOnly(o.path).join(' ') === kPath.join(' '),
    );
    const where = `${name} (sport ${obs.sport})`;
    if (
      !tally.check(
        match !== undefined,
        `${where}: kernel path is none of the tracer's outcomes\nkernel:\n${describePath(obs.path ?? [])}\ntracer:\n${describeOutcomes(own)}`,
      )
    )
      continue;
    checkOutcome(where, match!, k, tally);
  }
  const all = [...run.traced, ...run.bulk];
  const kernelDnat = [...new Set(all.map((o) => o.k.dnat).filter((d) => d !== null))].sort();
  const tracerDnat = [...new Set(outcomes.map((o) => o.dnat).filter((d) => d !== null))].sort();
  // Equal sets need enough connections to visit every endpoint (bulk runs); a few traced ones (drops,
  // affinity) can only be a subset.
  const enough = all.length >= 50;
  tally.check(
    enough ? kernelDnat.join(',') === tracerDnat.join(',') : kernelDnat.every((d) => tracerDnat.includes(d)),
    `${name}: kernel DNAT set {${kernelDnat}} vs tracer {${tracerDnat}}`,
  );
  for (const ep of kernelDnat) {
    const kMasq = new Set(all.filter((o) => o.k.dnat === ep).map((o) => o.k.masquerade));
    const tMasq = new Set(outcomes.filter((o) => o.dnat === ep).map((o) => o.masquerade));
    tally.check(
      [...kMasq].join() === [...tMasq].join(),
      `${name}: masquerade to ${ep}: kernel {${[...kMasq]}} vs tracer {${[...tMasq]}}`,
    );
  }
  const verdicts = new Set(outcomes.map((o) => o.verdict));
  for (const v of new Set(all.map((o) => o.k.verdict)))
    tally.check(verdicts.has(v), `${name}: kernel verdict ${v}, tracer offers {${[...verdicts]}}`);
  if (tracerDnat.length > 1 && all.length >= 50) {
    const probs = tracerDnat.map((d) =>
      outcomes.filter((o) => o.dnat === d).reduce((s, o) => s + o.probability, 0),
    );
    const observed = tracerDnat.map((d) => all.filter((o) => o.k.dnat === d).length);
    const chi = chiSquareTest(
      observed,
      probs.map((p) => p / probs.reduce((a, b) => a + b, 0)),
    );
    tally.check(
      chi.pValue >= ALPHA,
      `${name}: histogram ${observed} vs tracer ${probs.map((p) => p.toFixed(4))}: χ²=${chi.statistic.toFixed(2)}, p=${chi.pValue.toExponential(2)}`,
    );
  }
  return result;
}

function checkOutcome(where: string, o: Outcome, k: KernelOutcome, tally: Tally): void {
  tally.check(o.verdict === k.verdict, `${where}: verdict kernel ${k.verdict}, tracer ${o.verdict}`);
  tally.check(o.delivery === k.delivery, `${where}: delivery kernel ${k.delivery}, tracer ${o.delivery}`);
  tally.check(o.dnat === k.dnat, `${where}: DNAT kernel ${k.dnat}, tracer ${o.dnat}`);
  tally.check(
    o.masquerade === k.masquerade,
    `${where}: masquerade kernel ${k.masquerade}, tracer ${o.masquerade}`,
  );
}

/**
 * ClientIP affinity as the tracer models it: once the kernel's `recent` list of the endpoint chain the
 * first connection used holds the client, the tracer must give that endpoint with probability 1.
 */
export function checkAffinity(run: KernelRun, topology: Topology, ruleset: Ruleset, tally: Tally): void {
  const first = run.traced[0];
  if (!first?.obs.path) return;
  const sep = first.obs.path.find(
    (s) => s.kind === 'rule' && s.chain.startsWith('KUBE-SEP-') && /-j DNAT/.test(s.text),
  );
  if (!tally.check(sep !== undefined, `${run.scenario.name}: no KUBE-SEP DNAT step in the kernel path`))
    return;
  const env = envOf(topology, { [sep!.chain]: { [first.obs.src]: 1 } });
  const r = trace(ruleset, packetOf(topology, first.obs), env);
  const dnats = new Set(r.outcomes.filter((o) => o.probability > 0).map((o) => o.dnat));
  tally.check(
    dnats.size === 1 && dnats.has(first.k.dnat),
    `${run.scenario.name}: with ${sep!.chain} remembering ${first.obs.src}, tracer gives {${[...dnats]}}, kernel stuck to ${first.k.dnat}`,
  );
}
