import { useState } from 'react';
import type { GraphNode } from '../../core/view';
import { pathHighlight, type StepPlace } from '../../core/view';
import { graphText } from '../../i18n';
import { useAppStore } from '../../state/context';
import { useT } from '../useT';
import { ROLE_WORD } from './ChainNode';
import { verdictWords } from './derive';
import { downloadPng, downloadSvg } from './exportGraph';

/**
 * "Export PNG" / "Export SVG" over the graph: the whole laid-out graph (not just the viewport), the
 * packet's path highlighted, role and verdict words in the current language, edges along the
 * layout's routes with labels off the nodes. Built from the store's graph, positions and routes
 * (core/view/exportSvg.ts), never by copying React Flow's DOM.
 */
export function ExportButtons({ places }: { places: readonly StepPlace[] }) {
  const tr = useT();
  const store = useAppStore();
  const [error, setError] = useState<string | null>(null);
  const options = () => {
    const path = pathHighlight(places);
    return {
      pathNodes: path.nodes,
      pathEdges: path.edges,
      roleWord: (r: keyof typeof ROLE_WORD) => tr(ROLE_WORD[r]),
      title: tr('app.title'),
      routes: store.getState().routes,
      verdictLines: (n: GraphNode) => (n.verdict ? verdictWords(n.verdict, tr) : { to: '', detail: '' }),
      graphText: (text: string) => graphText(text, tr),
      markWord: (m: GraphNode['marks'][number]) =>
        tr(m === 'masquerade' ? 'node.marksMasq' : 'node.marksDrop'),
    };
  };
  const run = (png: boolean) => {
    const { graph, positions } = store.getState();
    if (!graph || !positions) return;
    setError(null);
    try {
      if (png)
        downloadPng(graph, positions, options()).catch((e: unknown) =>
          setError(e instanceof Error ? e.message : String(e)),
        );
      else downloadSvg(graph, positions, options());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <div className="export-buttons">
      <button type="button" className="button" onClick={() => run(true)}>
        {tr('graph.exportPng')}
      </button>
      <button type="button" className="button" onClick={() => run(false)}>
        {tr('graph.exportSvg')}
      </button>
      {error && (
        <p className="export-error" role="alert">
          {tr('graph.exportFailed', { error })}
        </p>
      )}
    </div>
  );
}
