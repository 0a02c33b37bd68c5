import { useAppState } from '../../state/context';
import { useLang } from '../useT';
import { lessonIn } from './lessons';
import { Modal } from './Modal';
import { refusalDetailText } from './refusalDetails';
import { openErrorMessage, useShareStrings } from './strings';

/** Asks before a link, file or gallery scenario replaces the user's own input. Escape keeps theirs. */
export function ConfirmReplace() {
  const T = useShareStrings();
  const pending = useAppState((s) => s.pending);
  const applyScenario = useAppState((s) => s.applyScenario);
  const keep = useAppState((s) => s.keepMine);
  if (!pending) return null;
  return (
    <Modal title={T.confirmTitle} onClose={keep} alert className="confirm-dialog">
      <p>{T.confirmBody}</p>
      <div className="confirm-actions">
        <button
          type="button"
          className="button primary"
          onClick={() => applyScenario(pending.scenario, pending.lesson, pending.origin)}
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
  const language = useLang();
  const error = useAppState((s) => s.openError);
  const dismiss = useAppState((s) => s.dismissOpenError);
  if (!error) return null;
  const detail = refusalDetailText(error.detail, language);
  return (
    <div className="share-error" role="alert" data-code={error.code}>
      <strong>{T.errorTitle}: </strong>
      {openErrorMessage(error, language)}
      {detail && (
        <span className="share-error-detail">{language === 'zh-CN' ? `（${detail}）` : ` (${detail})`}</span>
      )}
      <button type="button" className="button" onClick={dismiss}>
        {T.dismiss}
      </button>
    </div>
  );
}

/** The lesson of the gallery scenario on screen (aria-label "Lesson"), until the user closes it. */
export function LessonPanel() {
  const T = useShareStrings();
  const language = useLang();
  const stored = useAppState((s) => s.lesson);
  const closeLesson = useAppState((s) => s.closeLesson);
  if (!stored) return null;
  // Re-read in the language on screen: switching language re-renders an open lesson.
  const lesson = lessonIn(stored, language);
  return (
    <section className="lesson-panel" aria-label={T.lesson} data-gallery-id={lesson.id}>
      <header>
        <h2>{lesson.title}</h2>
        <button type="button" className="button" onClick={closeLesson}>
          {T.closeLesson}
        </button>
      </header>
      <p>{lesson.text}</p>
    </section>
  );
}
