import { type KeyboardEvent, useEffect, useState } from 'react';
import { useT } from '../useT';

/** Below this width the page is one column and the editors sit behind tabs (issue 8 §11, phone). */
const NARROW_QUERY = '(max-width: 900px)';

/** True while the window is phone-narrow; follows rotation and resizing. */
export function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(
    () => typeof matchMedia === 'function' && matchMedia(NARROW_QUERY).matches,
  );
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const q = matchMedia(NARROW_QUERY);
    const on = () => setNarrow(q.matches);
    q.addEventListener('change', on);
    on();
    return () => q.removeEventListener('change', on);
  }, []);
  return narrow;
}

export type PhoneTab = 'iptables' | 'kubectl' | 'graph';
const TABS: readonly PhoneTab[] = ['iptables', 'kubectl', 'graph'];

/** The tab's element id, and the panel it shows (both editors share one panel, one pane shown). */
export const tabId = (t: PhoneTab) => `tab-${t}`;
export const panelId = (t: PhoneTab) => (t === 'graph' ? 'panel-graph' : 'panel-editors');

/**
 * The phone's tabs (WAI-ARIA tabs pattern: ←/→ move between tabs, Home/End jump, one tab in the
 * Tab order): iptables-save, kubectl, graph and packet.
 */
export function PhoneTabs({ tab, onChange }: { tab: PhoneTab; onChange: (t: PhoneTab) => void }) {
  const tr = useT();
  const label: Record<PhoneTab, string> = {
    iptables: 'iptables-save',
    kubectl: 'kubectl',
    graph: tr('app.tabGraph'),
  };
  const onKey = (e: KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    const next =
      e.key === 'ArrowRight'
        ? TABS[(i + 1) % TABS.length]
        : e.key === 'ArrowLeft'
          ? TABS[(i + TABS.length - 1) % TABS.length]
          : e.key === 'Home'
            ? TABS[0]
            : e.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined;
    if (!next) return;
    e.preventDefault();
    onChange(next);
    document.getElementById(tabId(next))?.focus();
  };
  return (
    <div className="phone-tabs" role="tablist" aria-label={tr('app.views')} onKeyDown={onKey}>
      {TABS.map((t) => (
        <button
          key={t}
          id={tabId(t)}
          type="button"
          role="tab"
          aria-selected={t === tab}
          aria-controls={panelId(t)}
          tabIndex={t === tab ? 0 : -1}
          onClick={() => onChange(t)}
        >
          {label[t]}
        </button>
      ))}
    </div>
  );
}
