import type { PathStep } from '../trace/types';
import type { ChainGraph, GraphNodeId } from './types';

/** Where the packet is in the graph after one path step, and the edge it took to get there. */
export interface StepPlace {
  /** Null only before the packet reaches any drawn node (e.g. raw/mangle steps first). */
  readonly node: GraphNodeId | null;
  /** The edge (rule id) just followed, or null for a move without an edge (return, routing). */
  readonly edge: string | null;
  /** The drawn node of the chain the step's rule is in (null when that chain is not drawn). */
  readonly chainNode: GraphNodeId | null;
}

/**
 * Places each step of a traced path on the graph, for the packet marker and the highlight:
 * a jump/goto/DNAT rule drawn as an edge moves the packet along it; a step in a drawn chain puts
 * it there (a RETURN to the caller, or POSTROUTING after routing — no edge); a step in a chain
 * not drawn (filter table, KUBE-MARK-MASQ badge, hidden Services) leaves it where it was.
 * Returns one place per step, same order. Pure.
 */
export function placePath(graph: ChainGraph, path: readonly PathStep[]): StepPlace[] {
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
