import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixture, SEEDS_DIR } from '../../../test/fixtures';
import { analyzeTexts } from '../analyze';
import { parseKubectl } from '../kubectl';
import { trace } from '../trace';
import { buildChainGraph } from './build';
import { seedGrepExcerpt, WEB, WEB_EXAMPLE_TEXT } from './inputs.node';
import { detectThisNode, nodeNamesOf, placeOf, podPlacesOf } from './podPlaces';
import { describePath } from './steps';
import { VERDICT_NODE } from './types';

const seedText = () =>
  readFileSync(join(SEEDS_DIR, readdirSync(SEEDS_DIR).find((f) => f.startsWith('001_')) as string), 'utf8');

/** The seed article's own `kubectl get pod -o wide` table (lines 13–17), as published. */
const seedPodTable = () => {
  const lines = seedText().split('\n');
  const at = lines.findIndex((l) => l.endsWith('kubectl get pod -o wide'));
  return `${lines.slice(at + 1, at + 5).join('\n')}\n`;
};

describe('podPlacesOf: where kubectl says endpoints run', () => {
  it('the seed article: each web endpoint’s pod and node, the API server unnamed', () => {
    const places = podPlacesOf(parseKubectl(seedText()).result);
    expect(placeOf(places, '10.244.169.161:80')).toEqual({ pod: 'web-d779974b6-csx2h', node: 'k8s-node2' });
    expect(placeOf(places, '10.244.169.165:80')).toEqual({ pod: 'web-d779974b6-9zx48', node: 'k8s-node2' });
    expect(placeOf(places, '192.168.231.121:6443')).toBeNull();
    expect(places.services.web).toEqual(['10.244.169.161', '10.244.169.163', '10.244.169.165']);
    expect(nodeNamesOf(places)).toEqual(['k8s-node2']);
    // No pod has the master's IP: this node is not known from the pods.
    expect(detectThisNode(places, [WEB.nodeIp])).toBeNull();
  });

  it('the shared EndpointSlice JSON: pods from targetRef, nodes from nodeName', () => {
    const places = podPlacesOf(
      parseKubectl(readFixture('kubectl/overall-get-svc-ep-endpointslices-A.json')).result,
    );
    expect(placeOf(places, '10.180.0.5:80')).toEqual({ pod: 'svc4-84d6f-uvwxy', node: 'test-node' });
    expect(placeOf(places, '10.180.0.2:80')?.node).toBe('node-b');
    expect(nodeNamesOf(places)).toEqual(['node-b', 'test-node']);
  });

  it('a host-network pod’s IP is its node’s: the node IP finds the node; two nodes on one IP find none', () => {
    const pods = [
      'NAMESPACE     NAME               READY   STATUS    RESTARTS   AGE   IP                NODE        NOMINATED NODE   READINESS GATES',
      'kube-system   kube-proxy-7xk2p   1/1     Running   0          27d   192.168.231.122   k8s-node1   <none>           <none>',
      'kube-system   kube-proxy-q8r4m   1/1     Running   0          27d   192.168.231.123   k8s-node2   <none>           <none>',
      '',
    ].join('\n');
    const places = podPlacesOf(parseKubectl(pods).result);
    expect(detectThisNode(places, ['192.168.231.123'])).toBe('k8s-node2');
    expect(detectThisNode(places, ['192.168.231.122', '192.168.231.123'])).toBeNull();
    expect(detectThisNode(places, ['10.0.0.1'])).toBeNull();
    expect(podPlacesOf(null)).toEqual({ pods: {}, nodes: {}, services: {} });
  });
});

describe('the seed’s pods in the path and the graph', () => {
  const kubectl = seedPodTable();
  const packet = {
    origin: 'pod',
    src: '10.244.36.7',
    dst: WEB.clusterIp,
    proto: 'tcp',
    sport: null,
    dport: 80,
  } as const;

  it('the grep excerpt + `get pod -o wide`: DNAT names the pod and node, in English and 简体中文', () => {
    const analysis = analyzeTexts({ iptables: seedGrepExcerpt(), kubectl });
    const places = podPlacesOf(analysis.kubectl);
    const result = trace(analysis.ruleset, packet, { localAddresses: [] });
    const to161 = result.outcomes.find((o) => o.dnat === '10.244.169.161:80');
    expect(to161).toBeDefined();
    const pods = { places, thisNode: null };
    const dnat = (lang: 'en' | 'zh-CN') =>
      describePath(analysis.ruleset, packet, to161!, () => null, lang, pods).find(
        (s) => s.step.verdict === 'DNAT',
      )?.words;
    expect(dnat('en')).toContain(
      'DNAT: destination rewritten to 10.244.169.161:80 (pod web-d779974b6-csx2h on k8s-node2)',
    );
    expect(dnat('zh-CN')).toContain('10.244.169.161:80（Pod web-d779974b6-csx2h，在节点 k8s-node2 上）');
    // Without kubectl's places, the words are as before.
    const plain = describePath(analysis.ruleset, packet, to161!).find((s) => s.step.verdict === 'DNAT');
    expect(plain?.words).toBe('matches TCP → DNAT: destination rewritten to 10.244.169.161:80');
  });

  it('the node dump: KUBE-SEP nodes and endpoint nodes name the pod, the verdict node its place', () => {
    const analysis = analyzeTexts({ iptables: WEB_EXAMPLE_TEXT, kubectl });
    const places = podPlacesOf(analysis.kubectl);
    const o = trace(analysis.ruleset, packet, { localAddresses: [WEB.nodeIp] }).outcomes.find(
      (x) => x.dnat === '10.244.169.161:80',
    )!;
    const graph = buildChainGraph(analysis.ruleset, {
      places,
      path: { origin: 'pod', steps: o.path, verdict: o.verdict, delivery: o.delivery, dnat: o.dnat },
    });
    const node = (id: string) => graph.nodes.find((n) => n.id === id);
    expect(node('nat/KUBE-SEP-BJLXVQMD4VVYPI2H')?.subtitle).toBe(
      'DNAT → 10.244.169.161:80 · web-d779974b6-csx2h',
    );
    expect(node('ep/10.244.169.161:80')?.subtitle).toBe('web-d779974b6-csx2h · node k8s-node2');
    expect(node(VERDICT_NODE)?.verdict?.place).toEqual({ pod: 'web-d779974b6-csx2h', node: 'k8s-node2' });
    // Its subtitle sizes the box (sizes.ts) and feeds the SVG export: it says the place too.
    expect(node(VERDICT_NODE)?.subtitle).toBe(
      'forwarded to the pod 10.244.169.161:80 (web-d779974b6-csx2h on k8s-node2)',
    );
    // Without places: as before.
    const bare = buildChainGraph(analysis.ruleset);
    expect(bare.nodes.find((n) => n.id === 'nat/KUBE-SEP-BJLXVQMD4VVYPI2H')?.subtitle).toBe(
      'DNAT → 10.244.169.161:80',
    );
  });
});
