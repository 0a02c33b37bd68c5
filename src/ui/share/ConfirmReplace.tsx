import { applyScenario } from './applyScenario';
import { Modal } from './Modal';
import { useShareStore } from './shareStore';
import { useShareStrings } from './strings';

/** Asks before a link, file or gallery scenario replaces the user's own input. Escape keeps theirs. */
export function ConfirmReplace() {
  const T = useShareStrings();
  const pending = useShareStore((s) => s.pending);
  if (!pending) return null;
  const keep = () => useShareStore.setState({ pending: null });
  return (
    <Modal title={T.confirmTitle} onClose={keep} alert className="confirm-dialog">
      <p>{T.confirmBody}</p>
      <div className="confirm-actions">
        <button
          type="button"
          className="button primary"
          onClick={() => applyScenario(pending.scenario, pending.lesson)}
        >
          {T.replace}
        </button>
        <button type="button" className="button" onClick={keep}>
          {T.keepMine}
        </button>
      </div>
    </Modal>
  );
}

/** Why the last link or file was refused, as an alert; nothing of it was run or applied. */
export function OpenErrorAlert() {
  const T = useShareStrings();
  const error = useShareStore((s) => s.error);
  if (!error) return null;
  return (
    <div className="share-error" role="alert" data-code={error.code}>
      <strong>{T.errorTitle}: </strong>
      {error.message}
      {error.detail && <span className="share-error-detail"> ({error.detail})</span>}
      <button type="button" className="button" onClick={() => useShareStore.setState({ error: null })}>
        {T.dismiss}
      </button>
    </div>
  );
}

/** The lesson of the gallery scenario on screen (aria-label "Lesson"), until the user closes it. */
export function LessonPanel() {
  const T = useShareStrings();
  const lesson = useShareStore((s) => s.lesson);
  if (!lesson) return null;
  return (
    <section className="lesson-panel" aria-label={T.lesson} data-gallery-id={lesson.id}>
      <header>
        <h2>{lesson.title}</h2>
        <button type="button" className="button" onClick={() => useShareStore.setState({ lesson: null })}>
          {T.closeLesson}
        </button>
      </header>
      <p>{lesson.text}</p>
    </section>
  );
}
