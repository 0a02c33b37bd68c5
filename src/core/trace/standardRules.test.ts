import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { generateIptablesSave } from '../../sim/generate';
import { overallClusterSpec } from '../../sim/overallSpec';
import { loadRuleset } from '../testing/load';
import { trace } from './trace';
import type { Outcome, Packet, TraceResult } from './types';

/**
 * Issue 12 part 2: kube-proxy's shape as knowledge. The excerpts are `grep <Service>` of real dumps
 * (test/fixtures/iptables/grep, made with grep; see PROVENANCE.md): each is traced as given and,
 * beside it, with kube-proxy's standard rules assumed.
 */
const grep = (name: string) => loadRuleset(readFixture(`iptables/grep/${name}`));
const env = { localAddresses: ['192.168.0.2'] };
const tcp = (origin: Packet['origin'], src: string, dst: string, dport: number): Packet => ({
  origin,
  src,
  dst,
  proto: 'tcp',
  sport: 40000,
  dport,
});
const brief = (os: readonly Outcome[]) =>
  os.map((o) => [Number(o.probability.toFixed(6)), o.verdict, o.dnat, o.masquerade, o.delivery]);
const sum = (os: readonly Outcome[]) => os.reduce((s, o) => s + o.probability, 0);
const cutMessages = (r: TraceResult) =>
  r.assumptions.filter((a) => a.code === 'trace/chain-cut').map((a) => a.message);

describe('a grep excerpt traced both ways', () => {
  it('grep ns4/svc4 (external IP): as pasted no DNAT; with KUBE-EXT’s cut jump, the two endpoints', () => {
    const r = trace(
      grep('k8s-overall-rules.grep-ns4-svc4.txt'),
      tcp('external', '203.0.113.9', '192.168.99.33', 80),
      env,
    );
    expect(brief(r.outcomes)).toEqual([[1, 'ACCEPT', null, false, 'forward']]);
    expect(cutMessages(r).join('\n')).toContain(
      "KUBE-EXT-4SW47YFZTEDKD3PK ends without kube-proxy's last rule, a jump to KUBE-SVC-4SW47YFZTEDKD3PK that carries no comment",
    );
    expect(r.standard?.assumed.map((a) => a.rules[0])).toEqual([
      '-A KUBE-MARK-MASQ -j MARK --set-xmark 0x4000/0x4000',
      '-A KUBE-POSTROUTING -m mark ! --mark 0x4000/0x4000 -j RETURN',
      '-A KUBE-EXT-4SW47YFZTEDKD3PK -j KUBE-SVC-4SW47YFZTEDKD3PK',
    ]);
    expect(brief(r.standard?.outcomes ?? [])).toEqual([
      [0.5, 'ACCEPT', '10.180.0.4:80', true, 'forward'],
      [0.5, 'ACCEPT', '10.180.0.5:80', true, 'forward'],
    ]);
    expect(sum(r.standard?.outcomes ?? [])).toBeCloseTo(1, 12);
    // The assumed rules are in the path without a line or a rule id, and said in every outcome.
    const step = r.standard?.outcomes[0]?.path.find(
      (s) => s.chain === 'KUBE-EXT-4SW47YFZTEDKD3PK' && s.target === 'KUBE-SVC-4SW47YFZTEDKD3PK',
    );
    expect(step).toMatchObject({ line: null, ruleId: null, verdict: 'jump' });
    for (const o of r.standard?.outcomes ?? [])
      expect(o.assumptions.filter((a) => a.code === 'trace/standard-rule-assumed')).toHaveLength(3);
  });

  it('the full dump gives what the assumption gives', () => {
    const full = loadRuleset(readFixture('iptables/k8s-overall-rules.iptables-save.txt'));
    const r = trace(full, tcp('external', '203.0.113.9', '192.168.99.33', 80), env);
    const g = trace(
      grep('k8s-overall-rules.grep-ns4-svc4.txt'),
      tcp('external', '203.0.113.9', '192.168.99.33', 80),
      env,
    );
    expect(brief(r.outcomes)).toEqual(brief(g.standard?.outcomes ?? []));
    expect(r.standard).toBeUndefined();
    expect(cutMessages(r)).toEqual([]);
  });

  it('grep ns4/svc4 ClusterIP from a pod: nothing is cut on the way, one answer', () => {
    const r = trace(
      grep('k8s-overall-rules.grep-ns4-svc4.txt'),
      tcp('pod', '10.0.0.2', '172.30.0.44', 80),
      env,
    );
    expect(brief(r.outcomes).map((o) => o[2])).toEqual(['10.180.0.4:80', '10.180.0.5:80']);
    expect(r.standard).toBeUndefined();
  });

  it('grep ns5/svc5 (LoadBalancer with source ranges): as pasted DROP by KUBE-PROXY-FIREWALL; assumed, DNAT', () => {
    const r = trace(
      grep('k8s-overall-rules.grep-ns5-svc5.txt'),
      tcp('external', '203.0.113.9', '5.6.7.8', 80),
      env,
    );
    expect(brief(r.outcomes)).toEqual([[1, 'DROP', null, false, null]]);
    expect(brief(r.standard?.outcomes ?? [])).toEqual([[1, 'ACCEPT', '10.180.0.3:80', true, 'forward']]);
    expect(r.standard?.assumed.map((a) => a.chain)).toContain('KUBE-EXT-NUKIZ6OKUXPJNT4C');
  });

  it('grep ns2/svc2 (ETP Local, no local endpoint): KUBE-EXT has no last jump on the node either', () => {
    const r = trace(
      grep('k8s-overall-rules.grep-ns2-svc2.txt'),
      tcp('external', '203.0.113.9', '1.2.3.4', 80),
      env,
    );
    expect(brief(r.outcomes)).toEqual([[1, 'DROP', null, false, null]]);
    expect(cutMessages(r).join('\n')).not.toContain('KUBE-EXT');
  });

  it('grep default/kubernetes of the 2018 dump: KUBE-MARK-MASQ and KUBE-POSTROUTING (pre-1.20 shape) assumed', () => {
    const r = trace(
      grep('real-full-2018.grep-default-kubernetes.txt'),
      tcp('host', '192.168.50.101', '10.96.0.1', 443),
      {
        localAddresses: ['192.168.50.101'],
      },
    );
    expect(brief(r.outcomes)).toEqual([[1, 'ACCEPT', '192.168.50.101:6443', false, 'local']]);
    expect(r.standard?.assumed.map((a) => a.rules)).toEqual([
      ['-A KUBE-MARK-MASQ -j MARK --set-xmark 0x4000/0x4000'],
      [
        '-A KUBE-POSTROUTING -m comment --comment "kubernetes service traffic requiring SNAT" -m mark --mark 0x4000/0x4000 -j MASQUERADE',
      ],
    ]);
    expect(brief(r.standard?.outcomes ?? [])).toEqual([[1, 'ACCEPT', '192.168.50.101:6443', true, 'local']]);
    // And the whole 2018 dump agrees with the assumption.
    const full = loadRuleset(readFixture('iptables/real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt'));
    const f = trace(full, tcp('host', '192.168.50.101', '10.96.0.1', 443), {
      localAddresses: ['192.168.50.101'],
    });
    expect(brief(f.outcomes)).toEqual(brief(r.standard?.outcomes ?? []));
    expect(f.standard).toBeUndefined();
  });

  it('kubelet’s KUBE-MARK-DROP, undeclared in kube-proxy’s restore input, is assumed; declared chains are not', () => {
    const r = trace(
      loadRuleset(readFixture('iptables/k8s-sort-test-etp-local-svl-markdrop.txt')),
      tcp('external', '203.0.113.9', '1.2.3.4', 80),
      env,
    );
    expect(r.standard?.assumed.map((a) => a.rules)).toEqual([
      ['-A KUBE-MARK-DROP -j MARK --set-xmark 0x8000/0x8000'],
    ]);
    expect(brief(r.outcomes)).toEqual(brief(r.standard?.outcomes ?? []));
  });
});

