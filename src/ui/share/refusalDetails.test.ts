import { describe, expect, it } from 'vitest';
import type { RefusalDetail } from '../../core/share';
import { refusalDetailText } from './refusalDetails';

const EVERY_KIND: Record<RefusalDetail['kind'], RefusalDetail> = {
  version: { kind: 'version', version: '99' },
  'no-migration': { kind: 'no-migration', version: 1 },
  field: { kind: 'field', field: 'packet.dport' },
  size: { kind: 'size', size: 1_572_864_000, limit: 67_108_864 },
  'not-object': { kind: 'not-object' },
  browser: { kind: 'browser', message: 'Out of memory' },
};

describe('refusal details', () => {
  it('words every kind in both languages, with its facts; the Chinese has no English prose', () => {
    for (const detail of Object.values(EVERY_KIND)) {
      const en = refusalDetailText(detail, 'en');
      const zh = refusalDetailText(detail, 'zh-CN');
      expect(en).toMatch(/[a-z]{3}/);
      expect(zh).toMatch(/[\u4e00-\u9fff]/);
      // Only the facts themselves (a field name, the browser's own words) may be Latin letters.
      const facts = Object.values(detail)
        .filter((v) => v !== detail.kind)
        .map(String);
      let rest = zh ?? '';
      for (const f of facts) rest = rest.replaceAll(f, '');
      expect(rest).not.toMatch(/[A-Za-z]{2}/);
    }
    expect(refusalDetailText(EVERY_KIND.field, 'en')).toContain('“packet.dport”');
    expect(refusalDetailText(EVERY_KIND.size, 'zh-CN')).toContain('1,572,864,000');
    expect(refusalDetailText(null, 'zh-CN')).toBeNull();
  });
});
