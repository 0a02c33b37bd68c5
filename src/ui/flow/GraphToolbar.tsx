import { useReactFlow } from '@xyflow/react';
import type { StepPlace } from '../../core/view';
import { useAppState } from '../../state/context';
import { useT } from '../useT';
import { ExportButtons } from './ExportButtons';

const count = new Intl.NumberFormat('en-US');

/**
 * The graph's controls, in a bar above the canvas so none of them lies over a node: follow the
 * packet, whole graph (orientation), zoom, minimap (not in presenter mode), export.
 */
export function GraphToolbar({ places }: { places: readonly StepPlace[] }) {
  const tr = useT();
  const { follow, whole, minimap } = useAppState((s) => s.canvas);
  const setCanvas = useAppState((s) => s.setCanvas);
  const presenting = useAppState((s) => s.presenting);
  const { zoomIn, zoomOut } = useReactFlow();
  const cut = useAppState((s) => s.graph?.chains);
  const focus = useAppState((s) => (s.graph?.focused ? s.graph.services : null));
  const undrawn = useAppState((s) => s.graph?.path?.undrawn ?? 0);
  return (
    <div className="graph-toolbar" role="toolbar" aria-label={tr('graph.toolbar')}>
      <label className="follow-toggle">
        <input type="checkbox" checked={follow} onChange={(e) => setCanvas({ follow: e.target.checked })} />{' '}
        {tr('graph.follow')}
      </label>
      <button
        type="button"
        className="button"
        aria-pressed={whole}
        onClick={() => setCanvas({ whole: !whole })}
      >
        {tr('graph.whole')}
      </button>
      <span className="graph-zoom">
        <button
          type="button"
          className="button"
          aria-label={tr('graph.zoomOut')}
          onClick={() => void zoomOut()}
        >
          <span aria-hidden="true">−</span>
        </button>
        <button
          type="button"
          className="button"
          aria-label={tr('graph.zoomIn')}
          onClick={() => void zoomIn()}
        >
          <span aria-hidden="true">+</span>
        </button>
      </span>
      {!presenting && (
        <button
          type="button"
          className="button"
          aria-pressed={minimap}
          onClick={() => setCanvas({ minimap: !minimap })}
        >
          {tr('graph.minimap')}
        </button>
      )}
      <ExportButtons places={places} />
      {/* A cut graph says so: thousands of chains are drawn as the first 200, a long path as its first chains. */}
      {((cut && cut.shown < cut.total) || undrawn > 0 || focus) && (
        <span className="graph-cut" role="note">
          {focus
            ? tr('graph.focused', { shown: count.format(focus.shown), total: count.format(focus.total) })
            : ''}
          {cut && cut.shown < cut.total
            ? tr('graph.cut', { shown: count.format(cut.shown), total: count.format(cut.total) })
            : ''}
          {undrawn > 0 ? tr('graph.undrawn', { n: count.format(undrawn) }) : ''}
        </span>
      )}
    </div>
  );
}
