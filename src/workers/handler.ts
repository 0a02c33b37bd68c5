import { simulate, trace } from './coreApi';
import { analyzeTexts, type GoodAnalysis, graphFor } from './pipeline';
import type { SimulateRequest, WorkerRequest, WorkerResponse } from './protocol';

type Kind = Exclude<WorkerRequest['type'], 'cancel'>;

/** Lets queued messages (a newer request, a cancel) arrive before going on. */
const yieldToMessages = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * The analysis worker's message handler, free of worker globals so that it is testable in Node:
 * `post` sends a response. It keeps the last good analysis (for `layout`, `trace`, `simulate`) and,
 * per request kind, the latest id: an older request still queued or awaiting layout is dropped
 * without an answer (the client ignores old ids anyway). Failures are posted as `error` data.
 */
export function createWorkerHandler(
  post: (response: WorkerResponse) => void,
): (request: WorkerRequest) => Promise<void> {
  let good: GoodAnalysis | null = null;
  const latest: Record<Kind, number> = { analyze: 0, layout: 0, trace: 0, simulate: 0 };
  let cancelled = -1;

  async function runSimulation(r: SimulateRequest, ruleset: GoodAnalysis['ruleset']): Promise<void> {
    const chunk = Math.max(1, Math.floor(r.chunk ?? 100));
    const counts: Record<string, number> = {};
    let done = 0;
    // Chunk k draws with seed `seed + k`: the stream is a pure function of (seed, connections, chunk).
    for (let k = 0; done < r.connections; k++) {
      if (r.id !== latest.simulate || r.id === cancelled) return;
      const n = Math.min(chunk, r.connections - done);
      const part = simulate(ruleset, r.packet, r.env, { connections: n, seed: r.seed + k, keepPaths: false });
      for (const [ep, c] of Object.entries(part.endpointCounts)) counts[ep] = (counts[ep] ?? 0) + c;
      done += n;
      const final = done >= r.connections;
      post({ type: 'simulated', id: r.id, done, total: r.connections, endpointCounts: { ...counts }, final });
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
    if (r.id !== latest[r.type]) return;
    try {
      if (r.type === 'analyze') {
        const out = await analyzeTexts(r.id, r.iptablesText, r.kubectlText, r.focus, good);
        if (r.id !== latest.analyze) return;
        good = out.good;
        post(out.response);
        return;
      }
      if (!good) throw new Error('No input has been analyzed yet.');
      if (r.type === 'layout') {
        const { graph, positions } = await graphFor(good, r.focus);
        if (r.id === latest.layout) post({ type: 'layout', id: r.id, graph, positions });
      } else if (r.type === 'trace') {
        post({ type: 'traced', id: r.id, result: trace(good.ruleset, r.packet, r.env) });
      } else {
        await runSimulation(r, good.ruleset);
      }
    } catch (e) {
      post({ type: 'error', id: r.id, request: r.type, message: messageOf(e) });
    }
  };
}
