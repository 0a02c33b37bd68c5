import { describe, expect, it } from 'vitest';
import { indexServiceGroups } from '../kubeproxy';
import type { Packet } from '../trace';
import { trace } from '../trace';
import { WEB, webRuleset } from './inputs.node';
import { describePath, ruleById } from './steps';

const ruleset = webRuleset();
const groups = indexServiceGroups(ruleset);
const serviceOf = (chain: string) => groups.find((g) => g.chains.includes(chain))?.label ?? null;
const env = { localAddresses: [WEB.nodeIp] };

describe('describePath', () => {
  it('says what each rule did to a pod’s packet, and DNAT rewrites the destination', () => {
    const packet: Packet = {
      origin: 'pod',
      src: '10.244.36.7',
      dst: WEB.clusterIp,
      proto: 'tcp',
      sport: null,
      dport: 80,
    };
    const o = trace(ruleset, packet, env).outcomes[0]!;
    const steps = describePath(ruleset, packet, o, serviceOf);
    expect(steps[1]!.words).toBe(
      'matches TCP to 10.104.247.10:80 → jump to KUBE-SVC-LOLE4ISW44XBNF3G (default/web:80)',
    );
    const dnat = steps.find((s) => s.step.verdict === 'DNAT')!;
    expect(dnat).toMatchObject({ changed: 'dst', tone: 'dnat', dst: o.dnat, src: '10.244.36.7' });
    expect(dnat.words).toContain(`DNAT: destination rewritten to ${o.dnat}`);
    expect(steps[0]!.dst).toBe('10.104.247.10:80');
    expect(steps.at(-1)!.words).toBe('end of chain: policy ACCEPT');
  });

  it('says masquerade in words when an outside client’s source is rewritten', () => {
    const packet: Packet = {
      origin: 'external',
      src: '203.0.113.7',
      dst: WEB.nodeIp,
      proto: 'tcp',
      sport: null,
      dport: WEB.nodePort,
    };
    const o = trace(ruleset, packet, env).outcomes[0]!;
    expect(o.masquerade).toBe(true);
    const steps = describePath(ruleset, packet, o, serviceOf);
    const masq = steps.find((s) => s.step.verdict === 'MASQUERADE')!;
    expect(masq).toMatchObject({ changed: 'src', tone: 'masquerade' });
    expect(masq.words).toMatch(/masquerade/);
    expect(masq.src).not.toBe('203.0.113.7');
    const mark = steps.find((s) => s.step.target === 'KUBE-MARK-MASQ')!;
    expect(mark.words).toBe(
      'matches TCP to port 31947 → jump to KUBE-MARK-MASQ (mark the connection for masquerade)',
    );
    expect(mark.tone).toBe('mark');
  });
});

describe('describePath in 简体中文', () => {
  it('says the same path in Chinese, chain names and addresses verbatim', () => {
    const packet: Packet = {
      origin: 'external',
      src: '203.0.113.7',
      dst: WEB.nodeIp,
      proto: 'tcp',
      sport: null,
      dport: WEB.nodePort,
    };
    const o = trace(ruleset, packet, env).outcomes[0]!;
    const en = describePath(ruleset, packet, o, serviceOf);
    const zh = describePath(ruleset, packet, o, serviceOf, 'zh-CN');
    expect(zh.map((s) => [s.dst, s.tone, s.changed])).toEqual(en.map((s) => [s.dst, s.tone, s.changed]));
    // The tracer cannot know the node's address: the placeholder is worded in the UI language.
    expect([en.at(-1)!.src, zh.at(-1)!.src]).toEqual(["the node's address", '节点的地址']);
    const mark = zh.find((s) => s.step.target === 'KUBE-MARK-MASQ')!;
    expect(mark.words).toBe('匹配 TCP 发往端口 31947 → 跳转到 KUBE-MARK-MASQ（给连接打上地址伪装标记）');
    expect(zh.find((s) => s.step.verdict === 'DNAT')!.words).toContain(`目标地址改写为 ${o.dnat}`);
    expect(zh.find((s) => s.step.verdict === 'MASQUERADE')!.words).toContain('地址伪装');
    // No English sentence is left over: only names, addresses and netfilter words in Latin script.
    for (const s of zh) expect(s.words).not.toMatch(/\b(matches|jump to|end of chain|rewritten)\b/);
  });
});

describe('ruleById', () => {
  it('finds a rule by id and refuses malformed ids', () => {
    expect(ruleById(ruleset, `nat/${WEB.svc}#0`)?.line).toBeGreaterThan(0);
    expect(ruleById(ruleset, 'nat/NOPE#0')).toBeNull();
    expect(ruleById(ruleset, 'garbage')).toBeNull();
    expect(ruleById(ruleset, null)).toBeNull();
  });
});
