import type { IpSet } from '../core/ipset';
import type { IpvsTable } from '../core/ipvs';
import type { KubectlData } from '../core/kubectl';
import type { KubeProxyModel, ServiceGroup } from '../core/kubeproxy';
import type { Ruleset } from '../core/ruleset';
import { hasErrors } from '../core/text';
import type { Packet, TraceEnv } from '../core/trace';
import type { ChainGraph, GraphPositions, GraphRoutes, PacketSuggestion } from '../core/view';
import { lookupForTrace, podPlacesOf } from '../core/view';
import {
  analyzeInputs,
  buildChainGraph,
  ipvsModeEvidence,
  layoutGraphRoutes,
  stageFailure,
  suggestPacket,
  traceTexts,
} from './coreApi';
import { withNftReaderDiagnostics } from './nftDiagnostics';
import type { AnalysisSummary, AnalyzedResponse, FirstTracedResponse, GraphFocus } from './protocol';

/**
 * The worker's analysis pipeline, free of any worker API so that it runs (and is tested) in Node:
 * parse → lower → kubectl → kube-proxy model → graph → layout. Each stage is timed; a stage
 * that throws (a bug, never an input problem) becomes an error diagnostic and the later stages
 * still run on what there is.
 */

/** What the worker keeps of the last analysis whose iptables text had no errors. */
export interface GoodAnalysis {
  readonly ruleset: Ruleset;
  readonly model: KubeProxyModel | null;
  readonly kubectl: KubectlData | null;
  readonly groups: readonly ServiceGroup[];
  /** The sets of the newest request's ipset text (trace and simulate read them), null without. */
  readonly ipsets?: readonly IpSet[] | null;
  /** The IPVS table of the newest request's ipvsadm text, null without. */
  readonly ipvs?: IpvsTable | null;
}

const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

