import { describe, expect, it } from 'vitest';
import { formatIpv4, ipv4Value, maskIpv4, parseIpv4 } from './ipv4';

describe('IPv4', () => {
  it('reads dotted quads in place and prints them', () => {
    expect(parseIpv4('x10.0.0.1y', 1, 9)).toBe(0x0a000001);
    expect(ipv4Value('255.255.255.255')).toBe(0xffffffff);
    expect(ipv4Value('010.0.0.1')).toBe(0x0a000001);
    expect(formatIpv4(-1)).toBe('255.255.255.255');
    expect(maskIpv4(24)).toBe(0xffffff00);
    expect(maskIpv4(0)).toBe(0);
    expect(maskIpv4(32)).toBe(0xffffffff);
  });
  it.each(['', '1.2.3', '1.2.3.4.5', '1.2.3.256', '1..2.3', '1.2.3.4 ', '1234.1.1.1', '-1.2.3.4'])(
    'rejects %j',
    (bad) => expect(ipv4Value(bad)).toBeNull(),
  );
});
