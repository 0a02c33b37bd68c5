import {
  type AddressView,
  applyAddressView,
  decodeScenario,
  formatAddress,
  parseAddress,
  type Scenario,
} from '../../core/share';
import type { DecodeAnswer } from '../../workers/decodeProtocol';
import { readGalleryFragment } from '../galleryFragment';
import { type Lesson, lessonOf } from '../scenario';
import type { AppState, AppStore } from '../store';

/** The page's address as this effect reads and changes it (`location`/`history`: ui/app/browserPage.ts). */
export interface PageAddress {
  /** `location.hash`, e.g. `#s=…`. */
  hash(): string;
  /** `location.search`, e.g. `?present`. */
  search(): string;
  /** Sets the fragment (`''` drops it) with `history.replaceState`: never a new history entry, no `hashchange`. */
  replace(hash: string): void;
  /** Calls `listener` on every `hashchange`; returns the unsubscribe. */
  onHashChange(listener: () => void): () => void;
}

/** What the screen shows of an opened scenario now, as the address's view (core/share/address.ts). */
function viewOf(s: AppState): AddressView {
  const outcome = s.traced?.result.outcomes[s.outcomeIndex];
  return {
    step: s.traced ? Math.max(0, s.playhead) : undefined,
    endpoint: outcome?.dnat ?? undefined,
    presenter: s.presenting,
    language: s.language,
    packet: s.traced?.packet,
    nodeIp: s.packetForm.nodeIp.trim() || undefined,
    rules: s.received?.rulesShown || undefined,
  };
}

/** The fragment the state calls for: null when nothing opened from an address is on screen. */
function addressOf(s: AppState): string | null {
  if (!s.opened || s.opened.inputVersion !== s.inputVersion) return null;
  const source = parseAddress(`#${s.opened.source}`)?.source;
  return source ? formatAddress(source, viewOf(s)) : null;
}

/**
 * The address ⇄ the store (issue 9 "the address is the state"). In: `?present` starts presenter
 * mode; `#s=…` is decoded (a refusal shows an alert naming the problem, nothing runs) and
 * `#g=<id>` opens a gallery scenario; the view after `&` (step, endpoint, presenter, language,
 * packet) is laid over it, and it is offered (confirm before replacing own input) — read now and
 * on every `hashchange`. Out: while the texts on screen are still the opened ones, the fragment
 * stays and follows the state with `replaceState` (no history entry per step), so a reload opens
 * the same screen; once the user edits the texts (they are saved locally) it is dropped. Any
 * other fragment is left alone. Returns the stop function.
 */
export function startUrlSync(
  store: AppStore,
  address: PageAddress,
  // The page passes the decode worker (a bomb link must not inflate on its thread); tests, in-thread.
  decodeLink: (fragment: string) => Promise<DecodeAnswer> = decodeScenario,
): () => void {
  let latest = 0;
  /** The fragment on screen is one this effect opened or wrote (it may drop it). */
  let owned = false;
  const refuse = (error: Parameters<AppState['showOpenError']>[0]) => {
    address.replace('');
    owned = false;
    store.getState().showOpenError(error);
  };
  const lessonFor = async (scenario: Scenario): Promise<Lesson | null> => {
    if (!scenario.lesson) return null;
    const { findGalleryScenario } = await import('../../content');
    const g = findGalleryScenario(scenario.lesson);
    return g ? lessonOf(g, scenario.language) : null;
  };
  const openFragment = async (hash: string): Promise<void> => {
    const parsed = parseAddress(hash);
    if (!parsed) return;
    const token = ++latest;
    owned = true;
    const { source, view } = parsed;
    let scenario: Scenario;
    if (source.kind === 'gallery') {
      // Empty and malformed ids (`../x`, HTML) are refused with their own sentence (galleryFragment.ts).
      const checked = readGalleryFragment(`#${hash.replace(/^#/, '').split('&')[0]}`);
      if (checked && !checked.ok)
        return refuse({ code: checked.code, subject: checked.subject, detail: null });
      // The gallery's texts are a chunk of their own, fetched (from this origin) only for `#g=` links.
      const { findGalleryScenario, galleryToScenario } = await import('../../content');
      if (token !== latest) return; // a newer hashchange won
      const g = findGalleryScenario(source.id);
      if (!g) return refuse({ code: 'gallery/unknown-id', subject: source.id, detail: null });
      scenario = { ...galleryToScenario(g, store.getState().language), lesson: g.id };
    } else {
      const decoded = await decodeLink(source.text);
      if (token !== latest) return;
      if (!decoded.ok) return refuse({ code: decoded.code, subject: '', detail: decoded.detail });
      scenario = decoded.scenario;
    }
    scenario = applyAddressView(scenario, view);
    const lesson = await lessonFor(scenario);
    if (token !== latest) return;
    const head = source.kind === 'gallery' ? `g=${source.id}` : source.text;
    store.getState().offerScenario(scenario, lesson, {
      source: head,
      received: source.kind === 'link',
      rulesShown: view.rules ?? false,
    });
  };
  // Verbs like applyScenario change several slices one after another: the address is written once
  // they are done (a microtask later), from the state they leave, never from a state halfway.
  let queued = false;
  const queueFollow = (): void => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      if (!stopped) follow(store.getState());
    });
  };
  let stopped = false;
  const follow = (s: AppState): void => {
    // A question on screen or a scenario still being played in: the state is not the link's yet.
    if (s.pending || s.scenarioPlayback) return;
    const next = addressOf(s);
    if (next === null) {
      if (owned) address.replace('');
      owned = false;
      return;
    }
    owned = true;
    if (next !== address.hash()) address.replace(next);
  };
  if (new URLSearchParams(address.search()).has('present')) store.getState().setPresenting(true);
  const unsubscribe = store.subscribe(queueFollow);
  const onChange = () => void openFragment(address.hash());
  onChange();
  const unlisten = address.onHashChange(onChange);
  return () => {
    stopped = true;
    unsubscribe();
    unlisten();
  };
}