function countLines(text: string): number {
  if (text.length === 0) return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < text.length - 1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Endpoint IP → pod name from kubectl's Endpoints (json/yaml `targetRef`), for graph labels. */
export function podNames(kubectl: KubectlData | null): Record<string, string> {
  const pods: Record<string, string> = {};
  for (const ep of kubectl?.endpoints ?? []) for (const a of ep.addresses) if (a.pod) pods[a.ip] = a.pod;
  return pods;
}

/** kube-proxy's IPVS mode in these rules (a sentence) or null; never throws. */
function ipvsModeOf(ruleset: Ruleset): string | null {
  try {
    return ipvsModeEvidence(ruleset);
  } catch {
    return null;
  }
}

/** The first packet for this input (packet form re-seeding); never throws. */
function suggestFor(good: GoodAnalysis): PacketSuggestion | null {
  try {
    return suggestPacket(good.ruleset, good.groups);
  } catch {
    return null;
  }
}

/**
 * Builds the (focused) chain graph and lays it out. `focus.services` are ServiceGroup keys, `focus.chains`
 * the chains on the packet path. Never rejects: a layout failure falls back inside `layoutGraph`.
 */
export async function graphFor(
  good: GoodAnalysis,
  focus: GraphFocus | null,
): Promise<{
  graph: ChainGraph;
  positions: GraphPositions;
  routes: GraphRoutes;
  graphMs: number;
  layoutMs: number;
}> {
  const t0 = now();
  const graph = buildChainGraph(good.ruleset, {
    groups: good.groups,
    focus: focus?.services ?? [],
    pathChains: focus?.chains ?? [],
    path: focus?.path ?? null,
    policies: good.model?.policies ?? [],
    pods: podNames(good.kubectl),
    places: podPlacesOf(good.kubectl),
  });
  const t1 = now();
  const { positions, routes } = await layoutGraphRoutes(graph);
  return { graph, positions, routes, graphMs: t1 - t0, layoutMs: now() - t1 };
}

/**
 * Analyzes both texts. Returns the response to post and the new "last good" analysis: the new one
 * when the iptables text has no error diagnostics (or there was none before), else `previous`.
 * The graph always describes the returned `good` analysis.
 */
export async function analyzeTexts(
  id: number,
  iptablesText: string,
  kubectlText: string,
  focus: GraphFocus | null,
  previous: GoodAnalysis | null,
  ipsetText = '',
  ipvsText = '',
): Promise<{ response: AnalyzedResponse; good: GoodAnalysis }> {
  const analysis = analyzeInputs({
    iptables: iptablesText,
    kubectl: kubectlText,
    ipset: ipsetText,
    ipvs: ipvsText,
    until: 'groups',
  });
  const { ruleset, model, kubectl, timings } = analysis;
  const ipt = withNftReaderDiagnostics(iptablesText, analysis.diagnostics.iptables);
  // Pasted together in the rules editor: the ipvsadm / ipset findings point into that text too.
  if (analysis.nodePasted)
    for (const d of [...analysis.diagnostics.ipvs, ...analysis.diagnostics.ipset])
      ipt.push({ ...d, source: 'iptables' });
  const kub = analysis.diagnostics.kubectl;

  let good: GoodAnalysis | null = previous;
  if (!hasErrors(ipt) || previous === null) good = { ruleset, model, kubectl, groups: analysis.groups };
  // The sets are the newest text's even when the rules are the last good ones.
  const last = good as GoodAnalysis;
  const kept: GoodAnalysis =
    (last.ipsets ?? null) === analysis.ipsets && (last.ipvs ?? null) === analysis.ipvs
      ? last
      : { ...last, ipsets: analysis.ipsets, ipvs: analysis.ipvs };
  let graph: ChainGraph | null = null;
  let positions: GraphPositions | null = null;
  let routes: GraphRoutes | null = null;
  let graphMs = 0;
  let layoutMs = 0;
  try {
    ({ graph, positions, routes, graphMs, layoutMs } = await graphFor(kept, focus));
  } catch (e) {
    ipt.push(stageFailure('iptables', 'Drawing the chain graph', e));
  }

  const tables = Object.values(ruleset.tables);
  const summary: AnalysisSummary = {
    bytes: iptablesText.length,
    lines: countLines(iptablesText),
    tables: tables.length,
    chains: tables.reduce((n, t) => n + (t?.order.length ?? 0), 0),
    rules: ruleset.ruleCount,
    servicePorts: model?.servicePorts.length ?? 0,
    kubectlServices: kubectl?.services.length ?? 0,
    ipvsMode: ipvsModeOf(kept.ruleset),
    ipvsServices: analysis.ipvs?.services.length ?? null,
    ipsets: analysis.ipsets?.length ?? null,
    timings: {
      parse: timings.parse,
      lower: timings.lower,
      kubectl: timings.kubectl,
      model: timings.model,
      graph: graphMs,
      layout: layoutMs,
    },
  };
  const response: AnalyzedResponse = {
    type: 'analyzed',
    id,
    diagnostics: {
      iptables: ipt,
      kubectl: kub,
      ...(ipsetText.trim() === '' ? {} : { ipset: analysis.diagnostics.ipset }),
      ...(ipvsText.trim() === '' ? {} : { ipvs: analysis.diagnostics.ipvs }),
    },
    ruleCount: kept.ruleset.ruleCount,
    pods: podNames(kept.kubectl),
    places: podPlacesOf(kept.kubectl),
    groups: kept.groups,
    suggestion: suggestFor(kept),
    graph,
    positions,
    routes,
    summary,
  };
  return { response, good: kept };
}

/**
 * Paste → first trace: the packet traced over the text read lazily (`traceTexts`), with the rules
 * on its paths, before the full analysis runs. The lazy Ruleset stays in this function (its
 * Proxies do not cross postMessage): only plain results leave.
 */
export function firstTraced(
  id: number,
  iptablesText: string,
  ask: { readonly packet: Packet; readonly env: TraceEnv },
  ipsetText = '',
  ipvsText = '',
): FirstTracedResponse {
  const t0 = now();
  const first = traceTexts({
    iptables: iptablesText,
    packet: ask.packet,
    env: ask.env,
    ipset: ipsetText,
    ipvs: ipvsText,
  });
  const rules = lookupForTrace(first.ruleset, first.trace);
  return {
    type: 'firstTraced',
    id,
    result: first.trace,
    rules,
    lazy: first.lazy,
    rulesRead: first.read.rules,
    ruleCount: first.read.of,
    ms: now() - t0,
  };
}
