import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIpv4, ipv4Value } from '../net';
import { redactScenario } from './redact';
import { mapV4, mapV6 } from './redactAddress';
import { AddressBook } from './redactBook';
import { formatV6, maskV4, parseV6 } from './redactIp';
import { RedactionKey } from './redactKey';
import { replaceAddresses } from './redactScan';
import { emptyScenario } from './scenario';

const key = new RedactionKey('test');
const commonBits = (x: number, y: number) => Math.clz32((x ^ y) >>> 0);
const inBlock = (ip: string, net: string, bits: number) =>
  ((ipv4Value(ip) as number) & maskV4(bits)) >>> 0 === (ipv4Value(net) as number);

describe('prefix-preserving address permutation', () => {
  it('keeps common prefixes inside a private block, and is one-to-one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 24 - 1 }),
        fc.integer({ min: 0, max: 2 ** 24 - 1 }),
        (a, b) => {
          const x = (0x0a000000 | a) >>> 0;
          const y = (0x0a000000 | b) >>> 0;
          const mx = ipv4Value(mapV4(key, x)?.text as string) as number;
          const my = ipv4Value(mapV4(key, y)?.text as string) as number;
          expect(commonBits(mx, my)).toBe(commonBits(x, y));
          expect(mx >>> 24).toBe(10);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('puts each block where the design says', () => {
    const to = (ip: string) => mapV4(key, ipv4Value(ip) as number)?.text ?? ip;
    expect(inBlock(to('172.20.1.2'), '172.16.0.0', 12)).toBe(true);
    expect(inBlock(to('192.168.231.121'), '192.168.0.0', 16)).toBe(true);
    expect(inBlock(to('100.100.1.1'), '100.64.0.0', 10)).toBe(true);
    expect(inBlock(to('1.2.3.4'), '198.18.0.0', 15)).toBe(true);
    for (const kept of [
      '127.0.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '169.254.169.254',
      '203.0.113.2',
      '224.0.0.1',
    ])
      expect(to(kept)).toBe(kept);
    const v6 = (ip: string) => mapV6(key, parseV6(ip) as bigint)?.text ?? ip;
    expect(v6('fd00:10:244::5').startsWith('2001:db8:')).toBe(true);
    expect(v6('fe80::1').startsWith('fe')).toBe(true);
    expect(v6('::1')).toBe('::1');
    expect(v6('2001:db8::1')).toBe('2001:db8::1');
    expect(formatV6(parseV6('::ffff:10.0.0.1') as bigint)).toBe('::ffff:a00:1');
  });

  it('maps a CIDR to the CIDR of its members (10.244.0.0/16 contains every mapped pod IP)', () => {
    const book = new AddressBook(key);
    const net = book.network('10.244.0.0', 16);
    expect(net?.bits).toBe(16);
    for (const pod of ['10.244.169.161', '10.244.0.1', '10.244.255.254'])
      expect(inBlock(book.host(pod) as string, net?.address as string, 16)).toBe(true);
    expect(inBlock(book.host('10.245.0.1') as string, net?.address as string, 16)).toBe(false);
    expect(book.network('1.0.0.0', 8)).toEqual({ address: '198.18.0.0', bits: 15 });
    expect([...book.wide]).toEqual(['1.0.0.0/8']);
  });

  it('replaces addresses in text and nothing else', () => {
    const book = new AddressBook(key);
    const text =
      ':KUBE-SERVICES - [0:0] v1.8.9 10:42:31 02:42:ac:11:00:02 --probability 0.33333333349 ' +
      '-m recent --mask 255.255.255.255 -s 10.1.0.0/255.255.0.0 --set-xmark 0x4000/0x4000 127.0.0.1/8';
    expect(replaceAddresses(text, book)).toBe(
      text.replace('10.1.0.0', book.network('10.1.0.0', 16)?.address as string),
    );
    const mixed = 'ep 10.0.0.1:80,[fd00::1]:443 fd00::/64 fd00::2.';
    const out = replaceAddresses(mixed, book);
    expect(out).toBe(
      `ep ${book.host('10.0.0.1')}:80,[${book.host('fd00::1')}]:443 ${book.network('fd00::', 64)?.address}/64 ${book.host('fd00::2')}.`,
    );
    expect(formatIpv4(ipv4Value('1.2.3.4') as number)).toBe('1.2.3.4');
  });
});

describe('redactScenario never throws', () => {
  const ipish = fc.stringMatching(/^[0-9a-fA-F:./\-[\] "KUBE-SEP]{0,80}$/);
  it('on arbitrary texts, with and without names', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), ipish),
        fc.oneof(fc.string(), ipish),
        fc.boolean(),
        (iptables, kubectl, names) => {
          const s = { ...emptyScenario(), iptables, kubectl, nodeIps: ['10.0.0.1', 'not-an-ip'] };
          const r = redactScenario(s, { addresses: true, names, seed: 'p' });
          expect(r.diagnostics.filter((d) => d.code === 'redact/failed')).toEqual([]);
          expect(typeof r.scenario.iptables).toBe('string');
        },
      ),
      { numRuns: 300 },
    );
  });
});
