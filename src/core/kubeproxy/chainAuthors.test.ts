import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { analyzeTexts } from '../analyze';
import type { Rule } from '../ruleset';
import { loadRuleset } from '../testing/load';
import { chainAuthor, ruleAuthor } from './chainAuthors';
import { describeNodeAuthors, kubeProxyReplacement } from './nodeAuthors';

const rules = (text: string): Rule[] =>
  Object.values(loadRuleset(text).tables).flatMap((t) =>
    Object.values(t?.chains ?? {}).flatMap((c) => c.rules),
  );

describe('chainAuthor: who wrote a chain, by its name', () => {
  it.each([
    ['KUBE-SERVICES', 'kube-proxy'],
    ['KUBE-SVC-TCOU7JCQXEZGVUNU', 'kube-proxy'],
    ['KUBE-FIREWALL', 'kubelet'],
    ['KUBE-MARK-DROP', 'kubelet'],
    ['KUBE-ROUTER-FORWARD', 'kube-router'],
    ['KUBE-POD-FW-3XZ4N6PZ2JJGEIZT', 'kube-router'],
    ['cali-PREROUTING', 'calico'],
    ['cali-from-wl-dispatch', 'calico'],
    ['CILIUM_FORWARD', 'cilium'],
    ['CILIUM_POST_nat', 'cilium'],
    ['FLANNEL-POSTRTG', 'flannel'],
    ['FLANNEL-FWD', 'flannel'],
    ['KIND-MASQ-AGENT', 'kindnet'],
    ['AWS-SNAT-CHAIN-0', 'aws-vpc-cni'],
    ['AWS-CONNMARK-CHAIN-1', 'aws-vpc-cni'],
    ['WEAVE-NPC-INGRESS', 'weave'],
    ['WEAVE', 'weave'],
    ['DOCKER', 'docker'],
    ['DOCKER-USER', 'docker'],
    ['DOCKER-ISOLATION-STAGE-2', 'docker'],
    ['INPUT_direct', 'firewalld'],
    ['FORWARD_IN_ZONES_SOURCE', 'firewalld'],
    ['IN_public_allow', 'firewalld'],
    ['FWDO_trusted_log', 'firewalld'],
    ['PREROUTING', null],
    ['my-own-chain', null],
  ])('%s → %s', (name, author) => expect(chainAuthor(name)).toBe(author));
});

describe('ruleAuthor: rules in built-in chains are their jump target’s, comment’s or REJECT’s', () => {
  it('reads the real Calico nat excerpt: cali: comments and cali- chains are Calico’s', () => {
    const all = rules(readFixture('iptables/excerpt-2022-calico-nat-grep-cali.txt'));
    expect(all).toHaveLength(9);
    expect(new Set(all.map(ruleAuthor))).toEqual(new Set(['calico']));
  });

  it('reads the real 2018 kubeadm dump: Docker’s jumps, kube-proxy’s portals, kubelet’s firewall', () => {
    const all = rules(readFixture('iptables/real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt'));
    const at = (chain: string, target: string) =>
      all.find((r) => r.chain === chain && r.target.kind === 'jump' && r.target.chain === target)!;
    expect(ruleAuthor(at('FORWARD', 'DOCKER-USER'))).toBe('docker');
    expect(ruleAuthor(at('PREROUTING', 'KUBE-SERVICES'))).toBe('kube-proxy');
    expect(ruleAuthor(at('INPUT', 'KUBE-FIREWALL'))).toBe('kubelet');
  });

  it('names the REJECT RHEL’s iptables-services ends INPUT and FORWARD with (real dump)', () => {
    const all = rules(readFixture('iptables/real-2018-rhel-iptables-services-default-reject.txt'));
    expect(all.filter((r) => ruleAuthor(r) === 'distribution').map((r) => r.chain)).toEqual([
      'INPUT',
      'FORWARD',
    ]);
    expect(all.filter((r) => ruleAuthor(r) === null)).toHaveLength(4);
  });

  it('takes flannel’s and Cilium’s comments on the rules they put in built-in chains', () => {
    const flannel = rules(readFixture('iptables/excerpt-2024-flannel-grep-flannel.txt'));
    expect(new Set(flannel.map(ruleAuthor))).toEqual(new Set(['flannel']));
    const cilium = rules(readFixture('iptables/excerpt-2024-cilium-kpr-filter.txt'));
    expect(cilium.filter((r) => r.chain === 'INPUT').map(ruleAuthor)).toEqual(['cilium', 'kubelet']);
  });
});

describe('describeNodeAuthors and the kube-proxy replacement', () => {
  it('counts every writer of a firewalld + Calico + Docker node (real chain list)', () => {
    const n = describeNodeAuthors(
      loadRuleset(readFixture('iptables/excerpt-2019-firewalld-calico-filter-chains.txt')),
    );
    expect(Object.fromEntries(n.authors.map((a) => [a.id, a.chains]))).toEqual({
      firewalld: 21,
      calico: 16,
      docker: 4,
      'kube-proxy': 1,
      kubelet: 1,
    });
    expect(n.authors.find((a) => a.id === 'calico')?.rules).toBe(1);
    expect(n).toMatchObject({ kubeProxy: true, replacement: null });
  });

  it('a Cilium node without any kube-proxy chain is a kube-proxy replacement, said up front', () => {
    const text = readFixture('iptables/excerpt-2024-cilium-kpr-filter.txt');
    const ruleset = loadRuleset(text);
    expect(kubeProxyReplacement(ruleset)).toEqual({ by: 'cilium', table: 'filter', chain: 'CILIUM_FORWARD' });
    expect(describeNodeAuthors(ruleset)).toMatchObject({ kubeProxy: false, replacement: 'cilium' });
    const warned = analyzeTexts({ iptables: text }).diagnostics.iptables.find(
      (d) => d.code === 'model/kube-proxy-replaced',
    );
    expect(warned).toMatchObject({ severity: 'warning' });
    expect(warned?.message).toContain('eBPF programs, which are not traced here');
  });

  it('a node with kube-proxy’s chains and Cilium’s (kube-proxy kept) is no replacement', () => {
    const text = `${readFixture('iptables/excerpt-2024-cilium-kpr-filter.txt')}-A FORWARD -m comment --comment "kubernetes forwarding rules" -j KUBE-FORWARD\n`;
    expect(kubeProxyReplacement(loadRuleset(text))).toBeNull();
    expect(analyzeTexts({ iptables: text }).diagnostics.iptables.map((d) => d.code)).not.toContain(
      'model/kube-proxy-replaced',
    );
  });
});
