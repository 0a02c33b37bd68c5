import type { KubectlData } from '../core/kubectl';
import type { KubeProxyModel } from '../core/kubeproxy';
import type { Chain, Ruleset } from '../core/ruleset';
import type { Packet, SimulationRun, TraceEnv, TraceResult } from '../core/trace';
import { lookupForTrace, pathChains } from '../core/view';
import { startSimulation, trace } from './coreApi';
import type { ChainFacts, RuleRef, SimulatedResponse, TracedResponse } from './protocol';

/**
 * The worker's answers to the page's questions about the Ruleset it keeps (protocol.ts): a trace
 * with the few rules the page needs to describe it, simulation counts, chain facts for the
 * editor's hover, the rule on a line. Pure functions of the last good analysis; tested in Node.
 */

/**
 * The kube-proxy model cut to the Service ports whose chains the outcomes' paths enter: their
 * chains (every KUBE-SVC/SVL/EXT/FW/SEP of those ports) and the ports themselves; no jumps. What
 * the page needs to cut a shared scenario to the path's Services. `null` without a model.
 */
export function pathModel(model: KubeProxyModel | null, result: TraceResult): KubeProxyModel | null {
  if (!model) return null;
  const onPath = new Set(result.outcomes.flatMap((o) => pathChains(o.path)));
  const owners = new Set<string>();
  for (const c of model.chains) if (c.owner && onPath.has(c.name)) owners.add(c.owner);
  const owned = (owner: string | null) => owner !== null && owners.has(owner);
  return {
    ...model,
    chains: model.chains.filter((c) => owned(c.owner)),
    servicePorts: model.servicePorts.filter((p) => owners.has(p.name.key)),
    policies: model.policies.filter((p) => owned(p.owner)),
    endpoints: model.endpoints.filter((e) => owned(e.owner)),
    jumps: [],
  };
}

/**
 * `trace(ruleset, packet, env)`, the RuleLookup of its paths and the model of the Service ports
 * on them (what `traced` carries).
 */
export function traceWithRules(
  ruleset: Ruleset,
  model: KubeProxyModel | null,
  packet: Packet,
  env: TraceEnv,
): Pick<TracedResponse, 'result' | 'rules' | 'model'> {
  const result = trace(ruleset, packet, env);
  return { result, rules: lookupForTrace(ruleset, result), model: pathModel(model, result) };
}

/** The simulation `simulateCounts` last ran on a Ruleset, to continue when the next chunk asks. */
interface RunningSimulation {
  readonly packet: Packet;
  readonly env: TraceEnv;
  readonly seed: number;
  readonly run: SimulationRun;
}

/**
 * Per Ruleset, the last simulation asked for. A cache, not state: a hit only skips re-simulating the
 * connections a previous call already did (the answer is the same either way). Keyed weakly, so a
 * replaced analysis takes its simulation with it.
 */
const running = new WeakMap<Ruleset, RunningSimulation>();

/**
 * Counts of the first `connections` connections of the seeded simulation. The same seed gives the
 * same first connections whatever the count, and `-m recent` affinity state carries over from the
 * first connection as in the kernel (xt_recent), so a growing count streams one simulation. Asked
 * again with the same Ruleset, packet and env objects, the same seed and a count not below the
 * last one (the worker's "Send 1000" chunks: 100, 200, …), it continues the last run instead of
 * starting again at connection 0 (linear in the total, not quadratic).
 */
export function simulateCounts(
  ruleset: Ruleset,
  packet: Packet,
  env: TraceEnv,
  connections: number,
  seed: number,
): SimulatedResponse['endpointCounts'] {
  let last = running.get(ruleset);
  if (last?.packet !== packet || last.env !== env || last.seed !== seed || !(connections >= last.run.done)) {
    last = { packet, env, seed, run: startSimulation(ruleset, packet, env, { seed, keepPaths: false }) };
    running.set(ruleset, last);
  }
  last.run.advance(connections - last.run.done);
  return { ...last.run.endpointCounts };
}

const TABLE_ORDER = ['nat', 'filter', 'mangle', 'raw', 'security'] as const;

/** A chain whose `rules` keeps its length (the rule count) but holds only the first rule (sparse). */
function chainHead(chain: Chain): Chain {
  const rules = new Array<Chain['rules'][number]>(chain.rules.length);
  if (chain.rules[0]) rules[0] = chain.rules[0];
  return { ...chain, rules };
}

/** Everything the analysis knows about the chains named `name`, kept small (see `ChainFacts`). */
export function chainFacts(
  ruleset: Ruleset,
  model: KubeProxyModel | null,
  kubectl: KubectlData | null,
  name: string,
): ChainFacts {
  const chains = TABLE_ORDER.flatMap((t) => {
    const c = ruleset.tables[t]?.chains[name];
    return c ? [chainHead(c)] : [];
  });
  if (chains.length === 0) return { chains, model: null, kubectl: null };
  const kube = model?.chains.filter((c) => c.name === name) ?? [];
  const owners = new Set(kube.map((c) => c.owner));
  const endpoints = model?.endpoints.filter((e) => e.chain === name) ?? [];
  const ips = new Set(endpoints.map((e) => e.ip));
  return {
    chains,
    model: model && {
      ...model,
      chains: kube,
      servicePorts: model.servicePorts.filter((p) => owners.has(p.name.key)),
      policies: model.policies.filter((p) => p.chain === name),
      endpoints,
      jumps: [],
    },
    kubectl: kubectl && {
      ...kubectl,
      services: [],
      endpoints: kubectl.endpoints.filter((ep) => ep.addresses.some((a) => ips.has(a.ip))),
    },
  };
}

/** The rule written on a 1-based line (chains whose line range cannot hold it are skipped), or null. */
export function ruleAtLine(ruleset: Ruleset, line: number): RuleRef | null {
  for (const table of Object.values(ruleset.tables)) {
    for (const name of table?.order ?? []) {
      const rules = table?.chains[name]?.rules ?? [];
      if (rules.length === 0 || line < rules[0]!.line || line > rules[rules.length - 1]!.line) continue;
      const hit = rules.find((r) => r.line === line);
      if (hit) return { id: hit.id, table: hit.table, chain: hit.chain };
    }
  }
  return null;
}
