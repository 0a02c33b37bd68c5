import type { MouseEvent } from 'react';
import { useT } from '../useT';

const TARGETS = [
  { id: 'packet-form', text: 'app.skipForm' },
  { id: 'story-strip', text: 'app.skipResults' },
  { id: 'chain-graph', text: 'app.skipGraph' },
] as const;

/**
 * Moves the focus to the target without touching the address: the fragment carries permalinks
 * (`#s=…`, `#g=…`, state/effects/urlSync.ts), and a `#packet-form` there would fire a hashchange.
 */
function jump(e: MouseEvent<HTMLAnchorElement>, id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  e.preventDefault();
  target.focus();
  target.scrollIntoView({ block: 'nearest' });
}

/**
 * Skip links (WCAG 2.4.1), first in the tab order and shown on focus: to the packet form, the
 * result (story strip) and the graph. Each target has tabIndex -1 so it takes the focus.
 */
export function SkipLinks() {
  const tr = useT();
  return (
    <nav className="skip-links" aria-label={tr('app.skipLinks')}>
      {TARGETS.map((t) => (
        <a key={t.id} href={`#${t.id}`} onClick={(e) => jump(e, t.id)}>
          {tr(t.text)}
        </a>
      ))}
    </nav>
  );
}
