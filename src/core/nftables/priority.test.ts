import { describe, expect, it } from 'vitest';
import { resolvePriority } from './priority';

const v = (text: string, family: Parameters<typeof resolvePriority>[1] = 'ip', hook = 'prerouting') =>
  resolvePriority(text.split(' '), family, hook).value;

describe('resolvePriority (nft(8) priority matrix)', () => {
  it('reads numbers', () => {
    expect(v('-100')).toBe(-100);
    expect(v('0')).toBe(0);
    expect(v('-500', 'netdev', 'ingress')).toBe(-500);
  });
  it('resolves ip/ip6/inet names', () => {
    expect(v('raw')).toBe(-300);
    expect(v('mangle')).toBe(-150);
    expect(v('dstnat')).toBe(-100);
    expect(v('filter', 'inet', 'input')).toBe(0);
    expect(v('security', 'ip6', 'input')).toBe(50);
    expect(v('srcnat', 'ip', 'postrouting')).toBe(100);
  });
  it('adds and subtracts offsets, spaced or not', () => {
    expect(v('dstnat - 10')).toBe(-110);
    expect(v('dstnat-10')).toBe(-110);
    expect(v('srcnat + 5', 'ip', 'postrouting')).toBe(105);
  });
  it('uses the bridge table for the bridge family', () => {
    expect(v('filter', 'bridge', 'forward')).toBe(-200);
    expect(v('dstnat', 'bridge', 'prerouting')).toBe(-300);
    expect(v('out', 'bridge', 'output')).toBe(100);
    expect(v('srcnat', 'bridge', 'postrouting')).toBe(300);
  });
  it('refuses names outside their family or hook', () => {
    expect(v('dstnat', 'ip', 'output')).toBeNull();
    expect(v('raw', 'arp', 'input')).toBeNull();
    expect(v('mangle', 'netdev', 'ingress')).toBeNull();
    expect(v('bogus')).toBeNull();
    expect(v('toString')).toBeNull();
    expect(v('1 2')).toBeNull();
  });
});
