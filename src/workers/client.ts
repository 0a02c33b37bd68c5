import type { Packet, TraceEnv } from '../core/trace';
import type {
  AnalyzedResponse,
  ChainFacts,
  ComparedResponse,
  CompareInput,
  ErrorResponse,
  GraphFocus,
  GroupsResponse,
  LayoutResponse,
  RuleRef,
  SimulatedResponse,
  TracedResponse,
  WorkerRequest,
  WorkerResponse,
} from './protocol';

/** What the UI side does with answers that are not awaited (analysis and layout results, their errors). */
export interface ClientListener {
  analyzed(response: AnalyzedResponse): void;
  layout(response: LayoutResponse): void;
  failed(response: ErrorResponse): void;
}

/** The minimal worker surface the client uses (a real `Worker`, or a fake in tests). */
export interface WorkerLike {
  postMessage(message: WorkerRequest): void;
  onmessage: ((event: { readonly data: WorkerResponse }) => void) | null;
  onerror: ((event: { readonly message: string; preventDefault?(): void }) => void) | null;
  terminate(): void;
}

type Waiter = { resolve(r: WorkerResponse | null): void; onProgress?: (r: SimulatedResponse) => void };

/** Request kinds whose requests do not supersede each other (hover and go-to-definition overlap). */
const CONCURRENT: ReadonlySet<WorkerRequest['type']> = new Set(['chainFacts']);

/**
 * The UI side of protocol.ts. Ids increase per client; for each request kind only the latest id
 * counts (but every `chainFacts` is answered): an answer to an older request is dropped (its promise
 * resolves `null`). A dead worker
 * (failed to load, crashed) is reported through `failed` for every request in flight and replaced
 * on the next request.
 */
export class AnalysisClient {
  private worker: WorkerLike | null = null;
  private nextId = 1;
  private readonly latest = new Map<string, number>();
  private readonly waiters = new Map<number, Waiter>();
  private readonly kinds = new Map<number, WorkerRequest['type']>();
  /** An `analyzed` answer whose `groups` slices are still arriving, and the slices so far. */
  private partial: { response: AnalyzedResponse; groups: AnalyzedResponse['groups'][]; left: number } | null =
    null;

  constructor(
    private readonly createWorker: () => WorkerLike,
    private readonly listener: ClientListener,
  ) {}

  /** Sends the texts for analysis; the answer goes to `listener.analyzed`. Returns the request id. */
  analyze(iptablesText: string, kubectlText: string, focus: GraphFocus | null): number {
    return this.send((id) => ({ type: 'analyze', id, iptablesText, kubectlText, focus }));
  }

  /** Re-draws the graph of the last good analysis with another focus; the answer goes to `listener.layout`. */
  layout(focus: GraphFocus | null): number {
    return this.send((id) => ({ type: 'layout', id, focus }));
  }

  /**
   * Traces in the worker: the result and the rules needed to describe it. Resolves `null` when
   * superseded by a newer trace or on failure.
   */
  trace(packet: Packet, env: TraceEnv): Promise<Pick<TracedResponse, 'result' | 'rules' | 'model'> | null> {
    return new Promise((resolve) => {
      const id = this.send((i) => ({ type: 'trace', id: i, packet, env }));
      this.waiters.set(id, {
        resolve: (r) =>
          resolve(r?.type === 'traced' ? { result: r.result, rules: r.rules, model: r.model } : null),
      });
    });
  }

  /** What the worker's last good analysis knows about the chains named `name`; `null` on failure. */
  chainFacts(name: string): Promise<ChainFacts | null> {
    return new Promise((resolve) => {
      const id = this.send((i) => ({ type: 'chainFacts', id: i, name }));
      this.waiters.set(id, { resolve: (r) => resolve(r?.type === 'chainFacts' ? r.facts : null) });
    });
  }

  /** Compares two dumps (core/compare); `null` when superseded by a newer comparison or failed. */
  compare(
    a: CompareInput,
    b: CompareInput,
  ): Promise<Pick<ComparedResponse, 'comparison' | 'diagnostics'> | null> {
    return new Promise((resolve) => {
      const id = this.send((i) => ({ type: 'compare', id: i, a, b }));
      this.waiters.set(id, {
        resolve: (r) =>
          resolve(r?.type === 'compared' ? { comparison: r.comparison, diagnostics: r.diagnostics } : null),
      });
    });
  }

