import type { GalleryScenario } from '../../content';
import type { Scenario } from '../../core/share';
import type { Lesson } from './shareStore';

/** The lesson panel's content for a gallery scenario, in `language`. */
export function lessonOf(g: GalleryScenario, language: Scenario['language']): Lesson {
  return { id: g.id, title: g.title[language], text: g.lesson[language] };
}

/** The lesson's first sentence (the gallery list shows it under the title). */
export function firstSentence(text: string): string {
  const m = /^.*?[.!?。！？](?=\s|$)/su.exec(text.trim());
  return (m ? m[0] : text).trim();
}
