import { describe, expect, it } from 'vitest';
import { MESSAGES, type MessageId, message } from './messages';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('messages', () => {
  it('have the same ids in every language', () => {
    expect(Object.keys(MESSAGES['zh-CN']).sort()).toEqual(Object.keys(MESSAGES.en).sort());
  });
  it.each(Object.keys(MESSAGES.en) as MessageId[])('%s has the same {placeholders} in zh-CN', (id) => {
    expect(placeholders(MESSAGES['zh-CN'][id])).toEqual(placeholders(MESSAGES.en[id]));
  });
  it('speaks Chinese for jumps, DNAT and masquerade', () => {
    expect(message('step.jump', { chain: 'KUBE-SVC-X', owner: '' }, 'zh-CN')).toBe('跳转到 KUBE-SVC-X');
    expect(message('target.masquerade', {}, 'zh-CN')).toContain('地址伪装');
    expect(message('step.recent', { list: 'KUBE-SEP-A', within: '' }, 'zh-CN')).toContain('会话保持');
  });
});
