import { describe, expect, it } from 'vitest';
import { fixture } from '../nftables/testing.node';
import { loadNftRuleset } from '../testing/load';
import { trace } from './trace';
import type { Packet, TraceEnv } from './types';

const ENV: TraceEnv = { localAddresses: ['192.168.0.2'] };
const pod = (dst: string, dport: number): Packet => ({
  origin: 'pod',
  src: '10.0.0.2',
  dst,
  proto: 'tcp',
  sport: null,
  dport,
});
const FORMS = ['kube-proxy-overall.list.txt', 'kube-proxy-overall.json', 'kube-proxy-overall.nft'];
const summary = (text: string, p: Packet) =>
  trace(loadNftRuleset(text), p, ENV).outcomes.map((o) => ({
    p: o.probability,
    verdict: o.verdict,
    dnat: o.dnat,
    masquerade: o.masquerade,
    steps: o.path.map((s) => `${s.table} ${s.chain} ${s.verdict} ${s.target}`),
  }));

describe('nftables tracer', () => {
  it('gives the same outcomes and paths for the listing, nft -j and the transaction', () => {
    for (const p of [
      pod('172.30.0.44', 80),
      pod('172.30.0.46', 80),
      pod('1.2.3.4', 80),
      pod('172.30.0.50', 80),
    ]) {
      const [list, json, tx] = FORMS.map((f) => summary(fixture(f), p));
      expect(json).toEqual(list);
      expect(tx).toEqual(list);
    }
  });

  it('numgen random mod N: exactly 1/N per element, path steps in "<family> <table>"', () => {
    const r = trace(loadNftRuleset(fixture('kube-proxy-overall.list.txt')), pod('172.30.0.44', 80), ENV);
    expect(r.outcomes.map((o) => [o.dnat, o.probability])).toEqual([
      ['10.180.0.4:80', 0.5],
      ['10.180.0.5:80', 0.5],
    ]);
    expect(new Set(r.outcomes.flatMap((o) => o.path.map((s) => s.table)))).toEqual(
      new Set(['ip kube-proxy']),
    );
    const dnat = r.outcomes[0]?.path.find((s) => s.verdict === 'DNAT');
    expect(dnat?.line).toBe(168);
  });

  it('dnat ip to numgen … map: endpoints without endpoint chains', () => {
    const text = `${fixture('kube-proxy-overall.nft')}\nadd element ip kube-proxy service-ips { 172.30.0.47 . tcp . 80 : goto service-INLINED-ns7/svc7/tcp/p80 }\n`;
    const r = trace(loadNftRuleset(text), pod('172.30.0.47', 80), ENV);
    expect(r.outcomes.map((o) => [o.dnat, o.probability])).toEqual([
      ['10.180.0.7:8080', 0.5],
      ['10.180.0.8:8080', 0.5],
    ]);
  });

  it('iptables-nft and nftables tables share hooks in kernel order (equal priority: later registered first)', () => {
    const both = `${fixture('iptables-nft.list.txt')}\n${fixture('kube-proxy-overall.list.txt')}`;
    const r = trace(loadNftRuleset(both), pod('172.30.0.41', 80), ENV);
    expect(r.outcomes.map((o) => o.dnat)).toEqual(['10.180.0.1:80']);
    const pre = r.outcomes[0]?.path.filter((s) => s.hook === 'PREROUTING').map((s) => s.table);
    // ip kube-proxy's nat chain (listed last) runs first and binds: ip nat's PREROUTING is skipped.
    expect(pre).not.toContain('ip nat');
    expect(r.assumptions.some((a) => a.code === 'trace/nft-equal-priority')).toBe(true);
  });

  it('iptables-nft listing: meta random is N/2^31, lost xt options assumed from kube-proxy conventions', () => {
    const r = trace(loadNftRuleset(fixture('iptables-nft.list.txt')), pod('172.30.0.41', 80), ENV);
    expect(r.outcomes.map((o) => [o.dnat, o.probability])).toEqual([
      ['10.180.0.1:80', 0.5],
      ['10.180.0.2:80', 0.5],
    ]);
    expect(r.assumptions.some((a) => a.code === 'trace/xt-options-assumed')).toBe(true);
  });

  it('looks a key up in a 100,000-element map in one index', () => {
    const lines = [
      'table ip t {',
      ' map m { type ipv4_addr . inet_proto . inet_service : verdict; elements = {',
    ];
    for (let i = 0; i < 100_000; i++)
      lines.push(`  10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255} . tcp . 80 : goto c${i % 3},`);
    lines.push(
      ' } }',
      ' chain c0 { dnat to 10.9.9.0:80 }',
      ' chain c1 { dnat to 10.9.9.1:80 }',
      ' chain c2 { dnat to 10.9.9.2:80 }',
    );
    lines.push(
      ' chain pre { type nat hook prerouting priority dstnat; ip daddr . meta l4proto . th dport vmap @m }',
      '}',
    );
    const rs = loadNftRuleset(lines.join('\n'));
    const r = trace(rs, pod('10.1.134.159', 80), ENV);
    // 10.1.134.159 is element 65,536 + 134·256 + 159 = 99,999 → c0.
    expect(r.outcomes.map((o) => o.dnat)).toEqual(['10.9.9.0:80']);
  });
});
