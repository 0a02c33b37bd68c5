import '@xyflow/react/dist/style.css';
import './flow.css';
import {
  Controls,
  type EdgeChange,
  MiniMap,
  type NodeChange,
  Panel,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
} from '@xyflow/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { pathChains, pathHighlight, placePath } from '../../core/graph/path';
import type { GraphNode } from '../../core/graph/types';
import { useT } from '../../i18n';
import { useStore } from '../../state/store';
import { ChainEdge } from './ChainEdge';
import { ChainNode } from './ChainNode';
import { type FlowEdge, type FlowNode, type Overlay, toFlowEdges, toFlowNodes } from './derive';
import { ExportButtons } from './ExportButtons';
import { keepUnchanged } from './reuse';
import { ServiceSearch } from './ServiceSearch';

const nodeTypes = { chain: ChainNode };
const edgeTypes = { chain: ChainEdge };

const MINIMAP_COLOR: Record<GraphNode['role'], string> = {
  hook: '#475569',
  services: '#334155',
  other: '#94a3b8',
  external: '#7c3aed',
  service: '#0f766e',
  endpointChain: '#1d4ed8',
  endpoint: '#15803d',
  postrouting: '#c2410c',
};

/** The chosen outcome's path placed on the graph, plus selection: everything the canvas overlays. */
function useOverlay(): Overlay {
  const graph = useStore((s) => s.graph);
  const traced = useStore((s) => s.traced);
  const outcomeIndex = useStore((s) => s.outcomeIndex);
  const playhead = useStore((s) => s.playhead);
  const selection = useStore((s) => s.selection);
  const speed = useStore((s) => s.speed);
  const outcome = traced?.result.outcomes[outcomeIndex] ?? null;
  const places = useMemo(() => (graph && outcome ? placePath(graph, outcome.path) : []), [graph, outcome]);
  const tone = outcome
    ? outcome.verdict === 'ACCEPT'
      ? 'ok'
      : outcome.verdict === 'DROP'
        ? 'drop'
        : 'reject'
    : null;
  return useMemo(
    () => ({ places, playhead, tone, selection, stepSeconds: Math.min(0.9, 0.8 / speed) }),
    [places, playhead, tone, selection, speed],
  );
}

/** Asks the worker for a graph that includes the path's chains when the focus view hides them. */
function useFocusOnPath(): void {
  const graph = useStore((s) => s.graph);
  const traced = useStore((s) => s.traced);
  const outcomeIndex = useStore((s) => s.outcomeIndex);
  useEffect(() => {
    const path = traced?.result.outcomes[outcomeIndex]?.path;
    if (!graph?.focused || !path) return;
    const shown = new Set(graph.nodes.map((n) => n.chain));
    const chains = pathChains(path).filter((c) => c.startsWith('KUBE-'));
    const missing = chains.filter((c) => !shown.has(c) && !c.startsWith('KUBE-MARK-'));
    if (missing.length === 0) return;
    const s = useStore.getState();
    if (s.graphFocus?.chains.join() === chains.join()) return;
    s.focusGraph({ services: s.focusServices, chains });
  }, [graph, traced, outcomeIndex]);
}

/** Where the packet is, in words, over the canvas; a DROP/REJECT in the (undrawn) filter table shows here in red. */
function PacketCaption() {
  const step = useStore((s) => s.traced?.result.outcomes[s.outcomeIndex]?.path[s.playhead] ?? null);
  const tr = useT();
  if (!step) return null;
  const bad = step.verdict === 'DROP' || step.verdict === 'REJECT';
  const tone = bad
    ? 'bad'
    : step.verdict === 'MASQUERADE' || step.verdict === 'SNAT'
      ? 'masq'
      : step.verdict === 'DNAT'
        ? 'dnat'
        : 'plain';
  return (
    <p className={`packet-caption caption-${tone}`} aria-live="polite">
      {tr('graph.caption', {
        where: `${step.table}/${step.chain}`,
        hook: step.hook,
        what: `${step.verdict === 'continue' ? step.target : step.verdict}${step.verdict === 'jump' || step.verdict === 'goto' ? ` ${step.target}` : ''}`,
      })}
      {step.line > 0 ? tr('graph.captionLine', { line: step.line }) : ''}
    </p>
  );
}

