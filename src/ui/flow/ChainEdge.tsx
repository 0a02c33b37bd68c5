import { BaseEdge, EdgeLabelRenderer, type EdgeProps, getBezierPath } from '@xyflow/react';
import { useT } from '../../i18n';
import { useStore } from '../../state/store';
import type { FlowEdge } from './derive';

/**
 * A rule drawn as an edge: the match in short form as its label; on the packet's path it is
 * thick and coloured (DNAT blue). While the packet travels it, a marker moves along the path
 * (SVG animateMotion, restarted at every step through its key).
 */
export function ChainEdge(props: EdgeProps<FlowEdge>) {
  const { id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, markerEnd } = props;
  const [path, labelX, labelY] = getBezierPath({
    sourceX,
    sourceY,
    targetX,
    targetY,
    sourcePosition,
    targetPosition,
  });
  const tr = useT();
  if (!data) return null;
  const e = data.edge;
  const classes = [
    'chain-edge',
    `kind-${e.kind}`,
    data.onPath ? 'on-path' : '',
    data.visited ? 'visited' : '',
    data.selected ? 'is-selected' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const seconds = data.stepSeconds;
  return (
    <>
      <BaseEdge id={id} path={path} className={classes} markerEnd={markerEnd} interactionWidth={14} />
      <EdgeLabelRenderer>
        {/* The edge itself is keyboard-focusable (React Flow); the label is a second, mouse-only target. */}
        <button
          type="button"
          tabIndex={-1}
          className={`edge-label nodrag nopan ${classes}`}
          style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
          title={tr('node.line', { line: e.line })}
          onClick={() => useStore.getState().selectRule(e.id, e.line)}
        >
          {e.label}
        </button>
      </EdgeLabelRenderer>
      {data.packetStep !== null && (
        <circle key={data.packetStep} r={9} className="packet-marker">
          <animateMotion dur={`${seconds}s`} path={path} fill="freeze" />
        </circle>
      )}
    </>
  );
}
