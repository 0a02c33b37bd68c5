import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIpv6, maskIpv6, parseIpv6 } from './ipv6';

const text6 = (s: string) => {
  const g = parseIpv6(s);
  return g === null ? null : formatIpv6(g);
};

describe('IPv6 (inet_pton forms, RFC 5952 text)', () => {
  it.each([
    ['::', '::'],
    ['::1', '::1'],
    ['1::', '1::'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['fd00:0010:0244::0005', 'fd00:10:244::5'],
    ['::ffff:10.0.0.1', '::ffff:a00:1'],
    ['::10.0.0.1', '::a00:1'],
    ['1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:102:304'],
    ['1:0:0:2:0:0:0:3', '1:0:0:2::3'],
    ['1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:0'],
  ])('%s is %s', (input, want) => {
    expect(text6(input)).toBe(want);
  });
  it.each([
    '',
    ':',
    ':::',
    '1:',
    ':1::',
    '1::2::3',
    '1:::2',
    '12345::',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8::',
    '1:2:3:4:5:6::1.2.3.4',
    // A dotted IPv4 part only as the last 32 bits (inet_pton rejects it anywhere else).
    '1.2.3.4::',
    '::1.2.3.4:5',
    '::ffff:1.2.3',
    'g::1',
    '[::1]',
    'fe80::1%eth0',
    '::1/128',
  ])('rejects %j', (bad) => {
    expect(parseIpv6(bad)).toBeNull();
  });
  it('reads a range in place', () => {
    expect(parseIpv6('[fd00::5]:80', 1, 8)).toEqual([0xfd00, 0, 0, 0, 0, 0, 0, 5]);
  });
  it('masks groups', () => {
    expect(formatIpv6(maskIpv6(parseIpv6('fd00:10:244:1::5') as number[], 56))).toBe('fd00:10:244::');
    expect(formatIpv6(maskIpv6(parseIpv6('ffff::ffff') as number[], 0))).toBe('::');
  });
  it('reads back what it prints, for any eight groups', () => {
    const groups = fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff })), {
      minLength: 8,
      maxLength: 8,
    });
    fc.assert(
      fc.property(groups, (g) => {
        expect(parseIpv6(formatIpv6(g))).toEqual(g);
      }),
      { numRuns: 2000, seed: 10 },
    );
  });
});
