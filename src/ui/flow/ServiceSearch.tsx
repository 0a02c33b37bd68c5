import { useEffect, useState } from 'react';
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
        Search Services{' '}
        <input
          type="search"
          value={text}
          placeholder="name, IP or chain"
          onChange={(e) => setText(e.target.value)}
          spellCheck={false}
        />
      </label>
      {services && (
        <p className="service-search-count" aria-live="polite">
          {focused
            ? `Showing ${services.shown} of ${services.total} Service ports${searchText && found === 0 ? ' — no Service matches' : ''}`
            : `${services.total} Service port${services.total === 1 ? '' : 's'}`}
        </p>
      )}
    </div>
  );
}
