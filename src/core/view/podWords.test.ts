import { describe, expect, it } from 'vitest';
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

/**
 * COMPOSED in kube-proxy 1.28's shape (proxier.go writeServiceToEndpointRules, the KUBE-EXT rules
 * of an eTP=Local NodePort): the seed's `default/web` made Local, two of its three endpoints on
 * this node, so KUBE-SVL holds those two.
 */
const ETP_LOCAL = `*nat
:PREROUTING ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
:KUBE-SERVICES - [0:0]
:KUBE-NODEPORTS - [0:0]
:KUBE-MARK-MASQ - [0:0]
:KUBE-POSTROUTING - [0:0]
:KUBE-EXT-LOLE4ISW44XBNF3G - [0:0]
:KUBE-SVC-LOLE4ISW44XBNF3G - [0:0]
:KUBE-SVL-LOLE4ISW44XBNF3G - [0:0]
:KUBE-SEP-BJLXVQMD4VVYPI2H - [0:0]
:KUBE-SEP-HPW2WDDZQWHWFYBL - [0:0]
:KUBE-SEP-G4IDOWJQUQJ6MLO4 - [0:0]
-A PREROUTING -m comment --comment "kubernetes service portals" -j KUBE-SERVICES
-A OUTPUT -m comment --comment "kubernetes service portals" -j KUBE-SERVICES
-A POSTROUTING -m comment --comment "kubernetes postrouting rules" -j KUBE-POSTROUTING
-A KUBE-MARK-MASQ -j MARK --or-mark 0x4000
-A KUBE-POSTROUTING -m mark ! --mark 0x4000/0x4000 -j RETURN
-A KUBE-POSTROUTING -j MARK --xor-mark 0x4000
-A KUBE-POSTROUTING -m comment --comment "kubernetes service traffic requiring SNAT" -j MASQUERADE
-A KUBE-SERVICES -d 10.104.247.10/32 -p tcp -m comment --comment "default/web cluster IP" -m tcp --dport 80 -j KUBE-SVC-LOLE4ISW44XBNF3G
-A KUBE-SERVICES -m comment --comment "kubernetes service nodeports; NOTE: this must be the last rule in this chain" -m addrtype --dst-type LOCAL -j KUBE-NODEPORTS
-A KUBE-NODEPORTS -p tcp -m comment --comment "default/web" -m tcp --dport 31947 -j KUBE-EXT-LOLE4ISW44XBNF3G
-A KUBE-EXT-LOLE4ISW44XBNF3G -s 10.244.0.0/16 -m comment --comment "pod traffic for default/web external destinations" -j KUBE-SVC-LOLE4ISW44XBNF3G
-A KUBE-EXT-LOLE4ISW44XBNF3G -m comment --comment "masquerade LOCAL traffic for default/web external destinations" -m addrtype --src-type LOCAL -j KUBE-MARK-MASQ
-A KUBE-EXT-LOLE4ISW44XBNF3G -m comment --comment "route LOCAL traffic for default/web external destinations" -m addrtype --src-type LOCAL -j KUBE-SVC-LOLE4ISW44XBNF3G
-A KUBE-EXT-LOLE4ISW44XBNF3G -j KUBE-SVL-LOLE4ISW44XBNF3G
-A KUBE-SVC-LOLE4ISW44XBNF3G ! -s 10.244.0.0/16 -d 10.104.247.10/32 -p tcp -m comment --comment "default/web cluster IP" -m tcp --dport 80 -j KUBE-MARK-MASQ
-A KUBE-SVC-LOLE4ISW44XBNF3G -m comment --comment "default/web -> 10.244.169.161:80" -m statistic --mode random --probability 0.33333333349 -j KUBE-SEP-BJLXVQMD4VVYPI2H
-A KUBE-SVC-LOLE4ISW44XBNF3G -m comment --comment "default/web -> 10.244.169.163:80" -m statistic --mode random --probability 0.50000000000 -j KUBE-SEP-HPW2WDDZQWHWFYBL
-A KUBE-SVC-LOLE4ISW44XBNF3G -m comment --comment "default/web -> 10.244.169.165:80" -j KUBE-SEP-G4IDOWJQUQJ6MLO4
-A KUBE-SVL-LOLE4ISW44XBNF3G -m comment --comment "default/web -> 10.244.169.161:80" -m statistic --mode random --probability 0.50000000000 -j KUBE-SEP-BJLXVQMD4VVYPI2H
-A KUBE-SVL-LOLE4ISW44XBNF3G -m comment --comment "default/web -> 10.244.169.165:80" -j KUBE-SEP-G4IDOWJQUQJ6MLO4
-A KUBE-SEP-BJLXVQMD4VVYPI2H -s 10.244.169.161/32 -m comment --comment "default/web" -j KUBE-MARK-MASQ
-A KUBE-SEP-BJLXVQMD4VVYPI2H -p tcp -m comment --comment "default/web" -m tcp -j DNAT --to-destination 10.244.169.161:80
-A KUBE-SEP-HPW2WDDZQWHWFYBL -s 10.244.169.163/32 -m comment --comment "default/web" -j KUBE-MARK-MASQ
-A KUBE-SEP-HPW2WDDZQWHWFYBL -p tcp -m comment --comment "default/web" -m tcp -j DNAT --to-destination 10.244.169.163:80
-A KUBE-SEP-G4IDOWJQUQJ6MLO4 -s 10.244.169.165/32 -m comment --comment "default/web" -j KUBE-MARK-MASQ
-A KUBE-SEP-G4IDOWJQUQJ6MLO4 -p tcp -m comment --comment "default/web" -m tcp -j DNAT --to-destination 10.244.169.165:80
COMMIT
`;

/** The seed's pods with one moved to k8s-node1, and this node's kube-proxy (host network). */
const PODS = `NAMESPACE     NAME                  READY   STATUS    RESTARTS   AGE   IP                NODE        NOMINATED NODE   READINESS GATES
default       web-d779974b6-9zx48   1/1     Running   0          12m   10.244.169.165    k8s-node2   <none>           <none>
default       web-d779974b6-csx2h   1/1     Running   0          12m   10.244.169.161    k8s-node2   <none>           <none>
default       web-d779974b6-hb6kw   1/1     Running   0          12m   10.244.36.4       k8s-node1   <none>           <none>
kube-system   kube-proxy-q8r4m      1/1     Running   0          27d   192.168.231.123   k8s-node2   <none>           <none>

NAMESPACE   NAME            ENDPOINTS                                               AGE
default     endpoints/web   10.244.169.161:80,10.244.36.4:80,10.244.169.165:80      12m
`;

const NODE_IP = '192.168.231.123';
const toNodePort: Packet = {
  origin: 'external',
  src: '203.0.113.10',
  dst: NODE_IP,
  proto: 'tcp',
  sport: null,
  dport: 31947,
};

describe('externalTrafficPolicy Local in words', () => {
  const analysis = analyzeTexts({ iptables: ETP_LOCAL, kubectl: PODS });
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
