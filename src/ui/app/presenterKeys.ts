import { useEffect } from 'react';
import { useAppStore } from '../../state/context';

/** True when a key press belongs to a text field, a select, or an editor (Monaco's textarea). */
function typingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (
    target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], .monaco-editor')
  )
    return true;
  return false;
}

/**
 * The presenter's keyboard: `p` toggles presenter mode; while presenting, Space plays/pauses,
 * ←/→ step, 1–9 pick the n-th outcome (endpoint), Esc leaves. Keys typed into an input, select or
 * editor are never taken.
 */
export function usePresenterKeys(): void {
  const store = useAppStore();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typingTarget(e.target)) return;
      const s = store.getState();
      if (e.key === 'p' || e.key === 'P') {
        s.setPresenting();
        e.preventDefault();
        return;
      }
      if (!s.presenting) return;
      const outcomes = s.traced?.result.outcomes.length ?? 0;
      if (e.key === 'Escape') s.setPresenting(false);
      else if (e.key === ' ' || e.key === 'Spacebar') {
        // A focused button would also "click" on Space: take the key for play/pause only.
        if (s.playing) s.pause();
        else s.play();
      } else if (e.key === 'ArrowRight') s.step(1);
      else if (e.key === 'ArrowLeft') s.step(-1);
      else if (/^[1-9]$/.test(e.key) && Number(e.key) <= outcomes) s.chooseOutcome(Number(e.key) - 1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
