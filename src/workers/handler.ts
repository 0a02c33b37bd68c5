import type { TraceEnv } from '../core/trace';
import { compareTexts } from './compare';
import { withIpsets, withIpvs } from './coreApi';
import { analyzeTexts, firstTraced, type GoodAnalysis, graphFor } from './pipeline';
import type { AnalyzedResponse, SimulateRequest, WorkerRequest, WorkerResponse } from './protocol';
import { chainFacts, ruleAtLine, simulateCounts, traceWithRules } from './queries';

/** The request's env with the last analysis's ipsets and IPVS table, unless it has its own. */
const nodeEnv = (env: TraceEnv, good: GoodAnalysis): TraceEnv =>
  withIpvs(withIpsets(env, good.ipsets ?? null), good.ipvs ?? null);

type Kind = Exclude<WorkerRequest['type'], 'cancel'>;

/** Lets queued messages (a newer request, a cancel) arrive before going on. */
const yieldToMessages = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Service groups per message: the page decodes each message in one task (see `groupsToFollow`). */
export const GROUPS_PER_MESSAGE = 2000;

/** An `analyzed` answer as messages: its first GROUPS_PER_MESSAGE groups, then `groups` slices. */
export function analyzedMessages(r: AnalyzedResponse, per = GROUPS_PER_MESSAGE): WorkerResponse[] {
  if (r.groups.length <= per) return [r];
  const out: WorkerResponse[] = [
    { ...r, groups: r.groups.slice(0, per), groupsToFollow: r.groups.length - per },
  ];
  for (let i = per; i < r.groups.length; i += per)
    out.push({ type: 'groups', id: r.id, groups: r.groups.slice(i, i + per) });
  return out;
}

/**
 * The analysis worker's message handler, free of worker globals so that it is testable in Node:
 * `post` sends a response. It keeps the last good analysis (for `layout`, `trace`, `simulate`) and,
 * per request kind, the latest id: an older request still queued or awaiting layout is dropped
 * without an answer (the client ignores old ids anyway) — except `chainFacts`, whose hover and
 * go-to-definition questions may overlap and are all answered. Failures are posted as `error` data.
 */
export function createWorkerHandler(
  post: (response: WorkerResponse) => void,
): (request: WorkerRequest) => Promise<void> {
  let good: GoodAnalysis | null = null;
  const latest: Record<Kind, number> = {
    analyze: 0,
    layout: 0,
    trace: 0,
    simulate: 0,
    chainFacts: 0,
    ruleAt: 0,
    compare: 0,
  };
  let cancelled = -1;

  async function runSimulation(r: SimulateRequest, ruleset: GoodAnalysis['ruleset']): Promise<void> {
    const chunk = Math.max(1, Math.floor(r.chunk ?? 100));
    let done = 0;
    // One seeded simulation re-run with a growing count (simulateCounts): connection k is the same
    // in every run and ClientIP affinity (`-m recent`) carries over from the first connection.
    while (done < r.connections) {
      if (r.id !== latest.simulate || r.id === cancelled) return;
      done = Math.min(r.connections, done + chunk);
      const env = good === null ? r.env : nodeEnv(r.env, good);
      const endpointCounts = simulateCounts(ruleset, r.packet, env, done, r.seed);
      const final = done >= r.connections;
      post({ type: 'simulated', id: r.id, done, total: r.connections, endpointCounts, final });
      if (!final) await yieldToMessages();
    }
  }

  return async function handle(r: WorkerRequest): Promise<void> {
    if (r.type === 'cancel') {
      cancelled = r.id;
      return;
    }
    latest[r.type] = Math.max(latest[r.type], r.id);
    await yieldToMessages();
    if (r.id !== latest[r.type] && r.type !== 'chainFacts') return;
    try {
      if (r.type === 'analyze') {
        if (r.firstTrace) {
          post(firstTraced(r.id, r.iptablesText, r.firstTrace, r.ipsetText, r.ipvsText));
          // A newer request that arrived meanwhile wins before the full analysis starts.
          await yieldToMessages();
          if (r.id !== latest.analyze) return;
        }
        const out = await analyzeTexts(
          r.id,
          r.iptablesText,
          r.kubectlText,
          r.focus,
          good,
          r.ipsetText,
          r.ipvsText,
        );
        if (r.id !== latest.analyze) return;
        good = out.good;
        for (const m of analyzedMessages(out.response)) post(m);
        return;
      }
      if (r.type === 'compare') {
        const out = compareTexts(r);
        if (r.id === latest.compare) post(out);
        return;
      }
      if (!good) throw new Error('No input has been analyzed yet.');
      if (r.type === 'layout') {
        const { graph, positions, routes } = await graphFor(good, r.focus);
        if (r.id === latest.layout) post({ type: 'layout', id: r.id, graph, positions, routes });
      } else if (r.type === 'trace') {
        const env = nodeEnv(r.env, good);
        post({ type: 'traced', id: r.id, ...traceWithRules(good.ruleset, good.model, r.packet, env) });
      } else if (r.type === 'chainFacts') {
        post({
          type: 'chainFacts',
          id: r.id,
          facts: chainFacts(good.ruleset, good.model, good.kubectl, r.name),
        });
      } else if (r.type === 'ruleAt') {
        post({ type: 'ruleAt', id: r.id, rule: ruleAtLine(good.ruleset, r.line) });
      } else {
        await runSimulation(r, good.ruleset);
      }
    } catch (e) {
      post({ type: 'error', id: r.id, request: r.type, message: messageOf(e) });
    }
  };
}
