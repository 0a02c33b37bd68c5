import { describe, expect, it } from 'vitest';
import { indexServiceGroups } from '../kubeproxy';
import { loadRuleset } from '../testing/load';
import { fixtureRuleset, WEB, WEB_EXAMPLE_TEXT, webRuleset } from './inputs.node';
import { inferPodCidr, OUTSIDE_CLIENT, suggestPacket } from './suggestPacket';

const suggest = (name: string) => {
  const ruleset = fixtureRuleset(name);
  return suggestPacket(ruleset, indexServiceGroups(ruleset));
};

describe('suggestPacket', () => {
  it('aims a pod at web’s ClusterIP on the example node, and finds the node and pod network', () => {
    const ruleset = webRuleset();
    const s = suggestPacket(ruleset, indexServiceGroups(ruleset))!;
    expect(s).toMatchObject({
      origin: 'pod',
      dst: WEB.clusterIp,
      dport: 80,
      proto: 'tcp',
      nodeIp: WEB.nodeIp,
      podCidr: '10.244.0.0/16',
      service: 'default/web:80',
    });
    expect(s.sources).toEqual({ pod: '10.244.0.7', host: WEB.nodeIp, external: OUTSIDE_CLIENT });
  });

  it('reads the real 2018 kubeadm dump: weave’s 10.32.0.0/12, the API server on the node, no dead kube-dns', () => {
    const s = suggest('real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt')!;
    expect(s.podCidr).toBe('10.32.0.0/12');
    expect(s.nodeIp).toBe('192.168.50.101');
    // kube-dns has no endpoints there: the only live ClusterIP is the API server's.
    expect(s).toMatchObject({ dst: '10.96.0.1', dport: 443, service: 'default/kubernetes:https' });
    expect(s.sources.pod).toBe('10.32.0.7');
  });

  it('prefers an application Service with endpoints (overall fixture: ns1/svc1)', () => {
    const s = suggest('k8s-overall-rules.iptables-save.txt')!;
    expect(s).toMatchObject({ origin: 'pod', dst: '172.30.0.41', dport: 80, service: 'ns1/svc1:p80' });
    expect(s.podCidr).toBe('10.0.0.0/8');
  });

  it('takes the node IP from --nodeport-addresses rules (`-d <node>/32 -j KUBE-NODEPORTS`)', () => {
    const text = WEB_EXAMPLE_TEXT.replace(
      /^(-A KUBE-SERVICES) (-m comment --comment "kubernetes service nodeports;[^"]*") -m addrtype --dst-type LOCAL (-j KUBE-NODEPORTS)$/m,
      '$1 -d 192.168.231.200/32 $2 $3',
    );
    expect(text).not.toBe(WEB_EXAMPLE_TEXT);
    const ruleset = loadRuleset(text);
    expect(suggestPacket(ruleset, indexServiceGroups(ruleset))!.nodeIp).toBe('192.168.231.200');
  });

  it('gives null for a dump without Services', () => {
    expect(suggestPacket({ family: 'ipv4', tables: {}, ruleCount: 0 }, [])).toBeNull();
    expect(inferPodCidr({ family: 'ipv4', tables: {}, ruleCount: 0 })).toBeNull();
  });
});
