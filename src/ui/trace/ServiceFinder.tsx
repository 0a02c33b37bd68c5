import './finder.css';
import {
  type KeyboardEvent,
  useDeferredValue,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { countServices, type FinderEntry, filterEntries, finderEntries } from '../../core/view';
import { plural } from '../../i18n';
import { useAppState, useAppStore } from '../../state/context';
import { useT } from '../useT';
import { aimEntry, entryText } from './finderAim';

/** At most this many options are rendered: 5,000 Services stay one keystroke away, never 5,000 nodes. */
const LIMIT = 50;
const NUMBER = new Intl.NumberFormat('en-US');

/**
 * "Find a Service": a WAI-ARIA combobox (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/,
 * list autocomplete without automatic selection) over every Service port the dump or kubectl
 * knows. The list filters as the user types (name, port name, IP, port, chain); ↑/↓ move the
 * active option, Enter (or a click) aims the packet at it and centres the graph on its chain,
 * Escape closes the list (a second Escape clears the text). Typing, ↓ or a click opens it.
 */
export function ServiceFinder() {
  const store = useAppStore();
  const groups = useAppState((s) => s.groups);
  const tr = useT();
  const base = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** The entry last chosen, while the text is still its name (the count then says what was aimed at). */
  const [chosen, setChosen] = useState<{ query: string; text: string } | null>(null);
  const deferred = useDeferredValue(query);
  const entries = useMemo(() => finderEntries(groups), [groups]);
  const totals = useMemo(() => countServices(groups), [groups]);
  const found = useMemo(() => filterEntries(entries, deferred, LIMIT), [entries, deferred]);
  const listId = `${base}-list`;
  const optionId = (i: number) => `${base}-opt-${i}`;
  const shown = found.shown;
  const expanded = open && shown.length > 0;
  const box = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ above: boolean; maxHeight: number }>({ above: false, maxHeight: 352 });

  // The packet form may sit at the bottom of the screen: open the list where there is room.
  useLayoutEffect(() => {
    if (!expanded || !box.current) return;
    const r = box.current.getBoundingClientRect();
    const below = window.innerHeight - r.bottom;
    const above = below < 220 && r.top > below;
    setPlace({ above, maxHeight: Math.max(160, Math.min(352, (above ? r.top : below) - 12)) });
  }, [expanded]);

  const choose = (e: FinderEntry) => {
    // The text becomes the Service port's name: reopening lists that port's addresses.
    const name = e.group.label ?? e.group.key;
    setQuery(name);
    setChosen({ query: name, text: entryText(e, tr) });
    setOpen(false);
    setActive(-1);
    aimEntry(store, e);
  };

  const move = (delta: number) => {
    if (!open) setOpen(true);
    if (shown.length === 0) return;
    setActive((i) =>
      i < 0 ? (delta > 0 ? 0 : shown.length - 1) : (i + delta + shown.length) % shown.length,
    );
  };

  const onKeyDown = (ev: KeyboardEvent<HTMLInputElement>) => {
    if (ev.key === 'ArrowDown') move(1);
    else if (ev.key === 'ArrowUp') move(-1);
    else if (ev.key === 'Enter') {
      const e = expanded ? shown[active] : undefined;
      // Enter on an option chooses it; with the list closed it sends the form as usual.
      if (!e) return;
      choose(e);
    } else if (ev.key === 'Escape') {
      if (open) setOpen(false);
      else setQuery('');
      setActive(-1);
    } else if (ev.key === 'Home' && expanded) setActive(0);
    else if (ev.key === 'End' && expanded) setActive(shown.length - 1);
    else return;
    ev.preventDefault();
  };

  const totalsText = tr('finder.totals', {
    services: plural(tr, 'n.service', totals.services),
    ports: plural(tr, 'n.servicePort', totals.ports),
  });
  let count: string;
  if (groups.length === 0) count = tr('finder.empty');
  else if (chosen && chosen.query === query) count = tr('finder.aimed', { what: chosen.text });
  else if (!deferred.trim()) count = totalsText + (entries.length > LIMIT ? tr('finder.typeToNarrow') : '');
  else if (found.entries === 0) count = tr('finder.none', { query: deferred.trim() });
  else
    count =
      tr('finder.matches', {
        matched: NUMBER.format(found.ports),
        total: plural(tr, 'n.servicePort', totals.ports),
      }) + (found.entries > shown.length ? tr('finder.listed', { n: shown.length }) : '');

  return (
    <div className="service-finder" ref={box}>
      <label htmlFor={`${base}-input`}>{tr('finder.label')}</label>
      <input
        id={`${base}-input`}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${base}-count`}
        autoComplete="off"
        spellCheck={false}
        placeholder={tr('finder.placeholder')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        // Not on focus: tabbing through the form must not cover the fields below with a list.
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {/* The count is read by screen readers and by the benchmark (class kept from the old search box). */}
      <p id={`${base}-count`} className="service-search-count finder-count" aria-live="polite">
        {count}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label={tr('finder.list')}
        className={`finder-list${place.above ? ' above' : ''}`}
        style={{ maxHeight: place.maxHeight }}
        hidden={!expanded}
      >
        {expanded &&
          shown.map((e, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant).
            <div
              key={e.id}
              id={optionId(i)}
              role="option"
              // Not in the tab order: focus stays in the combobox (aria-activedescendant).
              tabIndex={-1}
              aria-selected={i === active}
              className={`finder-option${i === active ? ' active' : ''}`}
              // mousedown would blur the input (and close the list) before the click lands.
              onMouseDown={(ev) => ev.preventDefault()}
              onClick={() => choose(e)}
              onMouseMove={() => i !== active && setActive(i)}
            >
              <OptionBody e={e} />
            </div>
          ))}
      </div>
    </div>
  );
}

function OptionBody({ e }: { e: FinderEntry }) {
  const tr = useT();
  const g = e.group;
  return (
    <>
      <span className="finder-name">{g.label ?? g.key}</span>{' '}
      <span className="finder-address">{entryText(e, tr, false)}</span>
      {g.noEndpoints && <span className="finder-badge warn">{tr('finder.noEndpoints')}</span>}
      {g.source === 'kubectl' && <span className="finder-badge">{tr('finder.kubectlOnly')}</span>}
    </>
  );
}
