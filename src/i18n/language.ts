import type { Lang } from '../core/trace';

/** The UI languages (the same set as the tracer's messages and the Scenario's `language`). */
export type Language = Lang;
export const LANGUAGES: readonly Language[] = ['en', 'zh-CN'];

/** A stored or browser language tag → one of ours: `zh`, `zh-CN`, `zh-Hans-…` → 'zh-CN', else 'en'. */
export function toLanguage(tag: string | null | undefined): Language {
  return tag?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}
