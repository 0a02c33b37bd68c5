/**
 * Gallery permalinks, `#g=<id>`: ids are lowercase words joined by `-` (content/gallery). Anything
 * else after `#g=` is refused with a sentence, never ignored: an empty id, a malformed one (`../x`,
 * HTML, spaces), and — once the gallery is loaded — an unknown one.
 */
const PREFIX = '#g=';
const GALLERY_ID = /^[a-z0-9-]{1,80}$/;
/** How much of a malformed id the refusal quotes (it is shown as text, never as HTML). */
const SUBJECT_CHARS = 60;

export type GalleryRefusal = 'gallery/unknown-id' | 'gallery/bad-id' | 'gallery/empty-id';

export type GalleryFragment =
  | { readonly ok: true; readonly id: string }
  | { readonly ok: false; readonly code: GalleryRefusal; readonly subject: string };

/** The gallery id of a `#g=…` fragment, its refusal, or null when the fragment is not `#g=`. */
export function readGalleryFragment(hash: string): GalleryFragment | null {
  if (!hash.startsWith(PREFIX)) return null;
  const raw = hash.slice(PREFIX.length);
  if (GALLERY_ID.test(raw)) return { ok: true, id: raw };
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    // a lone `%`: quote it as written
  }
  if (text.trim() === '') return { ok: false, code: 'gallery/empty-id', subject: '' };
  const subject = text.length > SUBJECT_CHARS ? `${text.slice(0, SUBJECT_CHARS)}…` : text;
  return { ok: false, code: 'gallery/bad-id', subject };
}
