import { CURRENT_SCENARIO_VERSION, type RefusalDetail } from '../../core/share';
import type { Language } from '../../i18n';

/**
 * The detail of a refused link or file (core/share/refusal.ts: which version, which field, how
 * large, what the browser said), in words of each language. No React here: unit tests run it in
 * Node.
 */

const zhNumber = new Intl.NumberFormat('zh-CN');

type Details = { [K in RefusalDetail['kind']]: (d: Extract<RefusalDetail, { kind: K }>) => string };

const bytesEn = new Intl.NumberFormat('en-US');

/** The detail of a refusal (the fact its sentence does not say), worded per language. */
const DETAILS: Details = {
  version: (d) => `it says version ${d.version}; this app reads versions 1 to ${CURRENT_SCENARIO_VERSION}`,
  'no-migration': (d) => `no migration leads from version ${d.version} to this app's`,
  field: (d) => `the field “${d.field}” is missing or wrong`,
  size: (d) => `${bytesEn.format(d.size)} bytes, over the ${bytesEn.format(d.limit)}-byte limit`,
  'not-object': () => 'it holds an array, a string or a number, not an object',
  browser: (d) => `the browser said: ${d.message}`,
};

const DETAILS_ZH: Details = {
  version: (d) => `其版本为 ${d.version}；本应用能读取的版本为 1 到 ${CURRENT_SCENARIO_VERSION}`,
  'no-migration': (d) => `没有从版本 ${d.version} 迁移到本应用版本的路径`,
  field: (d) => `字段“${d.field}”缺失或有误`,
  size: (d) => `${zhNumber.format(d.size)} 字节，超过 ${zhNumber.format(d.limit)} 字节的上限`,
  'not-object': () => '其内容是数组、字符串或数字，而不是对象',
  browser: (d) => `浏览器的报告：${d.message}`,
};

/** A refusal's detail in words of `language`, or null when it has none. */
export function refusalDetailText(detail: RefusalDetail | null, language: Language): string | null {
  if (!detail) return null;
  const words = (language === 'zh-CN' ? DETAILS_ZH : DETAILS)[detail.kind] as (d: RefusalDetail) => string;
  return words(detail);
}
