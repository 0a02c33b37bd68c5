import type { StateCreator } from 'zustand';
import type { KubeProxyModel } from '../core/kubeproxy';
import type { Origin, Packet, TraceEnv, TraceResult } from '../core/trace';
import type { RuleLookup } from '../core/view';
import { drawOutcome, type PacketForm, packetFromForm } from './packetForm';
import type { AppState, SliceDeps } from './store';

export type { PacketForm } from './packetForm';

/**
 * A packet that was traced in the worker, with the rules needed to describe it (the Ruleset stays
 * in the worker) and the `rulesetVersion` it was traced against (the what-if re-trace compares it).
 */
export interface TracedPacket {
  readonly packet: Packet;
  readonly env: TraceEnv;
  readonly result: TraceResult;
  /** Every rule on the outcomes' paths and the endpoint lotteries they cross (describePath, endpointBars). */
  readonly rules: RuleLookup;
  /** The model of the Service ports on the paths (`pathModel` in workers/queries.ts). */
  readonly model: KubeProxyModel | null;
  readonly rulesetVersion: number;
}

/** "Send 1000": connections simulated so far, counted per `ip:port` (`<none>` without DNAT). */
export interface SimulationState {
  readonly total: number;
  readonly done: number;
  readonly counts: Readonly<Record<string, number>>;
  readonly running: boolean;
  readonly seed: number;
}

/** How the outcome on screen was chosen: a seeded draw (seed shown to the user) or the user's click. */
export type OutcomeChoice = { readonly kind: 'seeded'; readonly seed: number } | { readonly kind: 'user' };

export interface TraceSlice {
  readonly packetForm: PacketForm;
  /**
   * The node whose dump this is, as the user picked it ("This node"), or null to detect it from
   * the pasted pods and the node IP (core/view detectThisNode). Local traffic policies' words use it.
   */
  readonly thisNode: string | null;
  setThisNode(node: string | null): void;
  /** Why the last Send did not trace (invalid field, nothing parsed yet), in words. */
  readonly formError: string | null;
  readonly traced: TracedPacket | null;
  /**
   * The kube-proxy model cut to the Service ports on `traced`'s paths (the worker keeps the whole
   * model): what "only the Services on the path" needs when sharing. `null` with no trace.
   */
  readonly model: KubeProxyModel | null;
  /** Index into `traced.result.outcomes` of the outcome animated and listed; -1 when none. */
  readonly outcomeIndex: number;
  readonly outcomeChoice: OutcomeChoice | null;
  /** Index of the current step of the chosen outcome's path. */
  readonly playhead: number;
  readonly playing: boolean;
  /** Playback speed: steps per second. */
  readonly speed: number;
  readonly simulation: SimulationState | null;
  setPacketField<K extends keyof PacketForm>(field: K, value: PacketForm[K]): void;
  /** Replaces the whole form (a Service aimed at, a re-seed from a new dump, the saved form) and clears its error. */
  setPacketForm(form: PacketForm): void;
  /** A new form and no trace on screen (a scenario is being opened: its own trace follows). */
  resetTrace(form: PacketForm): void;
  /**
   * Traces the packet in `packetForm` against the last good Ruleset (in the worker), draws an
   * outcome, starts playback. Settles when the result is in the store (or was superseded).
   */
  send(): Promise<void>;
  /** Re-traces the last packet against the current Ruleset (the rules were edited: what-if). */
  retrace(): Promise<void>;
  chooseOutcome(index: number): void;
  /** Animates the outcome that DNATs to `endpoint` (`ip:port`); false when no outcome does. */
  chooseEndpoint(endpoint: string): boolean;
  /** A new seeded draw among the outcomes. */
  redraw(): void;
  step(delta: number): void;
  seek(index: number): void;
  play(): void;
  pause(): void;
  setSpeed(speed: number): void;
  /** Simulates `connections` new connections in chunks so the bars fill live. */
  sendMany(connections?: number): void;
  cancelSimulation(): void;
}

export const DEFAULT_PACKET: PacketForm = {
  origin: 'pod' satisfies Origin,
  src: '10.244.36.7',
  dst: '10.104.247.10',
  dport: '80',
  proto: 'tcp',
  nodeIp: '192.168.231.121',
};

const CHUNK = 100;

function pathLength(s: Pick<TraceSlice, 'traced' | 'outcomeIndex'>): number {
  return s.traced?.result.outcomes[s.outcomeIndex]?.path.length ?? 0;
}

/**
 * Trace slice: the packet form, the trace result, the chosen outcome, playback and simulation.
 * The playback timer, the tokens that drop superseded answers and the draw seeds are this store's
 * own (the closure), never module state: two stores never disturb each other.
 */
