import { describe, expect, it } from 'vitest';
import { fixture } from '../nftables/testing.node';
import { loadNftRuleset } from '../testing/load';
import { analyzeKubeProxy } from './kube';

const FORMS = ['kube-proxy-overall.list.txt', 'kube-proxy-overall.json', 'kube-proxy-overall.nft'];

describe('kube-proxy model of an nftables ruleset', () => {
  for (const form of FORMS) {
    it(`reads Service ports, endpoints and lotteries from ${form}`, () => {
      const { result, diagnostics } = analyzeKubeProxy(loadNftRuleset(fixture(form)));
      expect(result.modes).toEqual(['nftables']);
      expect(diagnostics.find((d) => d.code === 'model/proxy-mode')?.message).toBe(
        'kube-proxy runs in nftables mode on this node.',
      );
      const svc4 = result.servicePorts.find((p) => p.name.key === 'ns4/svc4:p80');
      expect(svc4?.clusterIPs).toEqual(['172.30.0.44']);
      expect(svc4?.port).toBe(80);
      expect(svc4?.protocol).toBe('TCP');
      const lottery = result.policies.find((p) => p.owner === 'ns4/svc4:p80');
      expect(lottery?.targets.map((t) => [t.endpoint, t.share])).toEqual([
        ['10.180.0.4:80', 0.5],
        ['10.180.0.5:80', 0.5],
      ]);
      const svc5 = result.policies.find((p) => p.owner === 'ns5/svc5:p80');
      expect(svc5?.affinity?.seconds).toBe(10800);
      const eps = result.endpoints.filter((e) => e.owner === 'ns7/svc7:p80').map((e) => e.endpoint);
      expect(eps).toEqual(['10.180.0.7:8080', '10.180.0.8:8080']);
      const svc6 = result.servicePorts.find((p) => p.name.key === 'ns6/svc6:p80');
      expect(svc6?.filters.map((f) => f.verdict)).toEqual(['reject-chain']);
      expect(result.masquerade.randomFully).toBe(true);
    });
  }

  it('says both modes on an iptables-nft node listed by nft', () => {
    const { result } = analyzeKubeProxy(loadNftRuleset(fixture('iptables-nft.list.txt')));
    expect(result.modes).toEqual(['iptables']);
    expect(result.endpoints.map((e) => e.endpoint).sort()).toEqual(['10.180.0.1:80', '10.180.0.2:80']);
  });
});
