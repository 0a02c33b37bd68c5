import { describe, expect, it } from 'vitest';
import { ETP_LOCAL, ETP_LOCAL_NODE_IP, ETP_LOCAL_PODS } from '../../../test/etpLocal';
import { readFixture } from '../../../test/fixtures';
import { analyzeTexts } from '../analyze';
import type { Packet } from '../trace';
import { trace } from '../trace';
import { detectThisNode, podPlacesOf } from './podPlaces';
import { describePath } from './steps';

/**
 * Local traffic policies in words. kube-proxy (pkg/proxy/iptables/proxier.go) sends external
 * traffic of an `externalTrafficPolicy: Local` Service through KUBE-EXT → KUBE-SVL, a lottery over
 * this node's endpoints only; with endpoints but none here, a filter DROP commented "… has no local
 * endpoints".
 */

const NODE_IP = ETP_LOCAL_NODE_IP;
const toNodePort: Packet = {
  origin: 'external',
  src: '203.0.113.10',
  dst: NODE_IP,
  proto: 'tcp',
  sport: null,
  dport: 31947,
};

describe('externalTrafficPolicy Local in words', () => {
  const analysis = analyzeTexts({ iptables: ETP_LOCAL, kubectl: ETP_LOCAL_PODS });
  const places = podPlacesOf(analysis.kubectl);
  const label = (chain: string) => analysis.groups.find((g) => g.chains.includes(chain))?.label ?? null;
  const o = trace(analysis.ruleset, toNodePort, { localAddresses: [NODE_IP] }).outcomes[0]!;
  const svlStep = (thisNode: string | null, lang: 'en' | 'zh-CN' = 'en') =>
    describePath(analysis.ruleset, toNodePort, o, label, lang, { places, thisNode }).find(
      (s) => s.step.target === 'KUBE-SVL-LOLE4ISW44XBNF3G',
    )?.words;

  it('this node found from its kube-proxy pod’s IP (host network)', () => {
    expect(detectThisNode(places, [NODE_IP])).toBe('k8s-node2');
  });

  it('the jump into KUBE-SVL says which endpoints are local, by pod name', () => {
    expect(svlStep('k8s-node2')).toContain(
      '2 of 3 endpoints run on this node (k8s-node2): web-d779974b6-csx2h, web-d779974b6-9zx48; KUBE-SVL-LOLE4ISW44XBNF3G picks only those',
    );
    expect(svlStep('k8s-node2', 'zh-CN')).toContain(
      '3 个端点中有 2 个运行在本节点（k8s-node2）上：web-d779974b6-csx2h、web-d779974b6-9zx48',
    );
    expect(svlStep(null)).toContain(
      'the endpoints run on k8s-node1, k8s-node2; KUBE-SVL-LOLE4ISW44XBNF3G holds only',
    );
    expect(svlStep('k8s-node3')).toContain(
      'none of the 3 endpoints runs on this node (k8s-node3); they run on k8s-node1, k8s-node2',
    );
  });
});

describe('"has no local endpoints" names where the endpoints run', () => {
  // The shared overall fixture: ns2/svc2 is eTP=Local, its one endpoint on node-b (the JSON's
  // EndpointSlice nodeName), this node is test-node (PROVENANCE.md).
  const analysis = analyzeTexts({
    iptables: readFixture('iptables/k8s-overall-rules.iptables-save.txt'),
    kubectl: readFixture('kubectl/overall-get-svc-ep-endpointslices-A.json'),
  });
  const places = podPlacesOf(analysis.kubectl);
  const packet: Packet = {
    origin: 'external',
    src: '203.0.113.2',
    dst: '192.168.99.22',
    proto: 'tcp',
    sport: null,
    dport: 80,
  };
  const result = trace(analysis.ruleset, packet, { localAddresses: ['192.168.0.2'] });
  const drop = result.outcomes.find((o) => o.verdict === 'DROP')!;

  it('the DROP step says the endpoints run on node-b, not on this node', () => {
    expect(drop).toBeDefined();
    const words = (thisNode: string | null, lang: 'en' | 'zh-CN' = 'en') =>
      describePath(analysis.ruleset, packet, drop, () => null, lang, { places, thisNode }).at(-1)?.words;
    expect(words('test-node')).toContain(
      'the endpoints of ns2/svc2 run on node-b, not on this node (test-node)',
    );
    expect(words(null)).toContain('the endpoints of ns2/svc2 run on node-b');
    expect(words('test-node', 'zh-CN')).toContain('ns2/svc2 的端点运行在 node-b，不在本节点（test-node）上');
  });
});
