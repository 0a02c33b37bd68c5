import { describe, expect, it } from 'vitest';
import { compilePrefix, formatEndpoint, parseIp, prefixContains } from './addr';

const inside = (cidr: string, ip: string) => prefixContains(compilePrefix(cidr)!, parseIp(ip)!);

describe('addresses and prefixes', () => {
  it.each([
    ['10.0.0.0/8', '10.255.1.2', true],
    ['10.0.0.0/8', '11.0.0.1', false],
    ['0.0.0.0/0', '203.0.113.9', true],
    ['203.0.113.0/25', '203.0.113.130', false],
    ['203.0.113.0/25', '203.0.113.127', true],
    ['192.168.0.2', '192.168.0.2', true],
    ['255.255.255.255/32', '255.255.255.255', true],
    ['10.0.0.0/255.255.0.0', '10.0.9.9', true],
    ['2001:db8::/32', '2001:db8:1::2', true],
    ['2001:db8::/32', '2001:db9::1', false],
    ['::/0', 'fe80::1', true],
    ['::ffff:0:0/96', '::ffff:1.2.3.4', true],
    ['fd00::1/128', 'fd00:0:0::1', true],
    ['10.0.0.0/8', '::ffff:10.0.0.1', false],
  ])('%s contains %s: %s', (cidr, ip, want) => {
    expect(inside(cidr, ip)).toBe(want);
  });
  it.each(['1.2.3', '1.2.3.256', '::1::2', '1:2:3:4:5:6:7:8:9', 'abc', ''])('rejects %s', (bad) => {
    expect(parseIp(bad)).toBeNull();
  });
  it('formats endpoints', () => {
    expect(formatEndpoint(parseIp('10.1.2.3')!, 80)).toBe('10.1.2.3:80');
    expect(formatEndpoint(parseIp('fd00::5')!, 443)).toBe('[fd00::5]:443');
    expect(formatEndpoint(parseIp('fd00::5')!, null)).toBe('fd00::5');
  });
});
