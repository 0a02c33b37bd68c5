import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixture, SEEDS_DIR } from '../../../test/fixtures';
import { loadKubectl, loadRuleset } from '../testing/load';
import { analyzeKubeProxy } from './kube';
import type { KubeProxyModel } from './kubeTypes';
import { MODEL_CODES } from './modelCodes';

function analyze(path: string) {
  return analyzeKubeProxy(loadRuleset(readFixture(path)));
}
const port = (m: KubeProxyModel, key: string) => m.servicePorts.find((s) => s.name.key === key);
const policy = (m: KubeProxyModel, chain: string) => m.policies.find((p) => p.chain === chain);
const chain = (m: KubeProxyModel, name: string, table = 'nat') =>
  m.chains.find((c) => c.id === `${table}/${name}`);

describe('analyzeKubeProxy on k8s-overall-rules.txt', () => {
  const { result: m, diagnostics } = analyze('iptables/k8s-overall-rules.txt');

  it('finds the six Service ports with their cluster IPs', () => {
    expect(m.servicePorts.map((s) => [s.name.key, s.clusterIPs, s.port, s.protocol])).toEqual(
      [1, 2, 3, 4, 5, 6].map((i) => [`ns${i}/svc${i}:p80`, [`172.30.0.4${i}`], 80, 'tcp']),
    );
    expect(diagnostics).toEqual([]);
  });

  it('gives every kube chain its role and owner, hash-checked', () => {
    expect(chain(m, 'KUBE-SERVICES')?.role).toBe('services');
    expect(chain(m, 'KUBE-SERVICES', 'filter')?.role).toBe('services');
    expect(chain(m, 'KUBE-EXTERNAL-SERVICES', 'filter')?.role).toBe('external-services');
    expect(chain(m, 'KUBE-PROXY-FIREWALL', 'filter')?.role).toBe('proxy-firewall');
    expect(chain(m, 'KUBE-MARK-MASQ')?.role).toBe('mark-masq');
    expect(chain(m, 'KUBE-FW-NUKIZ6OKUXPJNT4C')).toMatchObject({
      role: 'fw',
      owner: 'ns5/svc5:p80',
      hashCheck: 'match',
    });
    const hashed = m.chains.filter((c) => c.hash !== null);
    expect(hashed.length).toBe(16);
    for (const c of hashed) expect(c.hashCheck, c.name).toBe('match');
  });

  it('lists svc4 two KUBE-SEPs at 1/2 each, in rule order', () => {
    const p = policy(m, 'KUBE-SVC-4SW47YFZTEDKD3PK');
    expect(p?.targets.map((t) => [t.sep, t.endpoint, t.condition, t.writtenProbability, t.share])).toEqual([
      ['KUBE-SEP-UKSFD7AGPMPPLUHC', '10.180.0.4:80', 'probability', 0.5, 0.5],
      ['KUBE-SEP-C6EBXVWJJZMIWKLZ', '10.180.0.5:80', 'always', null, 0.5],
    ]);
    expect(p?.masqueradeRules).toEqual(['nat/KUBE-SVC-4SW47YFZTEDKD3PK#0']);
    expect(port(m, 'ns4/svc4:p80')).toMatchObject({
      externalIPs: ['192.168.99.33'],
      chains: { svc: 'KUBE-SVC-4SW47YFZTEDKD3PK', ext: 'KUBE-EXT-4SW47YFZTEDKD3PK' },
      seps: ['KUBE-SEP-UKSFD7AGPMPPLUHC', 'KUBE-SEP-C6EBXVWJJZMIWKLZ'],
    });
  });

  it('reads svc5 ClientIP affinity of 10800 s, its LB firewall and nodePort', () => {
    const p = policy(m, 'KUBE-SVC-NUKIZ6OKUXPJNT4C');
    expect(p?.affinity).toEqual({ seconds: 10800, rules: ['nat/KUBE-SVC-NUKIZ6OKUXPJNT4C#1'] });
    expect(p?.targets.map((t) => [t.condition, t.share])).toEqual([
      ['affinity', 0],
      ['always', 1],
    ]);
    expect(m.endpoints.find((e) => e.chain === 'KUBE-SEP-I77PXRDZVX7PMWMN')?.affinitySet).toBe(true);
    const sp = port(m, 'ns5/svc5:p80');
    expect(sp).toMatchObject({ affinitySeconds: 10800, loadBalancerIPs: ['5.6.7.8'], nodePorts: [3002] });
    expect(sp?.chains.fw).toBe('KUBE-FW-NUKIZ6OKUXPJNT4C');
    expect(sp?.filters.map((f) => [f.kind, f.chain, f.ip, f.verdict])).toEqual([
      ['firewall', 'filter/KUBE-PROXY-FIREWALL', '5.6.7.8', 'DROP'],
    ]);
  });

  it('reads svc6 "has no endpoints" REJECT and no nat chains', () => {
    const sp = port(m, 'ns6/svc6:p80');
    expect(sp?.filters.map((f) => [f.kind, f.chain, f.ip, f.port, f.verdict])).toEqual([
      ['no-endpoints', 'filter/KUBE-SERVICES', '172.30.0.46', 80, 'REJECT'],
    ]);
    expect(sp?.chains).toEqual({ svc: null, svl: null, ext: null, fw: null, xlb: null });
  });

  it('reads svc2: no local endpoints DROPs, health check nodePort, external and LB IPs', () => {
    const sp = port(m, 'ns2/svc2:p80');
    expect(sp?.filters.map((f) => [f.kind, f.ip, f.port])).toEqual([
      ['no-local-endpoints', '192.168.99.22', 80],
      ['no-local-endpoints', '1.2.3.4', 80],
      ['no-local-endpoints', null, 3001],
    ]);
    expect(sp).toMatchObject({
      healthCheckNodePort: 30000,
      nodePorts: [3001],
      externalIPs: ['192.168.99.22'],
    });
    expect(sp?.loadBalancerIPs).toEqual(['1.2.3.4']);
    const nodePorts = sp?.entries.filter((e) => e.kind === 'node-port');
    expect(nodePorts?.map((e) => [e.localhostOnly, e.target])).toEqual([
      [true, 'KUBE-EXT-GNZBNJ2PO5MGZ6GT'],
      [false, 'KUBE-EXT-GNZBNJ2PO5MGZ6GT'],
    ]);
  });

  it('describes the masquerade setup (0x4000, ≥1.21 return/xor style)', () => {
    expect(m.masquerade).toMatchObject({ mark: 0x4000, style: 'return-xor', randomFully: false });
    expect(m.masquerade.masqueradeRule).toBe('nat/KUBE-POSTROUTING#2');
    expect(m.dropMark).toBeNull();
  });

  it('records jumps from KUBE-SERVICES, NODEPORTS, EXT and FW', () => {
    const to = (from: string) => m.jumps.filter((j) => j.from === `nat/${from}`).map((j) => j.to.slice(4));
    expect(to('KUBE-FW-NUKIZ6OKUXPJNT4C')).toEqual(['KUBE-EXT-NUKIZ6OKUXPJNT4C']);
    expect(to('KUBE-EXT-GNZBNJ2PO5MGZ6GT')).toEqual([
      'KUBE-SVC-GNZBNJ2PO5MGZ6GT',
      'KUBE-MARK-MASQ',
      'KUBE-SVC-GNZBNJ2PO5MGZ6GT',
    ]);
    expect(new Set(to('KUBE-NODEPORTS'))).toEqual(
      new Set(['KUBE-EXT-GNZBNJ2PO5MGZ6GT', 'KUBE-EXT-X27LE4BHSL4DOUIK', 'KUBE-EXT-NUKIZ6OKUXPJNT4C']),
    );
    expect(chain(m, 'KUBE-SVC-XPGD46QRK7WJZT7O')?.referencedBy).toBe(1);
  });

  it('is plain data', () => {
    expect(structuredClone(m)).toEqual(m);
  });
});

