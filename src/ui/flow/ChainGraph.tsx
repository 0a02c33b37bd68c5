import '@xyflow/react/dist/style.css';
import './flow.css';
import './toolbar.css';
import {
  type AriaLabelConfig,
  type EdgeChange,
  type NodeChange,
  Panel,
  ReactFlow,
  ReactFlowProvider,
  useStore as useFlowStore,
  useNodesInitialized,
} from '@xyflow/react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { placePath } from '../../core/view';
import type { Translate } from '../../i18n';
import { useAppState, useAppStore } from '../../state/context';
import { useLang, useT } from '../useT';
import { ChainEdge } from './ChainEdge';
import { ChainNode } from './ChainNode';
import { type FlowEdge, type FlowNode, type Overlay, toFlowEdges, toFlowNodes } from './derive';
import { GraphToolbar } from './GraphToolbar';
import { requestPathGraph } from './pathFocus';
import { keepUnchanged } from './reuse';
import { useCanvasView } from './useCanvasView';

export { GraphMinimap } from './GraphMinimap';
export { PacketCaption } from './PacketCaption';

/**
 * Every string React Flow itself puts on the canvas (descriptions, the live message, controls,
 * minimap, handles), in the language on screen; nodes' and edges' role descriptions are set on
 * each one (derive.ts).
 */
function flowAriaLabels(tr: Translate): AriaLabelConfig {
  const direction = (d: string): string =>
    d === 'up' || d === 'down' || d === 'left' || d === 'right' ? tr(`graph.dir.${d}`) : d;
  return {
    'node.a11yDescription.default': tr('graph.a11yNode'),
    'node.a11yDescription.keyboardDisabled': tr('graph.a11yNode'),
    'node.a11yDescription.ariaLiveMessage': ({ direction: d, x, y }) =>
      tr('graph.moved', { direction: direction(d), x, y }),
    'edge.a11yDescription.default': tr('graph.a11yEdge'),
    'controls.ariaLabel': tr('graph.controls'),
    'controls.zoomIn.ariaLabel': tr('graph.zoomIn'),
    'controls.zoomOut.ariaLabel': tr('graph.zoomOut'),
    'controls.fitView.ariaLabel': tr('graph.whole'),
    'controls.interactive.ariaLabel': tr('graph.interactive'),
    'minimap.ariaLabel': tr('graph.overview'),
    'handle.ariaLabel': tr('graph.handle'),
  };
}

const nodeTypes = { chain: ChainNode };
const edgeTypes = { chain: ChainEdge };

