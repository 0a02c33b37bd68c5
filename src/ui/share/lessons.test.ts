import { describe, expect, it } from 'vitest';
import { GALLERY } from '../../content';
import { firstSentence, lessonIn, splitSentences } from './lessons';

const squash = (s: string) => s.replace(/\s+/g, '');

describe('lesson sentences', () => {
  it('splits Chinese at 。！？ without a space after them', () => {
    expect(splitSentences('第一句。第二句！第三句？')).toEqual(['第一句。', '第二句！', '第三句？']);
  });

  it('never cuts inside backticks, iptables options or addresses', () => {
    const zh = '也请留意旧版的写法：masquerade 规则位于 KUBE-SERVICES（`! -s 10.32.0.0/12`）。下一句。';
    expect(splitSentences(zh)).toEqual([
      '也请留意旧版的写法：masquerade 规则位于 KUBE-SERVICES（`! -s 10.32.0.0/12`）。',
      '下一句。',
    ]);
    expect(splitSentences('Look at `! -s 10.0.0.0/8. x` here. Then KUBE-XLB-… and 0.5 go on.')).toEqual([
      'Look at `! -s 10.0.0.0/8. x` here.',
      'Then KUBE-XLB-… and 0.5 go on.',
    ]);
    expect(splitSentences('A rule (`-j KUBE-MARK-DROP`! then). Next.')).toEqual([
      'A rule (`-j KUBE-MARK-DROP`! then).',
      'Next.',
    ]);
  });

  it('keeps quotes and brackets whole and closing quotes with their sentence', () => {
    expect(splitSentences('最后一条写着 "has no local endpoints. Really!"，跳走。然后。')).toEqual([
      '最后一条写着 "has no local endpoints. Really!"，跳走。',
      '然后。',
    ]);
    // A quotation is one token of its sentence, even with a 。 inside.
    expect(splitSentences('他说“好。”然后走了。再见。')).toEqual(['他说“好。”然后走了。', '再见。']);
    expect(splitSentences('He said (really.) so. Next.')).toEqual(['He said (really.) so.', 'Next.']);
    expect(splitSentences('Use it, e.g. with ClientIP. Done.')).toEqual([
      'Use it, e.g. with ClientIP.',
      'Done.',
    ]);
  });

  it('an unclosed backtick keeps the rest whole instead of cutting in code', () => {
    expect(splitSentences('One. Two `! -s 1.2.3.4. Three.')).toEqual(['One.', 'Two `! -s 1.2.3.4. Three.']);
  });

  it('every gallery lesson splits into whole sentences with balanced code, in both languages', () => {
    for (const g of GALLERY) {
      for (const lang of ['en', 'zh-CN'] as const) {
        const text = g.lesson[lang];
        const parts = splitSentences(text);
        expect(squash(parts.join(''))).toBe(squash(text));
        for (const p of parts) expect((p.match(/`/g) ?? []).length % 2, `${g.id} ${lang}: ${p}`).toBe(0);
        const first = firstSentence(text);
        // A blurb, not the whole lesson (every lesson has 3–6 sentences).
        expect(first.length, `${g.id} ${lang}`).toBeLessThan(text.length);
        expect(first).toMatch(/[.!?。！？]["”)）]?$/u);
      }
    }
  });
});

describe('lessonIn', () => {
  it('re-reads a gallery lesson in the language on screen; other lessons stay as they came', () => {
    const g = GALLERY[0]!;
    const opened = { id: g.id, title: g.title.en, text: g.lesson.en };
    expect(lessonIn(opened, 'zh-CN')).toEqual({ id: g.id, title: g.title['zh-CN'], text: g.lesson['zh-CN'] });
    expect(lessonIn(opened, 'en')).toEqual(opened);
    const own = { id: 'not-in-gallery', title: 'T', text: 'x' };
    expect(lessonIn(own, 'zh-CN')).toBe(own);
  });
});
