import { findGalleryScenario } from '../../content';
import type { Language } from '../../i18n';
import type { Lesson } from '../../state/scenario';

/**
 * Sentences of a lesson (English or Chinese) without ever cutting inside code. The gallery shows
 * the first one under each title. A sentence ends at `.!?` followed by whitespace or the end, or
 * at `。！？` (Chinese needs no space after them) — but never inside a `backtick span`, never
 * inside a "quoted" or （bracketed） aside, and never at a `.` that is part of a token (an address
 * `10.0.0.0/8`, a probability `0.5`, `KUBE-XLB-…`): such a dot has no space after it.
 */

const ENDS_WITH_SPACE = new Set(['.', '!', '?']);
/** `e.g.` and `i.e.` end no sentence. */
const ABBREVIATION = /(?:^|[\s(])(?:e\.g|i\.e)\.$/;
const ENDS_ALONE = new Set(['。', '！', '？']);
const OPEN: Record<string, string> = { '(': ')', '（': '）', '"': '"', '“': '”', '「': '」' };
/** Closers that stay with the sentence they end (`…它。”`, `(see x.)`). */
const TRAILING = new Set(['"', '”', '’', ')', '）', '」', "'"]);

/** The sentences of `text`, trimmed, in order; their concatenation (minus spaces) is the text. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  const closers: string[] = [];
  let inCode = false;
  let start = 0;
  const chars = Array.from(text);
  const push = (end: number) => {
    const s = chars.slice(start, end).join('').trim();
    if (s) out.push(s);
    start = end;
  };
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '`') {
      inCode = !inCode;
      continue;
    }
    if (inCode) continue;
    if (closers.length > 0 && c === closers[closers.length - 1]) {
      closers.pop();
      continue;
    }
    // A straight quote opens only where it cannot close (handled above); an apostrophe never does.
    if (OPEN[c] && !(c === '"' && closers.includes('"'))) {
      closers.push(OPEN[c]!);
      continue;
    }
    if (closers.length > 0) continue;
    const alone = ENDS_ALONE.has(c);
    const spaced = ENDS_WITH_SPACE.has(c) && (i + 1 === chars.length || /\s/u.test(chars[i + 1]!));
    if (!alone && !spaced) continue;
    if (spaced && ABBREVIATION.test(chars.slice(Math.max(0, i - 4), i + 1).join(''))) continue;
    let end = i + 1;
    while (end < chars.length && TRAILING.has(chars[end]!)) end++;
    push(end);
    i = end - 1;
  }
  // An unclosed quote or backtick keeps the rest in one sentence: longer, but never cut in code.
  push(chars.length);
  return out;
}

/** The lesson's first sentence (the gallery list shows it under the title). */
export function firstSentence(text: string): string {
  return splitSentences(text)[0] ?? text.trim();
}

/**
 * The open lesson in the language on screen: a gallery lesson is looked up again by its id (the
 * store keeps the words of the moment it opened); any other lesson shows as it came.
 */
export function lessonIn(lesson: Lesson, language: Language): Lesson {
  const g = findGalleryScenario(lesson.id);
  return g ? { id: g.id, title: g.title[language], text: g.lesson[language] } : lesson;
}