/** The chosen outcome's path placed on the graph, plus selection: everything the canvas overlays. */
function useOverlay(): Overlay {
  const graph = useAppState((s) => s.graph);
  const traced = useAppState((s) => s.traced);
  const outcomeIndex = useAppState((s) => s.outcomeIndex);
  const playhead = useAppState((s) => s.playhead);
  const selection = useAppState((s) => s.selection);
  const speed = useAppState((s) => s.speed);
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

/** Asks the worker for a graph that draws the chosen outcome's path in every table, with its verdict (pathFocus.ts). */
function useFocusOnPath(): void {
  const traced = useAppState((s) => s.traced);
  const outcomeIndex = useAppState((s) => s.outcomeIndex);
  const store = useAppStore();
  useEffect(() => requestPathGraph(store, traced, outcomeIndex), [store, traced, outcomeIndex]);
}

function Canvas({ nodes, edges, overlay }: { nodes: FlowNode[]; edges: FlowEdge[]; overlay: Overlay }) {
  const initialized = useNodesInitialized({ includeHiddenNodes: true });
  const size = useFlowStore((s) => `${Math.round(s.width)}x${Math.round(s.height)}`);
  useCanvasView(overlay, initialized, size);
  const store = useAppStore();
  const tr = useT();
  const ariaLabels = useMemo(() => flowAriaLabels(tr), [tr]);

  // Selection arrives as React Flow "select" changes, from a click or from Enter on a focused
  // node/edge (keyboard), so both reveal the rule's line. Nodes are derived, so nothing is applied.
  const onNodesChange = (changes: NodeChange<FlowNode>[]) => {
    for (const c of changes) {
      if (c.type !== 'select' || !c.selected) continue;
      const n = nodes.find((x) => x.id === c.id);
      if (!n) continue;
      const s = store.getState();
      s.selectNode(n.id, n.data.node.line);
      if (n.data.node.role === 'endpoint' && s.traced) s.chooseEndpoint(n.data.node.title);
    }
  };
  const onEdgesChange = (changes: EdgeChange<FlowEdge>[]) => {
    for (const c of changes) {
      if (c.type !== 'select' || !c.selected) continue;
      const e = edges.find((x) => x.id === c.id);
      if (e?.data) store.getState().selectRule(e.id, e.data.edge.line);
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
      onNodeMouseEnter={(_e, n) => store.getState().setHovered(n.id)}
      onNodeMouseLeave={() => store.getState().setHovered(null)}
      nodesDraggable={false}
      nodesConnectable={false}
      minZoom={0.05}
      maxZoom={2.5}
      onlyRenderVisibleElements={nodes.length > 300}
      ariaLabelConfig={ariaLabels}
      // React Flow's own attribution names itself in English: the same link, drawn below with its
      // name in the language on screen.
      proOptions={{ hideAttribution: true }}
    >
      <Panel position="bottom-right" className="react-flow__attribution">
        <a
          href="https://reactflow.dev"
          target="_blank"
          rel="noopener noreferrer"
          aria-label={tr('graph.attribution')}
        >
          React Flow
        </a>
      </Panel>
    </ReactFlow>
  );
}

/**
 * React Flow's store for the page: the canvas, its toolbar and the minimap (drawn in the story
 * strip, outside the canvas) read the same viewport through it.
 */
export function GraphProvider({ children }: { children: ReactNode }) {
  return <ReactFlowProvider>{children}</ReactFlowProvider>;
}

/**
 * The chain graph (React Flow): hooks on the left, Service chains, endpoint chains, pods, then
 * POSTROUTING; the packet's path highlighted and animated. A toolbar above the canvas holds every
 * control; the stale note sits between them; nothing is drawn over the nodes. Reads everything from
 * the store; must sit inside GraphProvider.
 */
export function ChainGraph() {
  const graph = useAppState((s) => s.graph);
  const positions = useAppState((s) => s.positions);
  const hasGraph = (graph?.nodes.length ?? 0) > 0 && positions !== null;
  const stale = useAppState((s) => s.stale);
  const status = useAppState((s) => s.status);
  const tr = useT();
  const lang = useLang();
  const overlay = useOverlay();
  useFocusOnPath();
  // Unchanged nodes and edges keep their objects, so a playback step redraws only what it moved (reuse.ts).
  const drawn = useRef<{ nodes: FlowNode[]; edges: FlowEdge[] }>({ nodes: [], edges: [] });
  const nodes = useMemo<FlowNode[]>(() => {
    drawn.current.nodes = keepUnchanged(
      drawn.current.nodes,
      graph && positions ? toFlowNodes(graph, positions, overlay, tr, lang) : [],
    );
    return drawn.current.nodes;
  }, [graph, positions, overlay, tr, lang]);
  const edges = useMemo<FlowEdge[]>(() => {
    drawn.current.edges = keepUnchanged(
      drawn.current.edges,
      graph && positions ? toFlowEdges(graph, positions, overlay, tr) : [],
    );
    return drawn.current.edges;
  }, [graph, positions, overlay, tr]);
  return (
    <section
      id="chain-graph"
      tabIndex={-1}
      className="chain-graph"
      aria-label={tr('graph.region')}
      data-stale={stale ? 'true' : 'false'}
    >
      {hasGraph && <GraphToolbar places={overlay.places} />}
      {stale && (
        <p className="graph-stale" role="note">
          {tr('graph.staleNote')}
        </p>
      )}
      <div className="graph-canvas">
        {hasGraph ? (
          <Canvas nodes={nodes} edges={edges} overlay={overlay} />
        ) : (
          <p className="graph-empty">{status === 'parsing' ? tr('graph.drawing') : tr('graph.empty')}</p>
        )}
      </div>
    </section>
  );
}
