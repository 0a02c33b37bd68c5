import type { StateCreator } from 'zustand';
import type { ServiceGroup } from '../core/kubeproxy';
import { type Diagnostic, hasErrors } from '../core/text';
import type { ChainGraph, GraphPositions, GraphRoutes, PacketSuggestion, PodPlaces } from '../core/view';
import { NO_PLACES } from '../core/view';
import type {
  AnalysisSummary,
  AnalyzedResponse,
  ChainFacts,
  GraphFocus,
  LayoutResponse,
} from '../workers/protocol';
import type { AppState, SliceDeps } from './store';

export type AnalysisStatus = 'idle' | 'parsing' | 'ready' | 'error';

export interface InputDiagnostics {
  readonly iptables: readonly Diagnostic[];
  readonly kubectl: readonly Diagnostic[];
}

/**
 * The worker's view of the current input. `ruleCount`/`groups`/`graph` are the last GOOD analysis:
 * when a newer text has parse errors they stay on screen and `stale` says they no longer match it.
 * The Ruleset, model and kubectl data stay in the worker (protocol.ts): traces, simulations and the
 * editor's chain facts are asked of it.
 */
export interface AnalysisSlice {
  readonly status: AnalysisStatus;
  /** Id of the latest `analyze` request sent; responses with an older id are ignored. */
  readonly requestId: number;
  /** `inputVersion` of the texts the latest request was made from / the last response describes. */
  readonly requestedVersion: number;
  readonly analyzedVersion: number;
  readonly stale: boolean;
  /** Rules in the last good Ruleset (0 before any analysis). */
  readonly ruleCount: number;
  /** Increases with every good analysis received: 0 = none yet (what-if re-trace watches it). */
  readonly rulesetVersion: number;
  /** Endpoint IP → pod name (kubectl json/yaml `targetRef`). */
  readonly pods: Readonly<Record<string, string>>;
  /** kubectl's pods and nodes by IP, and each Service's endpoint IPs (names endpoints in the path, bars, graph). */
  readonly places: PodPlaces;
  /** Service ports found in the nat table (Service search, destination picker). */
  readonly groups: readonly ServiceGroup[];
  /** A first packet for the last good input (re-seeds the form when the user's dump replaces the example). */
  readonly suggestion: PacketSuggestion | null;
  /** Diagnostics of the CURRENT texts (even when the graph is stale). */
  readonly diagnostics: InputDiagnostics;
  readonly graph: ChainGraph | null;
  readonly positions: GraphPositions | null;
  /** Edge routes and label boxes of the same layout (ChainEdge draws along them). */
  readonly routes: GraphRoutes | null;
  /** The focus the graph was last laid out with (`null` = the worker's default). */
  readonly graphFocus: GraphFocus | null;
  readonly summary: AnalysisSummary | null;
  /** A failure of the worker itself (not an input error), in words. */
  readonly analysisError: string | null;
  /** Sends the current texts to the worker (effects/analysisDriver.ts debounces typing before calling it). */
  analyze(): void;
  /** Asks the worker what its last good analysis knows about the chains named `name` (editor hover). */
  chainFacts(name: string): Promise<ChainFacts | null>;
  /**
   * Re-draws the graph of the current analysis with another focus (Service search, packet path);
   * `null` = the default view. The path drawn (`focus.path`, the chosen outcome) is kept when
   * `focus` does not say (a Service search keeps the packet's path on the graph); pass
   * `path: null` to drop it. The answer arrives through `layoutReceived`.
   */
  focusGraph(focus: GraphFocus | null): void;
  /** Marks a new `analyze` request as the one to wait for. */
  analysisStarted(id: number, inputVersion: number): void;
  analysisReceived(response: AnalyzedResponse): void;
  analysisFailed(id: number, message: string): void;
  /** Marks a `layout` request (graph focus change) as sent. */
  layoutStarted(focus: GraphFocus | null): void;
  layoutReceived(response: LayoutResponse): void;
}

const NO_DIAGNOSTICS: InputDiagnostics = { iptables: [], kubectl: [] };

/** Analysis slice: status, last good graph and Service groups, current diagnostics. The engine answers it. */
export const createAnalysisSlice =
  ({ engine }: SliceDeps): StateCreator<AppState, [], [], AnalysisSlice> =>
  (set, get) => ({
    status: 'idle',
    requestId: 0,
    requestedVersion: -1,
    analyzedVersion: -1,
    stale: false,
    ruleCount: 0,
    rulesetVersion: 0,
    pods: {},
    places: NO_PLACES,
    groups: [],
    suggestion: null,
    diagnostics: NO_DIAGNOSTICS,
    graph: null,
    positions: null,
    routes: null,
    graphFocus: null,
    summary: null,
    analysisError: null,
    analyze: () => {
      const { iptablesText, kubectlText, graphFocus, inputVersion } = get();
      get().analysisStarted(engine.analyze(iptablesText, kubectlText, graphFocus), inputVersion);
    },
    chainFacts: (name) => engine.chainFacts(name),
    focusGraph: (focus) => {
      const path = focus && 'path' in focus ? (focus.path ?? null) : (get().graphFocus?.path ?? null);
      const next: GraphFocus | null =
        focus || path ? { services: focus?.services ?? [], chains: focus?.chains ?? [], path } : null;
      set({ graphFocus: next });
      engine.layout(next);
    },
    analysisStarted: (id, inputVersion) =>
      set({ status: 'parsing', requestId: id, requestedVersion: inputVersion }),
    analysisReceived: (r) => {
      if (r.id !== get().requestId) return;
      const diagnostics = { iptables: r.diagnostics.iptables, kubectl: r.diagnostics.kubectl };
      const analyzedVersion = get().requestedVersion;
      // An input with errors keeps the last good graph on screen (marked stale), so a half-typed
      // rule never blanks the page; the first analysis has nothing better to keep.
      if (hasErrors(r.diagnostics.iptables) && get().rulesetVersion > 0) {
        set({
          status: 'ready',
          stale: true,
          diagnostics,
          summary: r.summary,
          analysisError: null,
          analyzedVersion,
        });
        return;
      }
      set({
        status: 'ready',
        stale: false,
        ruleCount: r.ruleCount,
        rulesetVersion: get().rulesetVersion + 1,
        pods: r.pods,
        places: r.places ?? NO_PLACES,
        groups: r.groups,
        suggestion: r.suggestion,
        diagnostics,
        graph: r.graph,
        positions: r.positions,
        routes: r.routes ?? null,
        summary: r.summary,
        analysisError: null,
        analyzedVersion,
      });
    },
    analysisFailed: (id, message) => {
      if (id !== get().requestId) return;
      set({
        status: 'error',
        stale: get().rulesetVersion > 0,
        analysisError: message,
        analyzedVersion: get().requestedVersion,
      });
    },
    layoutStarted: (graphFocus) => set({ graphFocus }),
    layoutReceived: (r) => set({ graph: r.graph, positions: r.positions, routes: r.routes ?? null }),
  });
