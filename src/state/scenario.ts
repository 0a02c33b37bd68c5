import type { GalleryScenario } from '../content';
import type { DecodeError, RefusalDetail, Scenario } from '../core/share';
import type { DecodeAnswer } from '../workers/decodeProtocol';
import type { GalleryRefusal } from './galleryFragment';
import type { PacketForm } from './packetForm';
import type { ScenarioOrigin } from './shareSlice';
import type { AppState } from './store';

/** A lesson shown beside a gallery scenario. */
export interface Lesson {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

/** A scenario waiting for the user's "Replace" / "Keep mine". */
export interface PendingScenario {
  readonly scenario: Scenario;
  readonly lesson: Lesson | null;
  /** Where it comes from (a link, a gallery id), so the address can follow it once applied. */
  readonly origin?: ScenarioOrigin | null;
}

/**
 * Why a link or file was refused: the stable code (tests read it as `data-code`), what the code
 * is about (`subject`: the gallery id, the file name) and the decoder's detail (data, worded by the UI). The words are the
 * UI's (ui/share/strings.ts `openErrorMessage`), in the language on screen.
 */
export interface OpenError {
  readonly code: DecodeError | Extract<DecodeAnswer, { ok: false }>['code'] | GalleryRefusal;
  readonly subject: string;
  readonly detail: RefusalDetail | null;
}

/**
 * True when opening a scenario would overwrite something the user made: the input is non-empty,
 * is not the untouched example, and differs from the scenario's texts.
 */
export function needsConfirmation(
  s: Pick<AppState, 'iptablesText' | 'kubectlText' | 'inputSource'>,
  scenario: Pick<Scenario, 'iptables' | 'kubectl'>,
): boolean {
  if (s.inputSource === 'example') return false;
  if (s.iptablesText.trim() === '' && s.kubectlText.trim() === '') return false;
  return s.iptablesText !== scenario.iptables || s.kubectlText !== scenario.kubectl;
}

/** The packet form a scenario's packet fills (an ICMP packet keeps the form's port, which it does not use). */
export function formFromScenario(scenario: Scenario, current: PacketForm): PacketForm {
  const p = scenario.packet;
  const nodeIp = scenario.nodeIps[0] ?? current.nodeIp;
  if (!p) return { ...current, nodeIp };
  return {
    origin: p.origin,
    src: p.src,
    dst: p.dst,
    dport: p.dport === null ? current.dport : String(p.dport),
    proto: p.proto,
    nodeIp,
  };
}

/** The lesson panel's content for a gallery scenario, in `language`. */
export function lessonOf(g: GalleryScenario, language: Scenario['language']): Lesson {
  return { id: g.id, title: g.title[language], text: g.lesson[language] };
}
