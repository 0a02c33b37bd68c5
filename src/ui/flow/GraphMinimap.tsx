import { MiniMap } from '@xyflow/react';
import { ROLE_COLOR } from '../../core/view';
import { useAppState } from '../../state/context';
import { useT } from '../useT';
import type { FlowNode } from './derive';

/**
 * The overview map, drawn OUTSIDE the canvas (in the story strip) so it can never cover a node of
 * the path; React Flow's provider (GraphProvider) lets it read the canvas from there. Hidden by its
 * toolbar button and always in presenter mode.
 */
export function GraphMinimap() {
  const tr = useT();
  const shown = useAppState((s) => s.canvas.minimap);
  const presenting = useAppState((s) => s.presenting);
  if (!shown || presenting) return null;
  return (
    <div className="graph-minimap" data-testid="graph-minimap">
      <MiniMap
        pannable
        zoomable
        position="top-left"
        ariaLabel={tr('graph.overview')}
        style={{ width: 168, height: 104 }}
        nodeColor={(n) => ROLE_COLOR[(n as FlowNode).data.node.role]}
      />
    </div>
  );
}
