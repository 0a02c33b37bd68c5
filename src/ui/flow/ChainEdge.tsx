import { BaseEdge, EdgeLabelRenderer, type EdgeProps, getBezierPath } from '@xyflow/react';
import type { EdgeRoute } from '../../core/view';
import { graphText } from '../../i18n';
import { useAppState, useAppStore } from '../../state/context';
import { useT } from '../useT';
import type { FlowEdge } from './derive';

/** SVG path data through a route: rounded corners on elk's orthogonal polyline, or the cubic as given. */
function routePath(route: EdgeRoute): string {
  const p = route.points;
  if (p.length === 0) return '';
  if (route.shape === 'bezier' && p.length === 4)
    return `M${p[0]!.x},${p[0]!.y} C${p[1]!.x},${p[1]!.y} ${p[2]!.x},${p[2]!.y} ${p[3]!.x},${p[3]!.y}`;
  const r = 8;
  let d = `M${p[0]!.x},${p[0]!.y}`;
  for (let i = 1; i < p.length - 1; i++) {
    const a = p[i - 1]!;
    const b = p[i]!;
    const c = p[i + 1]!;
    const inLen = Math.hypot(b.x - a.x, b.y - a.y);
    const outLen = Math.hypot(c.x - b.x, c.y - b.y);
    const k = Math.min(r, inLen / 2, outLen / 2);
    if (k < 0.5) {
      d += ` L${b.x},${b.y}`;
      continue;
    }
    const p1 = { x: b.x - ((b.x - a.x) / inLen) * k, y: b.y - ((b.y - a.y) / inLen) * k };
    const p2 = { x: b.x + ((c.x - b.x) / outLen) * k, y: b.y + ((c.y - b.y) / outLen) * k };
    d += ` L${p1.x},${p1.y} Q${b.x},${b.y} ${p2.x},${p2.y}`;
  }
  const last = p[p.length - 1]!;
  return `${d} L${last.x},${last.y}`;
}

/**
 * A rule drawn as an edge: the match in short form as its label; on the packet's path it is
 * thick and coloured (DNAT blue). It follows the layout's route (elk routes edges around nodes
 * and puts labels off them), or React Flow's bezier when there is none. While the packet travels
 * it, a marker moves along the path (SVG animateMotion, restarted at every step through its key).
 */
export function ChainEdge(props: EdgeProps<FlowEdge>) {
  const { id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, data, markerEnd } = props;
  const store = useAppStore();
  const route = useAppState((s) => s.routes?.[id] ?? null);
  const [bezier, bx, by] = getBezierPath({
    sourceX,
    sourceY,
    targetX,
    targetY,
    sourcePosition,
    targetPosition,
  });
  const tr = useT();
  if (!data) return null;
  const path = route ? routePath(route) : bezier;
  const labelX = route?.label ? route.label.x + route.label.width / 2 : bx;
  const labelY = route?.label ? route.label.y + route.label.height / 2 : by;
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
      {e.label && (
        <EdgeLabelRenderer>
          {/* The edge itself is keyboard-focusable (React Flow); the label is a second, mouse-only target. */}
          <button
            type="button"
            tabIndex={-1}
            className={`edge-label nodrag nopan ${classes}`}
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
            title={e.line > 0 ? tr('node.line', { line: e.line }) : undefined}
            onClick={() => {
              if (e.line > 0) store.getState().selectRule(e.id, e.line);
            }}
          >
            {graphText(e.label, tr)}
          </button>
        </EdgeLabelRenderer>
      )}
      {data.packetStep !== null && (
        <circle key={data.packetStep} r={9} className="packet-marker">
          <animateMotion dur={`${seconds}s`} path={path} fill="freeze" />
        </circle>
      )}
    </>
  );
}
