import { describe, expect, it } from 'vitest';
import { graphText } from './graphWords';
import { translator } from './t';

const zh = translator('zh-CN');
const en = translator('en');

describe('graphText', () => {
  it('translates the prose words and keeps iptables keywords, chains and numbers verbatim', () => {
    expect(graphText('always', zh)).toBe('总是匹配');
    expect(graphText('otherwise · 33.3 %', zh)).toBe('其余 · 33.3 %');
    expect(graphText('policy ACCEPT', zh)).toBe('默认策略 ACCEPT');
    expect(graphText('tcp dpt:80 from !10.244.0.0/16', zh)).toBe('tcp dpt:80 来自 !10.244.0.0/16');
    expect(graphText('every 3th', zh)).toBe('每 3 个取一');
    expect(graphText('tcp dpt:80 → 10.104.247.10', zh)).toBe('tcp dpt:80 → 10.104.247.10');
    expect(graphText('dst-type LOCAL', zh)).toBe('dst-type LOCAL');
    expect(graphText('default/always-on:80', zh)).toBe('default/always-on:80');
  });

  it('is the identity in English', () => {
    for (const s of ['always', 'otherwise · 50.0 %', 'policy DROP', 'from 10.0.0.0/8', 'every 2th'])
      expect(graphText(s, en)).toBe(s);
  });
});
