import type { StateCreator } from 'zustand';
import type { Ruleset } from '../core/model/ruleset';
import type { Origin, Packet, TraceEnv, TraceResult } from '../core/trace/types';
import { drawOutcome, type PacketForm, packetFromForm } from './packetForm';
import type { AppState } from './store';
import { runSimulation, runTrace } from './traceEngine';

export type { PacketForm } from './packetForm';

/** A packet that was traced, with the Ruleset it was traced against (the what-if re-trace compares it). */
export interface TracedPacket {
  readonly packet: Packet;
  readonly env: TraceEnv;
  readonly result: TraceResult;
  readonly ruleset: Ruleset;
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
  /** Why the last Send did not trace (invalid field, nothing parsed yet), in words. */
  readonly formError: string | null;
  readonly traced: TracedPacket | null;
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
  /** Traces the packet in `packetForm` against the last good Ruleset, draws an outcome, starts playback. */
  send(): void;
  /** Re-traces the last packet against the current Ruleset (the rules were edited: what-if). */
  retrace(): void;
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
let timer: ReturnType<typeof setTimeout> | null = null;
let simulationToken = 0;
let nextSeed = 1;

function pathLength(s: Pick<TraceSlice, 'traced' | 'outcomeIndex'>): number {
  return s.traced?.result.outcomes[s.outcomeIndex]?.path.length ?? 0;
}

/** Trace slice: the packet form, the trace result, the chosen outcome, playback and simulation. */
export const createTraceSlice: StateCreator<AppState, [], [], TraceSlice> = (set, get) => {
  const stopTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const tick = () => {
    stopTimer();
    const s = get();
    if (!s.playing) return;
    if (s.playhead >= pathLength(s) - 1) {
      set({ playing: false });
      return;
    }
    timer = setTimeout(() => {
      const now = get();
      if (!now.playing) return;
      set({ playhead: Math.min(now.playhead + 1, pathLength(now) - 1) });
      tick();
    }, 1000 / get().speed);
  };
  const simulateChunks = (connections: number) => {
    const t = get().traced;
    if (!t) return;
    const token = ++simulationToken;
    const seed = nextSeed++;
    set({ simulation: { total: connections, done: 0, counts: {}, running: true, seed } });
    const chunk = (done: number) => {
      if (token !== simulationToken) return;
      const upTo = Math.min(connections, done + CHUNK);
      // One seeded run re-done with a growing count: connection k is the same in every run, and
      // session-affinity state (`-m recent`) carries over from the first connection as in the kernel.
      const r = runSimulation(t.ruleset, t.packet, t.env, { connections: upTo, seed });
      const finished = upTo >= connections;
      set({
        simulation: { total: connections, done: upTo, counts: r.endpointCounts, running: !finished, seed },
      });
      // A macrotask between chunks lets React paint the bars filling.
      if (!finished) setTimeout(() => chunk(upTo), 0);
    };
    setTimeout(() => chunk(0), 0);
  };
  const traceWith = (packet: Packet, env: TraceEnv, ruleset: Ruleset): TracedPacket => ({
    packet,
    env,
    ruleset,
    result: runTrace(ruleset, packet, env),
  });

  return {
    packetForm: DEFAULT_PACKET,
    formError: null,
    traced: null,
    outcomeIndex: -1,
    outcomeChoice: null,
    playhead: 0,
    playing: false,
    speed: 1.5,
    simulation: null,
    setPacketField: (field, value) => set({ packetForm: { ...get().packetForm, [field]: value } }),
    send: () => {
      const ruleset = get().ruleset;
      if (!ruleset || ruleset.ruleCount === 0) {
        set({ formError: 'Nothing to trace yet: paste an iptables-save dump first.' });
        return;
      }
      const parsed = packetFromForm(get().packetForm);
      if (parsed.kind === 'error') {
        set({ formError: parsed.message });
        return;
      }
      stopTimer();
      simulationToken++;
      const traced = traceWith(parsed.packet, parsed.env, ruleset);
      const seed = nextSeed++;
      set({
        formError: null,
        traced,
        outcomeIndex: drawOutcome(traced.result.outcomes, seed),
        outcomeChoice: { kind: 'seeded', seed },
        playhead: 0,
        playing: traced.result.outcomes.length > 0,
        simulation: null,
      });
      tick();
    },
    retrace: () => {
      const { traced, ruleset, outcomeIndex, simulation } = get();
      if (!traced || !ruleset || ruleset === traced.ruleset) return;
      const prev = traced.result.outcomes[outcomeIndex];
      const next = traceWith(traced.packet, traced.env, ruleset);
      // Keep showing the same endpoint when it still exists; else the most likely outcome.
      let index = next.result.outcomes.findIndex(
        (o) => prev && o.dnat === prev.dnat && o.verdict === prev.verdict,
      );
      if (index < 0) index = drawOutcome(next.result.outcomes, null);
      const len = next.result.outcomes[index]?.path.length ?? 0;
      set({ traced: next, outcomeIndex: index, playhead: Math.min(get().playhead, Math.max(0, len - 1)) });
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
        if (o.dnat === endpoint && (best < 0 || o.probability > (outcomes[best]?.probability ?? 0))) best = i;
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
      simulationToken++;
      const sim = get().simulation;
      if (sim?.running) set({ simulation: { ...sim, running: false } });
    },
  };
};
