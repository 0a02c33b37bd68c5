import type { Outcome, Packet, PathStep } from '../trace';
import type { ChainGraph, GraphNodeId, PathFocus, StepPlace } from './types';

export type { StepPlace } from './types';

/**
 * A short key naming a path (FNV-1a over its steps' rule ids, chains and targets): a graph built
 * for a path keeps it, so the page uses that graph's places only for that very path (another
 * endpoint picked while the worker re-lays out keeps the old places out).
 */
export function pathKey(steps: readonly PathStep[]): string {
  let h = 0x811c9dc5;
  const mix = (s: string) => {
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  };
  for (const s of steps) {
    mix(s.ruleId ?? `${s.table}/${s.chain}`);
    mix(`|${s.target}|${s.hook};`);
  }
  return `${steps.length}:${(h >>> 0).toString(36)}`;
}

/** The chosen outcome as the graph builder wants it (GraphFocus.path). */
export function pathFocusOf(outcome: Outcome, origin: Packet['origin']): PathFocus {
  return {
    origin,
    steps: outcome.path,
    verdict: outcome.verdict,
    delivery: outcome.delivery,
    dnat: outcome.dnat,
  };
}

/**
 * Places each step of a traced path on the graph, for the packet marker and the highlight. When
 * the graph was built for this path (`graph.path`, every table and a verdict node), its places are
 * returned: the packet moves along jumps in every table, along `flow` edges to the next table or
 * hook, and ends on the verdict node. Otherwise (a nat-only graph, or one built for another path):
 * a jump/goto/DNAT rule drawn as an edge moves the packet along it; a step in a drawn chain puts it
 * there (a RETURN to the caller, or POSTROUTING after routing — no edge); a step in a chain not
 * drawn leaves it where it was. Returns one place per step, same order. Pure.
 */
export function placePath(graph: ChainGraph, path: readonly PathStep[]): StepPlace[] {
  if (graph.path && graph.path.places.length === path.length && graph.path.key === pathKey(path))
    return [...graph.path.places];
  const nodeIds = new Set(graph.nodes.map((n) => n.id));
  const edges = new Map(graph.edges.map((e) => [e.id as string, e]));
  const places: StepPlace[] = [];
  let here: GraphNodeId | null = null;
  for (const step of path) {
    const edge = step.ruleId ? edges.get(step.ruleId) : undefined;
    const own = `${step.table}/${step.chain}`;
    const chainNode = nodeIds.has(own) ? own : null;
    if (edge) {
      here = edge.target;
      places.push({ node: here, edge: edge.id, chainNode });
      continue;
    }
    if (chainNode) here = chainNode;
    places.push({ node: here, edge: null, chainNode });
  }
  return places;
}

/** Node and edge ids a path visits (for highlighting). */
export function pathHighlight(places: readonly StepPlace[]): { nodes: Set<string>; edges: Set<string> } {
  const nodes = new Set<string>();
  const edges = new Set<string>();
  for (const p of places) {
    if (p.node) nodes.add(p.node);
    if (p.chainNode) nodes.add(p.chainNode);
    if (p.edge) edges.add(p.edge);
    for (const n of p.passed ?? []) nodes.add(n);
    for (const e of p.via ?? []) edges.add(e);
  }
  return { nodes, edges };
}

/** The chain names a path runs through (for the focus view: its Services stay drawn). */
export function pathChains(path: readonly PathStep[]): string[] {
  const seen = new Set<string>();
  for (const step of path) {
    seen.add(step.chain);
    // The jump target too: a jump into a hidden KUBE-SVC is what makes its group needed.
    if (step.verdict === 'jump' || step.verdict === 'goto') seen.add(step.target);
  }
  return [...seen];
}
