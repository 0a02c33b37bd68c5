import { describe, expect, it } from 'vitest';
import { en } from './en';
import { toLanguage } from './language';
import { DICTIONARIES, plural, t, translator } from './t';
import { zhCN } from './zh-CN';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('i18n dictionaries', () => {
  it('have identical key sets', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
  });
  it.each(Object.keys(en) as (keyof typeof en)[])('%s has the same {placeholders} in zh-CN', (key) => {
    expect(placeholders(zhCN[key])).toEqual(placeholders(en[key]));
  });
  it('translate every visible text (only names and verbatim terms may equal the English)', () => {
    const same = (Object.keys(en) as (keyof typeof en)[]).filter((k) => zhCN[k] === en[k]);
    expect(same.sort()).toEqual(
      [
        'app.title',
        'node.role.service',
        'packet.kind.loadBalancer',
        // Kubernetes' own words (Service address kinds), as kubectl prints them.
        'compare.kind.clusterIP',
        'compare.kind.loadBalancer',
      ].sort(),
    );
  });
});

describe('t', () => {
  it('fills parameters and keeps the English texts the journeys read', () => {
    expect(t('play.position', { n: 3, total: 9 })).toBe('Step 3 of 9');
    expect(t('play.position', { n: 3, total: 9 }, 'zh-CN')).toBe('第 3 步，共 9 步');
    expect(t('packet.send')).toBe('Send packet');
    expect(t('path.list')).toBe('Packet path');
  });
  it('leaves a missing parameter visible', () => {
    expect(t('editor.fromFile')).toBe('from {name}');
  });
  it('picks plural forms by count', () => {
    const tr = translator('en');
    expect(plural(tr, 'n.rule', 1)).toBe('1 rule');
    expect(plural(tr, 'n.rule', 1200)).toBe('1,200 rules');
    expect(plural(translator('zh-CN'), 'n.rule', 2)).toBe('2 条规则');
  });
  it('has a dictionary per language', () => {
    expect(Object.keys(DICTIONARIES).sort()).toEqual(['en', 'zh-CN']);
  });
});

describe('toLanguage', () => {
  it.each([
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-Hans-SG', 'zh-CN'],
    ['ZH-tw', 'zh-CN'],
    ['en-US', 'en'],
    ['fr', 'en'],
    [null, 'en'],
  ] as const)('%s → %s', (tag, lang) => {
    expect(toLanguage(tag)).toBe(lang);
  });
});
