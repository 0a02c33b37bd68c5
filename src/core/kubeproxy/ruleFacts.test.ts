import { describe, expect, it } from 'vitest';
import type { Target } from '../ruleset';
import { WEB, webRuleset } from '../testing/inputs.node';
import { loadRuleset } from '../testing/load';
import { analyzeKubeProxy } from './kube';
import { dnatEndpoint } from './ruleFacts';

function dnat(minIp: string | null, minPort: number | null): Target {
  return {
    kind: 'DNAT',
    ranges: [{ minIp, maxIp: minIp, minPort, maxPort: minPort }],
    random: false,
    persistent: false,
  };
}

describe('dnatEndpoint', () => {
  it('reads the DNAT target of each web KUBE-SEP', () => {
    const nat = webRuleset().tables.nat!;
    const eps = WEB.seps.map((s) => nat.chains[s]!.rules.map((r) => dnatEndpoint(r.target)).find(Boolean));
    expect(eps.sort()).toEqual([...WEB.endpoints]);
    expect(dnatEndpoint({ kind: 'ACCEPT' })).toBeNull();
  });

  it('brackets an IPv6 address before a port only, as iptables-save prints it', () => {
    expect(dnatEndpoint(dnat('fd00::10', 8080))).toBe('[fd00::10]:8080');
    expect(dnatEndpoint(dnat('fd00::10', null))).toBe('fd00::10');
    expect(dnatEndpoint(dnat('10.0.0.1', null))).toBe('10.0.0.1');
    expect(dnatEndpoint(dnat(null, 80))).toBeNull();
  });

  // The model read `[fd00::10]` here while the graph drew `fd00::10`: one reader now, one answer.
  it('gives the model and the graph the same endpoint for a port-less IPv6 DNAT', () => {
    const ruleset = loadRuleset(`*nat
:KUBE-SEP-AAAAAAAAAAAAAAAA - [0:0]
-A KUBE-SEP-AAAAAAAAAAAAAAAA -p tcp -m tcp -j DNAT --to-destination fd00::10
COMMIT
`);
    const rule = ruleset.tables.nat!.chains['KUBE-SEP-AAAAAAAAAAAAAAAA']!.rules[0]!;
    const model = analyzeKubeProxy(ruleset).result;
    expect(model.endpoints[0]!.endpoint).toBe('fd00::10');
    expect(dnatEndpoint(rule.target)).toBe(model.endpoints[0]!.endpoint);
  });
});
