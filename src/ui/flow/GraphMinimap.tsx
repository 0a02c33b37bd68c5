import { MiniMap } from '@xyflow/react';
import type { GraphNode } from '../../core/graph/types';
import { useT } from '../../i18n';
import { usePresenter } from '../app/presenter';
import type { FlowNode } from './derive';
import { useGraphView } from './graphView';

const MINIMAP_COLOR: Record<GraphNode['role'], string> = {
  hook: '#475569',
  services: '#334155',
  other: '#94a3b8',
  external: '#7c3aed',
  service: '#0f766e',
  endpointChain: '#1d4ed8',
  endpoint: '#15803d',
  postrouting: '#c2410c',
  verdict: '#0f172a',
};

/**
 * The overview map, drawn OUTSIDE the canvas (in the story strip) so it can never cover a node of
 * the path; React Flow's provider (GraphProvider) lets it read the canvas from there. Hidden by its
 * toolbar button and always in presenter mode.
 */
export function GraphMinimap() {
  const tr = useT();
  const shown = useGraphView((s) => s.minimap);
  const presenting = usePresenter((s) => s.presenting);
  if (!shown || presenting) return null;
  return (
    <div className="graph-minimap" data-testid="graph-minimap">
      <MiniMap
        pannable
        zoomable
        position="top-left"
        ariaLabel={tr('graph.overview')}
        style={{ width: 168, height: 104 }}
        nodeColor={(n) => MINIMAP_COLOR[(n as FlowNode).data.node.role]}
      />
    </div>
  );
}