  /** The rule on a 1-based line of the last good text; `null` when none, superseded or failed. */
  ruleAt(line: number): Promise<RuleRef | null> {
    return new Promise((resolve) => {
      const id = this.send((i) => ({ type: 'ruleAt', id: i, line }));
      this.waiters.set(id, { resolve: (r) => resolve(r?.type === 'ruleAt' ? r.rule : null) });
    });
  }

  /**
   * Streams a simulation: `onProgress` gets cumulative counts per chunk. Resolves with the final
   * message, or `null` when cancelled, superseded or failed.
   */
  simulate(
    packet: Packet,
    env: TraceEnv,
    options: { connections: number; seed: number; chunk?: number },
    onProgress: (r: SimulatedResponse) => void,
  ): { id: number; done: Promise<SimulatedResponse | null> } {
    let id = 0;
    const done = new Promise<SimulatedResponse | null>((resolve) => {
      id = this.send((i) => ({ type: 'simulate', id: i, packet, env, ...options }));
      this.waiters.set(id, { resolve: (r) => resolve(r?.type === 'simulated' ? r : null), onProgress });
    });
    return { id, done };
  }

  /** Stops a simulation stream. */
  cancel(id: number): void {
    this.worker?.postMessage({ type: 'cancel', id });
    this.settle(id, null);
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const id of [...this.waiters.keys()]) this.settle(id, null);
  }

  private send(make: (id: number) => WorkerRequest): number {
    const id = this.nextId++;
    const request = make(id);
    if (!CONCURRENT.has(request.type)) {
      const previous = this.latest.get(request.type);
      if (previous !== undefined) this.settle(previous, null);
      this.latest.set(request.type, id);
    }
    this.kinds.set(id, request.type);
    this.ensureWorker().postMessage(request);
    return id;
  }

  private ensureWorker(): WorkerLike {
    if (this.worker) return this.worker;
    const w = this.createWorker();
    w.onmessage = (e) => this.receive(e.data);
    w.onerror = (e) => {
      e.preventDefault?.();
      this.worker = null;
      w.terminate();
      const message = `The analysis worker stopped: ${e.message || 'it could not be loaded'}.`;
      for (const [id, type] of this.kinds) {
        if (type !== 'cancel') this.receive({ type: 'error', id, request: type, message });
      }
    };
    this.worker = w;
    return w;
  }

  private receive(message: WorkerResponse): void {
    // `firstTraced` answers an analyze request's optional `firstTrace`, which this client does not send yet.
    if (message.type === 'firstTraced') return;
    const type =
      message.type === 'error'
        ? message.request
        : message.type === 'analyzed' || message.type === 'groups'
          ? 'analyze'
          : message.type;
    const kind =
      type === 'traced'
        ? 'trace'
        : type === 'simulated'
          ? 'simulate'
          : type === 'compared'
            ? 'compare'
            : type;
    if (CONCURRENT.has(kind) ? !this.kinds.has(message.id) : this.latest.get(kind) !== message.id) return;
    const r = this.assemble(message);
    if (r === null) return;
    if (r.type === 'simulated' && !r.final) {
      this.waiters.get(r.id)?.onProgress?.(r);
      return;
    }
    if (r.type === 'simulated') this.waiters.get(r.id)?.onProgress?.(r);
    this.kinds.delete(r.id);
    if (r.type === 'analyzed') this.listener.analyzed(r);
    else if (r.type === 'layout') this.listener.layout(r);
    else if (r.type === 'error' && (r.request === 'analyze' || r.request === 'layout'))
      this.listener.failed(r);
    this.settle(r.id, r);
  }

  /**
   * An `analyzed` answer sent in slices (`groupsToFollow`) becomes whole here: `null` until its last
   * `groups` slice arrives. Slices of an older id never get here (the latest check above).
   */
  private assemble(r: WorkerResponse): Exclude<WorkerResponse, GroupsResponse> | null {
    if (r.type === 'analyzed' && (r.groupsToFollow ?? 0) > 0) {
      this.partial = { response: r, groups: [r.groups], left: r.groupsToFollow ?? 0 };
      return null;
    }
    if (r.type !== 'groups') return r;
    const p = this.partial;
    if (p === null || p.response.id !== r.id) return null;
    p.groups.push(r.groups);
    p.left -= r.groups.length;
    if (p.left > 0) return null;
    this.partial = null;
    return { ...p.response, groups: p.groups.flat(), groupsToFollow: 0 };
  }

  private settle(id: number, r: WorkerResponse | null): void {
    const w = this.waiters.get(id);
    this.waiters.delete(id);
    if (r === null) this.kinds.delete(id);
    w?.resolve(r);
  }
}
