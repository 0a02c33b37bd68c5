import { describe, expect, it } from 'vitest';
import { applyAddressView, formatAddress, parseAddress } from './address';
import { emptyScenario } from './scenario';

describe('page address', () => {
  it('round-trips a source and its view', () => {
    const view = {
      step: 7,
      endpoint: '10.244.1.5:80',
      presenter: true,
      language: 'zh-CN' as const,
      packet: {
        origin: 'external' as const,
        proto: 'tcp' as const,
        src: '203.0.113.7',
        dst: '192.168.10.11',
        sport: null,
        dport: 30443,
      },
      nodeIp: '192.168.10.11',
      rules: true,
    };
    for (const source of [
      { kind: 'link', text: 's=2.AbC-_' },
      { kind: 'gallery', id: 'nodeport-web-seed' },
    ] as const) {
      const hash = formatAddress(source, view);
      expect(hash.startsWith(source.kind === 'link' ? '#s=2.AbC-_&' : '#g=nodeport-web-seed&')).toBe(true);
      expect(parseAddress(hash)).toEqual({ source, view });
    }
    expect(formatAddress({ kind: 'gallery', id: 'x' }, {})).toBe('#g=x');
  });

  it('leaves other fragments alone and ignores view fields it cannot read', () => {
    expect(parseAddress('#packet-form')).toBeNull();
    expect(parseAddress('')).toBeNull();
    expect(parseAddress('#g=x&step=-3&lang=fr&present=yes&pkt=1,2')).toEqual({
      source: { kind: 'gallery', id: 'x' },
      view: {},
    });
  });

  it('lays the view over a scenario, and ignores a view that does not validate', () => {
    const s = { ...emptyScenario(), nodeIps: ['10.0.0.1'] };
    expect(
      applyAddressView(s, { step: 3, presenter: true, nodeIp: '10.0.0.2', endpoint: 'a:1' }),
    ).toMatchObject({
      step: 3,
      view: { presenter: true },
      nodeIps: ['10.0.0.2', '10.0.0.1'],
      endpoint: 'a:1',
    });
    const badPacket = { origin: 'mars', proto: 'tcp', src: 'a', dst: 'b', sport: null, dport: 1 } as never;
    expect(applyAddressView(s, { packet: badPacket, step: 2 })).toBe(s);
  });
});