describe('the assumed rules are kube-proxy’s own lines', () => {
  it('each assumed line is a line of a real or generated dump, byte for byte', () => {
    const generated = generateIptablesSave(overallClusterSpec(), { flavour: 'iptables-save' }).split('\n');
    const real2018 = readFixture('iptables/real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt').split('\n');
    const lines = new Set([...generated, ...real2018]);
    const cases: [string, Packet, string[]][] = [
      [
        'k8s-overall-rules.grep-ns4-svc4.txt',
        tcp('external', '203.0.113.9', '192.168.99.33', 80),
        ['192.168.0.2'],
      ],
      ['k8s-overall-rules.grep-ns5-svc5.txt', tcp('external', '203.0.113.9', '5.6.7.8', 80), ['192.168.0.2']],
      [
        'real-full-2018.grep-default-kubernetes.txt',
        tcp('host', '192.168.50.101', '10.96.0.1', 443),
        ['192.168.50.101'],
      ],
    ];
    let checked = 0;
    for (const [file, packet, local] of cases) {
      const r = trace(grep(file), packet, { localAddresses: local });
      for (const a of r.standard?.assumed ?? [])
        for (const line of a.rules) {
          expect(lines.has(line), line).toBe(true);
          checked++;
        }
    }
    expect(checked).toBe(13);
  });
  it('KUBE-MARK-DROP’s assumed line is the 2018 dump’s own', () => {
    const r = trace(
      loadRuleset(readFixture('iptables/k8s-sort-test-etp-local-svl-markdrop.txt')),
      tcp('external', '203.0.113.9', '1.2.3.4', 80),
      env,
    );
    const real2018 = readFixture('iptables/real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt').split('\n');
    expect(real2018).toContain(r.standard?.assumed[0]?.rules[0]);
  });
});
