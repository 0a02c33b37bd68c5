import type { StateCreator } from 'zustand';
import { pathChains } from '../core/graph/path';
import { findServiceGroups } from '../core/graph/services';
import type { Rule, Ruleset } from '../core/model/ruleset';
import type { AppState } from './store';

/** What is selected: a chain or endpoint node, a rule (edge or editor line), or nothing. */
export type Selection =
  | { readonly kind: 'node'; readonly id: string; readonly line: number }
  | { readonly kind: 'rule'; readonly ruleId: string; readonly chainNode: string; readonly line: number };

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
  setHighlightedLine(line: number | null): void;
  /** Graph click on a node: selects it and reveals its declaration line. */
  selectNode(id: string, line: number): void;
  /** Graph click on an edge, or a path step: selects the rule and reveals its line. */
  selectRule(ruleId: string, line: number): void;
  /** Editor cursor on a line: selects the rule written there (highlights it in the graph), no reveal. */
  selectLine(line: number): void;
  clearSelection(): void;
  setHovered(id: string | null): void;
  /** Searches Services and asks the worker to redraw the graph focused on them. */
  setSearchText(text: string): void;
}

/** The rule written on a 1-based line (chains whose line range cannot hold it are skipped). */
function ruleAtLine(ruleset: Ruleset | null, line: number): Rule | null {
  if (!ruleset) return null;
  for (const table of Object.values(ruleset.tables)) {
    for (const name of table?.order ?? []) {
      const chain = table?.chains[name];
      if (!chain || chain.rules.length === 0) continue;
      const first = chain.rules[0]!.line;
      const last = chain.rules[chain.rules.length - 1]!.line;
      if (line < first || line > last) continue;
      const hit = chain.rules.find((r) => r.line === line);
      if (hit) return hit;
    }
  }
  return null;
}

/** View slice: selection, hover, Service search / focus, and the line the editor should reveal. */
export const createViewSlice: StateCreator<AppState, [], [], ViewSlice> = (set, get) => ({
  highlightedLine: null,
  revealCount: 0,
  selection: null,
  hovered: null,
  searchText: '',
  focusServices: [],
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
  selectLine: (line) => {
    const rule = ruleAtLine(get().ruleset, line);
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
