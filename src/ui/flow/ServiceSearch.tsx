import { useEffect, useState } from 'react';
import { plural, useT } from '../../i18n';
import { useStore } from '../../state/store';

/**
 * The Service search box over the graph. With thousands of Services the graph is a focus view:
 * the Services found here (and those on the packet's path) are drawn, never the whole dump.
 */
export function ServiceSearch() {
  const searchText = useStore((s) => s.searchText);
  const services = useStore((s) => s.graph?.services ?? null);
  const focused = useStore((s) => s.graph?.focused ?? false);
  const found = useStore((s) => s.focusServices.length);
  const [text, setText] = useState(searchText);
  const tr = useT();

  useEffect(() => setText(searchText), [searchText]);
  useEffect(() => {
    if (text === useStore.getState().searchText) return;
    // Each search re-lays out the graph in the worker: wait until typing pauses.
    const handle = setTimeout(() => useStore.getState().setSearchText(text), 250);
    return () => clearTimeout(handle);
  }, [text]);

  return (
    <div className="service-search">
      <label>
        {tr('graph.search')}{' '}
        <input
          type="search"
          value={text}
          placeholder={tr('graph.searchPlaceholder')}
          onChange={(e) => setText(e.target.value)}
          spellCheck={false}
        />
      </label>
      {services && (
        <p className="service-search-count" aria-live="polite">
          {focused
            ? `${tr('graph.showing', { shown: services.shown, total: services.total })}${searchText && found === 0 ? tr('graph.noMatch') : ''}`
            : plural(tr, 'graph.servicePorts', services.total)}
        </p>
      )}
    </div>
  );
}
