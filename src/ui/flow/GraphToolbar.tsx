import { useReactFlow } from '@xyflow/react';
import type { StepPlace } from '../../core/graph/path';
import { useT } from '../../i18n';
import { usePresenter } from '../app/presenter';
import { ExportButtons } from './ExportButtons';
import { setGraphView, useGraphView } from './graphView';

/**
 * The graph's controls, in a bar above the canvas so none of them lies over a node: follow the
 * packet, whole graph (orientation), zoom, minimap (not in presenter mode), export.
 */
export function GraphToolbar({ places }: { places: readonly StepPlace[] }) {
  const tr = useT();
  const { follow, whole, minimap } = useGraphView();
  const presenting = usePresenter((s) => s.presenting);
  const { zoomIn, zoomOut } = useReactFlow();
  return (
    <div className="graph-toolbar" role="toolbar" aria-label={tr('graph.toolbar')}>
      <label className="follow-toggle">
        <input
          type="checkbox"
          checked={follow}
          onChange={(e) => setGraphView({ follow: e.target.checked })}
        />{' '}
        {tr('graph.follow')}
      </label>
      <button
        type="button"
        className="button"
        aria-pressed={whole}
        onClick={() => setGraphView({ whole: !whole })}
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
          onClick={() => setGraphView({ minimap: !minimap })}
        >
          {tr('graph.minimap')}
        </button>
      )}
      <ExportButtons places={places} />
    </div>
  );
}
