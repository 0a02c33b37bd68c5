import type { Scenario } from '../core/share';
import type { Packet } from '../core/trace';

/** Text in the app's two languages. */
export interface Localized {
  readonly en: string;
  readonly 'zh-CN': string;
}

/**
 * What the lesson promises the packet's trace shows (checked by test/gallery/gallery.test.ts):
 * the verdict of every outcome, whether every outcome is masqueraded, and where DNAT goes
 * (`some`: each outcome is DNATed, to one of `endpoints` when given; `none`: no DNAT).
 */
export interface LessonPromise {
  readonly verdict: 'ACCEPT' | 'DROP' | 'REJECT';
  readonly masquerade: boolean;
  readonly dnat: 'some' | 'none';
  readonly endpoints?: readonly string[];
  /** ClientIP affinity: successive connections of one client all reach the same endpoint. */
  readonly sticky?: boolean;
}

/** A workshop scenario: a node's rules and kubectl output, a packet to send, and what to look at. */
export interface GalleryScenario {
  /** Stable (used in links and tests): kebab-case. */
  readonly id: string;
  readonly title: Localized;
  /** 3–6 sentences: what to look at and why. */
  readonly lesson: Localized;
  readonly iptables: string;
  readonly kubectl: string;
  readonly packet: Packet;
  readonly nodeIps: readonly string[];
  readonly promise: LessonPromise;
}

/** The gallery entry as a shareable Scenario (the app's input shape), in `language`. */
export function galleryToScenario(g: GalleryScenario, language: Scenario['language'] = 'en'): Scenario {
  return {
    version: 2,
    iptables: g.iptables,
    kubectl: g.kubectl,
    packet: g.packet,
    nodeIps: [...g.nodeIps],
    endpoint: null,
    step: 0,
    language,
    view: { presenter: false, focus: [] },
    lesson: g.id,
    note: null,
  };
}