describe('analyzeKubeProxy on other dumps', () => {
  it('seed grep excerpt: default/web, 3 SEPs at 0.33333333349 / 0.5 / 1', () => {
    const seed = readdirSync(SEEDS_DIR).find((f) => f.startsWith('001_')) as string;
    const { result: m } = analyzeKubeProxy(loadRuleset(readFileSync(join(SEEDS_DIR, seed), 'utf8')));
    const sp = port(m, 'default/web');
    expect(sp).toMatchObject({ clusterIPs: ['10.104.247.10'], port: 80, nodePorts: [31947] });
    expect(sp?.chains.svc).toBe('KUBE-SVC-LOLE4ISW44XBNF3G');
    expect(sp?.seps).toEqual([
      'KUBE-SEP-BJLXVQMD4VVYPI2H',
      'KUBE-SEP-HPW2WDDZQWHWFYBL',
      'KUBE-SEP-G4IDOWJQUQJ6MLO4',
    ]);
    const t = policy(m, 'KUBE-SVC-LOLE4ISW44XBNF3G')?.targets.slice(0, 3) ?? [];
    expect(t.map((x) => x.writtenProbability)).toEqual([0.33333333349, 0.5, null]);
    expect(t.map((x) => x.effectiveProbability)).toEqual([
      Math.round(0.33333333349 * 2 ** 31) / 2 ** 31,
      0.5,
      1,
    ]);
    expect(t.reduce((a, x) => a + x.share, 0)).toBeCloseTo(1, 12);
    for (const x of t) expect(x.share).toBeCloseTo(1 / 3, 9);
    expect(chain(m, 'KUBE-SVC-LOLE4ISW44XBNF3G')?.hashCheck).toBe('match');
    expect(m.masquerade.servicesMasqueradeRules).toHaveLength(1);
  });

  it('2018 XLB excerpt: "default/nginx-ext:" owns SVC, XLB and SEP; no local endpoints → KUBE-MARK-DROP', () => {
    const { result: m, diagnostics } = analyze(
      'iptables/real-excerpt-2018-xlb-etp-local-no-local-endpoints.txt',
    );
    const sp = port(m, 'default/nginx-ext');
    expect(sp?.name.text).toBe('default/nginx-ext:');
    expect(sp?.chains).toMatchObject({ svc: 'KUBE-SVC-ICKQE4PTG2WGVXBF', xlb: 'KUBE-XLB-ICKQE4PTG2WGVXBF' });
    expect(sp?.filters.map((f) => [f.kind, f.verdict])).toEqual([['no-local-endpoints', 'KUBE-MARK-DROP']]);
    expect(sp?.nodePorts).toEqual([32204]);
    for (const c of m.chains.filter((x) => x.hash)) expect(c.hashCheck, c.name).toBe('match');
    expect(diagnostics).toEqual([]);
  });

  it('2022 kind excerpt: KUBE-EXT for eTP=Local, random-fully, set-xmark marks, SEP owners from the SVC rules', () => {
    const { result: m } = analyze('iptables/real-excerpt-2022-kind-ext-chains-random-fully.txt');
    expect(port(m, 'default/nodeport-service')?.chains).toMatchObject({
      svc: 'KUBE-SVC-QATUYZLPU4I4HE4S',
      ext: 'KUBE-EXT-QATUYZLPU4I4HE4S',
    });
    expect(m.masquerade).toMatchObject({ mark: 0x4000, randomFully: true, style: 'return-xor' });
    expect(m.dropMark?.mark).toBe(0x8000);
    // KUBE-SEP-WXWG… is not in the excerpt: its owner and endpoint come from the "-> ip:port" comment.
    expect(chain(m, 'KUBE-SEP-WXWGHGKZOCNYRYI7')).toMatchObject({
      owner: 'kube-system/kube-dns:dns',
      ownerSource: 'reference',
    });
    expect(policy(m, 'KUBE-SVC-TCOU7JCQXEZGVUNU')?.targets.map((t) => t.endpoint)).toEqual([
      '10.244.0.3:53',
      '10.244.0.4:53',
    ]);
    expect(port(m, 'kube-system/kube-dns:dns')).toMatchObject({
      clusterIPs: ['10.96.0.10'],
      port: 53,
      protocol: 'udp',
    });
  });

  it('real 2018 full dump: pre-1.21 masquerade, REJECT for kube-dns without endpoints', () => {
    const { result: m } = analyze('iptables/real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt');
    expect(m.masquerade).toMatchObject({
      style: 'mark-match',
      mark: 0x4000,
      hookRules: ['nat/POSTROUTING#0'],
    });
    expect(m.masquerade.servicesMasqueradeRules).toEqual(['nat/KUBE-SERVICES#0']);
    expect(port(m, 'kube-system/kube-dns:dns')?.filters[0]).toMatchObject({
      kind: 'no-endpoints',
      verdict: 'REJECT',
      protocol: 'udp',
    });
    expect(port(m, 'default/kubernetes:https')?.seps).toEqual(['KUBE-SEP-4LVENGRQPIZXECUW']);
    expect(m.endpoints[0]).toMatchObject({
      endpoint: '192.168.50.101:6443',
      hairpinRule: 'nat/KUBE-SEP-4LVENGRQPIZXECUW#0',
    });
    expect(chain(m, 'KUBE-FORWARD', 'filter')?.role).toBe('forward');
    expect(chain(m, 'DOCKER')).toBeUndefined();
  });

  it('reports a comment whose hash does not match its chain (sort-test typo "s2/svc2")', () => {
    const { result: m, diagnostics } = analyze('iptables/k8s-sort-test-etp-local-svl-markdrop.txt');
    expect(diagnostics.map((d) => [d.code, d.severity, d.source])).toEqual([
      [MODEL_CODES.hashMismatch, 'info', 'iptables'],
    ]);
    expect(chain(m, 'KUBE-FW-GNZBNJ2PO5MGZ6GT')).toMatchObject({ owner: 'ns2/svc2:p80', hashCheck: 'match' });
    expect(policy(m, 'KUBE-SVL-GNZBNJ2PO5MGZ6GT')?.targets).toEqual([]);
    expect(port(m, 'ns2/svc2:p80')?.chains.svl).toBe('KUBE-SVL-GNZBNJ2PO5MGZ6GT');
  });

  it('partial sync: owners of undeclared KUBE-SVC chains come from the KUBE-SERVICES comments', () => {
    const { result: m } = analyze('iptables/k8s-no-endpoints-reject-partial.txt');
    expect(chain(m, 'KUBE-SVC-XPGD46QRK7WJZT7O')).toMatchObject({
      owner: 'ns1/svc1:p80',
      ownerSource: 'reference',
    });
    expect(port(m, 'ns4/svc4:p80')?.filters[0]?.kind).toBe('no-endpoints');
  });
});

