import { type Edge, MarkerType, type Node } from '@xyflow/react';
import { chainAuthorName } from '../../core/kubeproxy';
import type { ChainGraph, GraphEdge, GraphNode, GraphPositions, VerdictFacts } from '../../core/view';
import { pathHighlight, type StepPlace } from '../../core/view';
import { graphText, type Language, type Translate, translator } from '../../i18n';
import type { Selection } from '../../state/viewSlice';
import { placeText } from '../trace/placeText';

/** What the canvas shows on top of the graph: the path, the packet, the selection. */
export interface Overlay {
  readonly places: readonly StepPlace[];
  readonly playhead: number;
  /** Outcome verdict tone for the packet marker. */
  readonly tone: 'ok' | 'drop' | 'reject' | null;
  readonly selection: Selection | null;
  /** How long the marker takes along one edge (from the playback speed). */
  readonly stepSeconds: number;
}

export interface ChainNodeData extends Record<string, unknown> {
  readonly node: GraphNode;
  /** On the chosen outcome's path (anywhere), and already reached by the packet. */
  readonly onPath: boolean;
  readonly visited: boolean;
  readonly packetHere: boolean;
  readonly tone: Overlay['tone'];
  readonly selected: boolean;
}

export interface ChainEdgeData extends Record<string, unknown> {
  readonly edge: GraphEdge;
  readonly onPath: boolean;
  readonly visited: boolean;
  /** The playhead value while the packet travels this edge (a key to restart the animation), else null. */
  readonly packetStep: number | null;
  readonly stepSeconds: number;
  readonly selected: boolean;
}

export type FlowNode = Node<ChainNodeData, 'chain'>;
export type FlowEdge = Edge<ChainEdgeData, 'chain'>;

/** The verdict node's two lines in words: where the packet went (or was stopped), and the deciding rule. */
export function verdictWords(v: VerdictFacts, tr: Translate): { to: string; detail: string } {
  const where = `${v.table ?? ''} ${v.chain ?? ''}`.trim();
  // `10.244.169.161:80 (web-… on k8s-node2)`: the words before it already say "the pod".
  const place = v.place ? placeText(v.place, tr, true) : null;
  const dnat = v.dnat && place ? tr('place.endpoint', { endpoint: v.dnat, place }) : (v.dnat ?? '');
  let to: string;
  if (v.verdict !== 'ACCEPT') to = tr(v.verdict === 'DROP' ? 'vnode.DROP' : 'vnode.REJECT', { where });
  else if (v.delivery === 'local') to = tr(dnat ? 'vnode.localPod' : 'vnode.local', { dnat });
  else if (v.delivery === 'out') to = tr(dnat ? 'vnode.outPod' : 'vnode.out', { dnat });
  else to = tr(dnat ? 'vnode.forwardPod' : 'vnode.forward', { dnat });
  const detail =
    v.line > 0
      ? tr('vnode.line', { line: v.line, rule: v.comment ?? v.rule })
      : tr('vnode.policy', { where, rule: v.rule });
  return { to, detail };
}

/**
 * A node's accessible name: table and chain first ("filter KUBE-SERVICES, policy ACCEPT"), an
 * endpoint's address ("Endpoint 10.244.1.5:80, web-…"), the verdict word first for the verdict
 * node ("REJECT, rejected in filter KUBE-SERVICES, line 45: …").
 */
function nodeAriaLabel(n: GraphNode, tr: Translate, lang: Language): string {
  if (n.verdict) {
    const { to, detail } = verdictWords(n.verdict, tr);
    return tr('node.ariaVerdict', { verdict: n.verdict.verdict, to, detail });
  }
  const author = n.author ? `, ${chainAuthorName(n.author, lang)}` : '';
  const subtitle = `${author}${n.subtitle ? `, ${graphText(n.subtitle, tr)}` : ''}`;
  if (n.role === 'endpoint') return tr('node.ariaEndpoint', { title: n.title, subtitle });
  return tr('node.ariaChain', { table: n.table ?? '', title: n.title, subtitle });
}

function pathSets(o: Overlay) {
  return { all: pathHighlight(o.places), seen: pathHighlight(o.places.slice(0, o.playhead + 1)) };
}

/** React Flow nodes for a laid-out graph (derived, never stored). Nodes without a position are left out. */
export function toFlowNodes(
  graph: ChainGraph,
  positions: GraphPositions,
  o: Overlay,
  tr: Translate = translator('en'),
  lang: Language = 'en',
): FlowNode[] {
  const { all, seen } = pathSets(o);
  const here = o.places[o.playhead]?.node ?? null;
  const sel = o.selection;
  const out: FlowNode[] = [];
  for (const n of graph.nodes) {
    const p = positions[n.id];
    if (!p) continue;
    out.push({
      id: n.id,
      type: 'chain',
      position: { x: p.x, y: p.y },
      width: p.width,
      height: p.height,
      draggable: false,
      connectable: false,
      ariaLabel: nodeAriaLabel(n, tr, lang),
      // React Flow writes `aria-roledescription="node"` and lets domAttributes override it.
      domAttributes: { 'aria-roledescription': tr('graph.roleNode') },
      data: {
        node: n,
        onPath: all.nodes.has(n.id),
        visited: seen.nodes.has(n.id),
        packetHere: here === n.id,
        tone: o.tone,
        selected: sel ? (sel.kind === 'node' ? sel.id === n.id : sel.chainNode === n.id) : false,
      },
    });
  }
  return out;
}

/** React Flow edges (derived). The edge the packet is on at the playhead carries `packetStep`. */
export function toFlowEdges(
  graph: ChainGraph,
  positions: GraphPositions,
  o: Overlay,
  tr: Translate = translator('en'),
): FlowEdge[] {
  const { all, seen } = pathSets(o);
  const moving = o.places[o.playhead]?.edge ?? null;
  const sel = o.selection;
  return graph.edges
    .filter((e) => positions[e.source] && positions[e.target])
    .map((e) => ({
      id: e.id,
      type: 'chain',
      source: e.source,
      target: e.target,
      ariaLabel:
        e.kind === 'flow' || e.line === 0
          ? tr('edge.ariaFlow', { target: e.target.replace('/', ' ') })
          : tr('edge.aria', { line: e.line, label: graphText(e.label, tr) }),
      domAttributes: { 'aria-roledescription': tr('graph.roleEdge') },
      zIndex: all.edges.has(e.id) ? 10 : 0,
      markerEnd: { type: MarkerType.ArrowClosed, width: 14, height: 14 },
      data: {
        edge: e,
        onPath: all.edges.has(e.id),
        visited: seen.edges.has(e.id),
        packetStep: moving === e.id ? o.playhead : null,
        stepSeconds: o.stepSeconds,
        selected: sel?.kind === 'rule' && sel.ruleId === e.id,
      },
    }));
}