function Canvas() {
  const graph = useStore((s) => s.graph);
  const positions = useStore((s) => s.positions);
  const overlay = useOverlay();
  const tr = useT();
  const { fitView, setCenter, getZoom } = useReactFlow();
  // Following the packet keeps the names readable (on a projector) where the whole graph would be tiny.
  const [follow, setFollow] = useState(true);
  useFocusOnPath();

  // Unchanged nodes and edges keep their objects, so a playback step redraws only what it moved (reuse.ts).
  const drawn = useRef<{ nodes: FlowNode[]; edges: FlowEdge[] }>({ nodes: [], edges: [] });
  const nodes = useMemo<FlowNode[]>(() => {
    drawn.current.nodes = keepUnchanged(
      drawn.current.nodes,
      graph && positions ? toFlowNodes(graph, positions, overlay, tr) : [],
    );
    return drawn.current.nodes;
  }, [graph, positions, overlay, tr]);
  const edges = useMemo<FlowEdge[]>(() => {
    drawn.current.edges = keepUnchanged(
      drawn.current.edges,
      graph && positions ? toFlowEdges(graph, positions, overlay, tr) : [],
    );
    return drawn.current.edges;
  }, [graph, positions, overlay, tr]);

  // A new graph (new input or focus): show all of it, unless the view follows a packet on it.
  const following = useRef(false);
  useEffect(() => {
    if (!graph || !positions || following.current) return;
    const handle = requestAnimationFrame(() => void fitView({ padding: 0.08, duration: 250 }));
    return () => cancelAnimationFrame(handle);
  }, [graph, positions, fitView]);

  // A new packet (or outcome): frame its path, readable on a projector, instead of the whole dump.
  const traced = useStore((s) => s.traced);
  const outcomeIndex = useStore((s) => s.outcomeIndex);
  const pathNodes = useMemo(() => [...pathHighlight(overlay.places).nodes], [overlay.places]);
  useEffect(() => {
    if (follow || !traced || outcomeIndex < 0 || pathNodes.length === 0) return;
    const handle = requestAnimationFrame(
      () =>
        void fitView({ nodes: pathNodes.map((id) => ({ id })), padding: 0.12, duration: 400, maxZoom: 1.1 }),
    );
    return () => cancelAnimationFrame(handle);
  }, [follow, traced, outcomeIndex, pathNodes, fitView]);

  const here = overlay.places[overlay.playhead]?.node ?? null;
  following.current = follow && here !== null;
  useEffect(() => {
    const p = here && positions?.[here];
    if (!follow || !p) return;
    void setCenter(p.x + p.width / 2, p.y + p.height / 2, { zoom: Math.max(getZoom(), 0.85), duration: 400 });
  }, [follow, here, positions, setCenter, getZoom]);

  // Selection arrives as React Flow "select" changes, from a click or from Enter on a focused
  // node/edge (keyboard), so both reveal the rule's line. Nodes are derived, so nothing is applied.
  const onNodesChange = (changes: NodeChange<FlowNode>[]) => {
    for (const c of changes) {
      if (c.type !== 'select' || !c.selected) continue;
      const n = nodes.find((x) => x.id === c.id);
      if (!n) continue;
      const s = useStore.getState();
      s.selectNode(n.id, n.data.node.line);
      if (n.data.node.role === 'endpoint' && s.traced) s.chooseEndpoint(n.data.node.title);
    }
  };
  const onEdgesChange = (changes: EdgeChange<FlowEdge>[]) => {
    for (const c of changes) {
      if (c.type !== 'select' || !c.selected) continue;
      const e = edges.find((x) => x.id === c.id);
      if (e?.data) useStore.getState().selectRule(e.id, e.data.edge.line);
    }
  };

  return (
    <ReactFlow<FlowNode, FlowEdge>
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onNodeMouseEnter={(_e, n) => useStore.getState().setHovered(n.id)}
      onNodeMouseLeave={() => useStore.getState().setHovered(null)}
      nodesDraggable={false}
      nodesConnectable={false}
      minZoom={0.05}
      maxZoom={2}
      fitView
      onlyRenderVisibleElements={nodes.length > 300}
    >
      <Panel position="top-left">
        <ServiceSearch />
      </Panel>
      <Panel position="top-right">
        <label className="follow-toggle">
          <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} />{' '}
          {tr('graph.follow')}
        </label>
        <ExportButtons places={overlay.places} />
      </Panel>
      <Panel position="bottom-center">
        <PacketCaption />
      </Panel>
      <MiniMap
        pannable
        zoomable
        ariaLabel={tr('graph.overview')}
        nodeColor={(n) => MINIMAP_COLOR[(n as FlowNode).data.node.role]}
      />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}

/**
 * The chain graph (React Flow): hooks on the left, Service chains, endpoint chains, pods, then
 * POSTROUTING; the packet's path highlighted and animated. Reads everything from the store.
 */
export function ChainGraph() {
  const hasGraph = useStore((s) => (s.graph?.nodes.length ?? 0) > 0 && s.positions !== null);
  const stale = useStore((s) => s.stale);
  const status = useStore((s) => s.status);
  const tr = useT();
  return (
    <section className="chain-graph" aria-label="Chain graph" data-stale={stale ? 'true' : 'false'}>
      {stale && (
        <p className="graph-stale" role="note">
          {tr('graph.staleNote')}
        </p>
      )}
      {hasGraph ? (
        <ReactFlowProvider>
          <Canvas />
        </ReactFlowProvider>
      ) : (
        <p className="graph-empty">{status === 'parsing' ? tr('graph.drawing') : tr('graph.empty')}</p>
      )}
    </section>
  );
}
