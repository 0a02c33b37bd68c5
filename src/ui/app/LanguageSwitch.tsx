import { useEffect } from 'react';
import { type Language, setLanguage, useLanguage, useT } from '../../i18n';

const NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' };

/** The header's language picker ("Language" / "语言"); keeps `<html lang>` in step. */
export function LanguageSwitch() {
  const tr = useT();
  const language = useLanguage((s) => s.language);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
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