export const createTraceSlice =
  ({ engine, scheduler }: SliceDeps): StateCreator<AppState, [], [], TraceSlice> =>
  (set, get) => {
    let cancelTimer: (() => void) | null = null;
    let simulationToken = 0;
    let stopSimulation: (() => void) | null = null;
    let traceToken = 0;
    let nextSeed = 1;
    const stopTimer = () => {
      cancelTimer?.();
      cancelTimer = null;
    };
    const tick = () => {
      stopTimer();
      const s = get();
      if (!s.playing) return;
      if (s.playhead >= pathLength(s) - 1) {
        set({ playing: false });
        return;
      }
      cancelTimer = scheduler.after(1000 / get().speed, () => {
        cancelTimer = null;
        const now = get();
        if (!now.playing) return;
        set({ playhead: Math.min(now.playhead + 1, pathLength(now) - 1) });
        tick();
      });
    };
    const cancelStream = () => {
      simulationToken++;
      stopSimulation?.();
      stopSimulation = null;
    };
    const simulateChunks = (connections: number) => {
      const t = get().traced;
      if (!t) return;
      cancelStream();
      const token = simulationToken;
      const seed = nextSeed++;
      set({ simulation: { total: connections, done: 0, counts: {}, running: true, seed } });
      // The worker streams one seeded simulation in chunks so the bars fill live; connection k is the
      // same in every chunk and session affinity (`-m recent`) carries over as in the kernel.
      const run = engine.simulate(t.packet, t.env, { connections, seed, chunk: CHUNK }, (p) => {
        if (token !== simulationToken) return;
        set({ simulation: { total: connections, done: p.done, counts: p.counts, running: !p.final, seed } });
      });
      stopSimulation = run.cancel;
    };
    /** Traces in the worker; `null` when a newer trace started meanwhile or the worker failed. */
    const traceNow = async (packet: Packet, env: TraceEnv): Promise<TracedPacket | null> => {
      const token = ++traceToken;
      const rulesetVersion = get().rulesetVersion;
      const r = await engine.trace(packet, env);
      if (!r || token !== traceToken) return null;
      return { packet, env, result: r.result, rules: r.rules, model: r.model, rulesetVersion };
    };

    return {
      packetForm: DEFAULT_PACKET,
      thisNode: null,
      setThisNode: (thisNode) => set({ thisNode }),
      formError: null,
      traced: null,
      model: null,
      outcomeIndex: -1,
      outcomeChoice: null,
      playhead: 0,
      playing: false,
      speed: 1.5,
      simulation: null,
      setPacketField: (field, value) => set({ packetForm: { ...get().packetForm, [field]: value } }),
      setPacketForm: (packetForm) => set({ packetForm, formError: null }),
      resetTrace: (packetForm) =>
        set({
          packetForm,
          formError: null,
          traced: null,
          outcomeIndex: -1,
          outcomeChoice: null,
          playhead: 0,
        }),
      send: async () => {
        if (get().ruleCount === 0) {
          set({ formError: 'Nothing to trace yet: paste an iptables-save dump first.' });
          return;
        }
        const parsed = packetFromForm(get().packetForm);
        if (parsed.kind === 'error') {
          set({ formError: parsed.message });
          return;
        }
        stopTimer();
        cancelStream();
        const traced = await traceNow(parsed.packet, parsed.env);
        if (!traced) return;
        stopTimer();
        const seed = nextSeed++;
        set({
          formError: null,
          traced,
          model: traced.model,
          outcomeIndex: drawOutcome(traced.result.outcomes, seed),
          outcomeChoice: { kind: 'seeded', seed },
          playhead: 0,
          playing: traced.result.outcomes.length > 0,
          simulation: null,
        });
        tick();
      },
      retrace: async () => {
        const { traced, rulesetVersion } = get();
        if (!traced || rulesetVersion === traced.rulesetVersion) return;
        const next = await traceNow(traced.packet, traced.env);
        if (!next) return;
        const { outcomeIndex, simulation } = get();
        const prev = get().traced?.result.outcomes[outcomeIndex];
        // Keep showing the same endpoint when it still exists; else the most likely outcome.
        let index = next.result.outcomes.findIndex(
          (o) => prev && o.dnat === prev.dnat && o.verdict === prev.verdict,
        );
        if (index < 0) index = drawOutcome(next.result.outcomes, null);
        const len = next.result.outcomes[index]?.path.length ?? 0;
        set({
          traced: next,
          model: next.model,
          outcomeIndex: index,
          playhead: Math.min(get().playhead, Math.max(0, len - 1)),
        });
        if (simulation) simulateChunks(simulation.total);
      },
      chooseOutcome: (index) => {
        if (!get().traced?.result.outcomes[index]) return;
        set({ outcomeIndex: index, outcomeChoice: { kind: 'user' }, playhead: 0, playing: true });
        tick();
      },
      chooseEndpoint: (endpoint) => {
        const outcomes = get().traced?.result.outcomes ?? [];
        let best = -1;
        outcomes.forEach((o, i) => {
          if (o.dnat === endpoint && (best < 0 || o.probability > (outcomes[best]?.probability ?? 0)))
            best = i;
        });
        if (best < 0) return false;
        get().chooseOutcome(best);
        return true;
      },
      redraw: () => {
        const t = get().traced;
        if (!t) return;
        const seed = nextSeed++;
        set({
          outcomeIndex: drawOutcome(t.result.outcomes, seed),
          outcomeChoice: { kind: 'seeded', seed },
          playhead: 0,
        });
        set({ playing: true });
        tick();
      },
      step: (delta) => {
        stopTimer();
        const len = pathLength(get());
        set({ playing: false, playhead: Math.max(0, Math.min(len - 1, get().playhead + delta)) });
      },
      seek: (index) => {
        stopTimer();
        const len = pathLength(get());
        set({ playing: false, playhead: Math.max(0, Math.min(len - 1, index)) });
      },
      play: () => {
        const s = get();
        if (pathLength(s) === 0) return;
        set({ playing: true, playhead: s.playhead >= pathLength(s) - 1 ? 0 : s.playhead });
        tick();
      },
      pause: () => {
        stopTimer();
        set({ playing: false });
      },
      setSpeed: (speed) => {
        set({ speed: Math.max(0.25, Math.min(8, speed)) });
        if (get().playing) tick();
      },
      sendMany: (connections = 1000) => simulateChunks(connections),
      cancelSimulation: () => {
        cancelStream();
        const sim = get().simulation;
        if (sim?.running) set({ simulation: { ...sim, running: false } });
      },
    };
  };
