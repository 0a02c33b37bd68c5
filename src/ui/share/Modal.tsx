import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useShareStrings } from './strings';

export interface ModalProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** Extra class on the <dialog>. */
  readonly className?: string;
  /** Set for a question: its own buttons decide, no corner close button (Escape still closes). */
  readonly alert?: boolean;
}

/**
 * An accessible modal on the native <dialog> with `showModal()`: the rest of the page is inert
 * (focus stays inside), Escape closes it, focus returns to the opener; `aria-labelledby` names it
 * by its heading. Mounted = open.
 */
export function Modal({ title, onClose, children, className, alert }: ModalProps) {
  const T = useShareStrings();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    const onNativeClose = () => closeRef.current();
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
      opener?.focus?.();
    };
  }, []);

  return (
    <dialog ref={ref} className={`share-modal ${className ?? ''}`} aria-labelledby={titleId}>
      <header className="share-modal-header">
        <h2 id={titleId}>{title}</h2>
        {!alert && (
          <button type="button" className="button" onClick={() => ref.current?.close()}>
            {T.close}
          </button>
        )}
      </header>
      {children}
    </dialog>
  );
}
