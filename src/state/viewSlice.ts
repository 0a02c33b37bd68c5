import type { StateCreator } from 'zustand';
import { findServiceGroups } from '../core/kubeproxy';
import { pathChains } from '../core/view';
import type { AppState, SliceDeps } from './store';

/** What is selected: a chain or endpoint node, a rule (edge or editor line), or nothing. */
export type Selection =
  | { readonly kind: 'node'; readonly id: string; readonly line: number }
  | { readonly kind: 'rule'; readonly ruleId: string; readonly chainNode: string; readonly line: number };

/** How the canvas is framed (nothing to share or save). */
export interface CanvasView {
  /** Pan so the packet's current node stays in view while it moves. */
  readonly follow: boolean;
  /** Show the whole graph (orientation) instead of the packet's path at a readable zoom. */
  readonly whole: boolean;
  /** The small overview map beside the graph (main.tsx shows it where the window has room). */
  readonly minimap: boolean;
}

export interface ViewSlice {
  /** 1-based line of the iptables text to reveal and highlight in the editor (graph click, path step). */
  readonly highlightedLine: number | null;
  /** Increases on every reveal request, so clicking the same element twice reveals it again. */
  readonly revealCount: number;
  readonly selection: Selection | null;
  /** Node or edge id under the pointer (graph), or null. */
  readonly hovered: string | null;
  /** The Service search box's text. */
  readonly searchText: string;
  /** Service group keys the search found (what the graph focuses on). */
  readonly focusServices: readonly string[];
  /** A request to centre the graph on a node (a Service chosen in the finder); `seq` makes repeats count. */
  readonly centerRequest: { readonly nodeId: string; readonly seq: number } | null;
  /** Read by the graph toolbar, the canvas and the minimap, which sit in different parts of the page. */
  readonly canvas: CanvasView;
  centerOn(nodeId: string): void;
  setCanvas(patch: Partial<CanvasView>): void;
  setHighlightedLine(line: number | null): void;
  /** Graph click on a node: selects it and reveals its declaration line. */
  selectNode(id: string, line: number): void;
  /** Graph click on an edge, or a path step: selects the rule and reveals its line. */
  selectRule(ruleId: string, line: number): void;
  /**
   * Editor cursor on a line: selects the rule written there (highlights it in the graph), no reveal.
   * The worker, which keeps the Ruleset, says which rule that is; the answer to an older line is dropped.
   */
  selectLine(line: number): Promise<void>;
  clearSelection(): void;
  setHovered(id: string | null): void;
  /** Searches Services and asks the worker to redraw the graph focused on them. */
  setSearchText(text: string): void;
}

/** View slice: selection, hover, Service search / focus, and the line the editor should reveal. */
export const createViewSlice =
  ({ engine }: SliceDeps): StateCreator<AppState, [], [], ViewSlice> =>
  (set, get) => ({
    highlightedLine: null,
    revealCount: 0,
    selection: null,
    hovered: null,
    searchText: '',
    focusServices: [],
    centerRequest: null,
    canvas: { follow: true, whole: false, minimap: false },
    setCanvas: (patch) => set({ canvas: { ...get().canvas, ...patch } }),
    centerOn: (nodeId) => set({ centerRequest: { nodeId, seq: (get().centerRequest?.seq ?? 0) + 1 } }),
    setHighlightedLine: (highlightedLine) => set({ highlightedLine, revealCount: get().revealCount + 1 }),
    selectNode: (id, line) =>
      set({
        selection: { kind: 'node', id, line },
        highlightedLine: line > 0 ? line : get().highlightedLine,
        revealCount: get().revealCount + 1,
      }),
    selectRule: (ruleId, line) => {
      const chainNode = ruleId.slice(0, ruleId.lastIndexOf('#'));
      set({
        selection: { kind: 'rule', ruleId, chainNode, line },
        highlightedLine: line > 0 ? line : get().highlightedLine,
        revealCount: get().revealCount + 1,
      });
    },
    selectLine: async (line) => {
      const version = get().rulesetVersion;
      const rule = await engine.ruleAt(line);
      // A newer analysis may have moved the rules meanwhile: its own cursor event will ask again.
      if (version !== get().rulesetVersion) return;
      const current = get().selection;
      if (!rule) {
        if (current?.kind === 'rule') set({ selection: null });
        return;
      }
      if (current?.kind === 'rule' && current.ruleId === rule.id) return;
      set({ selection: { kind: 'rule', ruleId: rule.id, chainNode: `${rule.table}/${rule.chain}`, line } });
    },
    clearSelection: () => set({ selection: null }),
    setHovered: (hovered) => {
      if (hovered !== get().hovered) set({ hovered });
    },
    setSearchText: (searchText) => {
      const focusServices = findServiceGroups(get().groups, searchText);
      set({ searchText, focusServices });
      const chains = pathChains(get().traced?.result.outcomes[get().outcomeIndex]?.path ?? []);
      get().focusGraph(
        focusServices.length > 0 || chains.length > 0 ? { services: focusServices, chains } : null,
      );
    },
  });