describe('analyzeKubeProxy without comments', () => {
  // kube-proxy drops comments in large clusters; strip every comment to simulate the worst case.
  const bare = readFixture('iptables/k8s-overall-rules.txt').replace(
    / -m comment --comment ("[^"]*"|\S+)/g,
    '',
  );

  it('leaves owners unknown without kubectl (and says so)', () => {
    const { result: m, diagnostics } = analyzeKubeProxy(loadRuleset(bare));
    expect(chain(m, 'KUBE-SVC-XPGD46QRK7WJZT7O')?.owner).toBeNull();
    expect(diagnostics.filter((d) => d.code === MODEL_CODES.ownerUnknown).length).toBe(11);
  });

  it('recomputes owners from kubectl Services and endpoints', () => {
    const kubectl = loadKubectl(readFixture('kubectl/overall-get-svc-ep-A.txt'));
    // Table output has no port names: give them as -o json would.
    const named = {
      ...kubectl,
      services: kubectl.services.map((s) => ({ ...s, ports: s.ports.map((p) => ({ ...p, name: 'p80' })) })),
    };
    const { result: m, diagnostics } = analyzeKubeProxy(loadRuleset(bare), named);
    expect(chain(m, 'KUBE-SVC-XPGD46QRK7WJZT7O')).toMatchObject({
      owner: 'ns1/svc1:p80',
      ownerSource: 'kubectl-hash',
    });
    expect(chain(m, 'KUBE-EXT-GNZBNJ2PO5MGZ6GT')?.owner).toBe('ns2/svc2:p80');
    expect(chain(m, 'KUBE-SEP-UKSFD7AGPMPPLUHC')?.owner).toBe('ns4/svc4:p80');
    expect(m.chains.filter((c) => c.hash !== null && c.owner === null)).toEqual([]);
    expect(diagnostics.filter((d) => d.code === MODEL_CODES.ownerUnknown)).toEqual([]);
    expect(port(m, 'ns4/svc4:p80')?.clusterIPs).toEqual(['172.30.0.44']);
  });
});
