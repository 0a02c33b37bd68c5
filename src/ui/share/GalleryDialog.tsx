import { GALLERY, galleryToScenario } from '../../content';
import { useAppState } from '../../state/context';
import { lessonOf } from '../../state/scenario';
import { useLang } from '../useT';
import { firstSentence } from './lessons';
import { Modal } from './Modal';
import { useShareStrings } from './strings';

/**
 * The gallery: every workshop scenario with its title and the first sentence of its lesson.
 * Opening one replaces the input (asking first when the user has their own), sets the packet and
 * shows the lesson. Each is also a permalink: `#g=<id>`.
 */
export function GalleryDialog({ onClose }: { onClose: () => void }) {
  const T = useShareStrings();
  const language = useLang();
  const offerScenario = useAppState((s) => s.offerScenario);
  return (
    <Modal title={T.galleryTitle} onClose={onClose} className="gallery-dialog">
      <p className="hint">{T.galleryIntro}</p>
      <ul className="gallery-list" aria-label={T.galleryTitle}>
        {GALLERY.map((g) => (
          <li key={g.id} data-gallery-id={g.id}>
            <h3>{g.title[language]}</h3>
            <p>{firstSentence(g.lesson[language])}</p>
            <div className="gallery-actions">
              <button
                type="button"
                className="button"
                aria-label={T.openGallery(g.title[language])}
                onClick={() => {
                  onClose();
                  // `#g=<id>` then names it in the address, so a reload (F5 mid-workshop) keeps the lesson.
                  offerScenario(galleryToScenario(g, language), lessonOf(g, language), {
                    source: `g=${g.id}`,
                    received: false,
                  });
                }}
              >
                {T.open}
              </button>
              <a href={`#g=${g.id}`} className="gallery-link">
                #g={g.id}
              </a>
            </div>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
