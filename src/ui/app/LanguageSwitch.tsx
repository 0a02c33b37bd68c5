import type { Language } from '../../i18n';
import { useAppState } from '../../state/context';
import { useLang, useT } from '../useT';

const NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' };

/** The header's language picker ("Language" / "语言"); `<html lang>` follows (state/effects/documentLanguage.ts). */
export function LanguageSwitch() {
  const tr = useT();
  const language = useLang();
  const setLanguage = useAppState((s) => s.setLanguage);
  return (
    <label className="language-switch">
      {tr('app.language')}{' '}
      <select value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
        {(Object.keys(NAMES) as Language[]).map((l) => (
          <option key={l} value={l} lang={l}>
            {NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
