import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { analyzeKubeProxy } from '../kubeproxy';
import { loadRuleset } from '../testing/load';
import type { Origin, Packet } from '../trace';
import { HOOK_TABLES, type HookName, trace } from '../trace';
import { buildChainGraph, endpointNodeId } from './build';
import { webRuleset } from './inputs.node';
import { pathFocusOf, pathHighlight, placePath } from './path';
import { hookSegments } from './route';
import { type ChainGraph, VERDICT_NODE } from './types';

/**
 * The graph of a traced path on kube-proxy's own fixture (mangle, filter and nat tables; a
 * Service without endpoints, an ETP Local Service without local endpoints, LB source ranges).
 */
const TEXT = readFixture('iptables/k8s-overall-rules.iptables-save.txt');
const ruleset = loadRuleset(TEXT);
const env = { localAddresses: ['192.168.0.2'] };

function traced(origin: Origin, src: string, dst: string, dport: number, outcome = 0) {
  const packet: Packet = { origin, src, dst, proto: 'tcp', sport: null, dport };
  const o = trace(ruleset, packet, env).outcomes[outcome]!;
  const focus = pathFocusOf(o, origin);
  const graph = buildChainGraph(ruleset, { path: focus });
  return { o, focus, graph, places: placePath(graph, o.path) };
}

const node = (g: ChainGraph, id: string) => g.nodes.find((n) => n.id === id);
const column = (g: ChainGraph, id: string) => node(g, id)?.column ?? Number.NaN;

describe('the graph of a REJECT (a Service without endpoints: filter KUBE-SERVICES)', () => {
  const { o, graph, places } = traced('pod', '10.0.0.2', '172.30.0.46', 80);

  it('draws the filter chains of the path and the hooks of every table, in kernel order', () => {
    expect(o.verdict).toBe('REJECT');
    for (const id of [
      'filter/FORWARD',
      'filter/KUBE-PROXY-FIREWALL',
      'filter/KUBE-FORWARD',
      'filter/KUBE-SERVICES',
    ])
      expect(node(graph, id), id).toBeDefined();
    // mangle is empty here (policies only), so the path has no step in it, but the packet passes it.
    const hooks = ['mangle/PREROUTING', 'nat/PREROUTING', 'mangle/FORWARD', 'filter/FORWARD'];
    const cols = hooks.map((id) => column(graph, id));
    expect(cols).toEqual([...cols].sort((a, b) => a - b));
    expect(new Set(cols).size).toBe(hooks.length);
    expect(node(graph, 'filter/FORWARD')).toMatchObject({
      role: 'hook',
      table: 'filter',
      subtitle: 'policy ACCEPT',
    });
    expect(node(graph, 'filter/KUBE-SERVICES')?.verdicts).toEqual(['REJECT']);
    // The REJECT stops the packet in FORWARD: no POSTROUTING hook of mangle.
    expect(node(graph, 'mangle/POSTROUTING')).toBeUndefined();
  });

  it('ends in a verdict node that names the verdict, the deciding rule and its comment', () => {
    const v = node(graph, VERDICT_NODE)!;
    expect(v).toMatchObject({ role: 'verdict', title: 'REJECT', subtitle: 'rejected' });
    expect(v.verdict).toMatchObject({
      verdict: 'REJECT',
      table: 'filter',
      chain: 'KUBE-SERVICES',
      line: o.path[o.path.length - 1]!.line,
      comment: 'ns6/svc6:p80 has no endpoints',
      rule: 'tcp dpt:80 → 172.30.0.46',
    });
    expect(v.column).toBeGreaterThan(column(graph, 'filter/KUBE-SERVICES'));
    expect(graph.edges.find((e) => e.id === 'verdict/in')).toMatchObject({
      kind: 'verdict',
      source: 'filter/KUBE-SERVICES',
      target: VERDICT_NODE,
    });
  });

  it('places the packet on the filter chains while it is in filter, and on the verdict at the end', () => {
    expect(places).toHaveLength(o.path.length);
    o.path.forEach((s, i) => {
      if (s.table === 'filter' && s.verdict === 'jump') expect(places[i]!.node).toBe(`filter/${s.target}`);
    });
    expect(places[places.length - 2]!.node).toBe('filter/KUBE-SERVICES');
    expect(places[places.length - 1]).toMatchObject({
      node: VERDICT_NODE,
      edge: 'verdict/in',
      chainNode: 'filter/KUBE-SERVICES',
    });
    // Into filter FORWARD along the flow edges, through mangle FORWARD.
    const into = places[o.path.findIndex((s) => s.table === 'filter')]!;
    expect(into.via).toEqual([
      'flow/nat/PREROUTING>mangle/FORWARD',
      'flow/mangle/FORWARD>filter/FORWARD',
      'filter/FORWARD#0',
    ]);
    expect(pathHighlight(places).nodes).toContain('mangle/FORWARD');
    for (const id of pathHighlight(places).edges)
      expect(
        graph.edges.some((e) => e.id === id),
        id,
      ).toBe(true);
  });
});

describe('the graph of a DROP (ETP Local without local endpoints, LB source ranges)', () => {
  it('draws filter KUBE-EXTERNAL-SERVICES and a DROP verdict for an external IP', () => {
    const { o, graph, places } = traced('external', '203.0.113.2', '192.168.99.22', 80);
    expect(o.verdict).toBe('DROP');
    expect(node(graph, 'filter/KUBE-EXTERNAL-SERVICES')).toBeDefined();
    expect(node(graph, VERDICT_NODE)?.verdict).toMatchObject({
      verdict: 'DROP',
      chain: 'KUBE-EXTERNAL-SERVICES',
      comment: 'ns2/svc2:p80 has no local endpoints',
    });
    expect(places[places.length - 2]!.node).toBe('filter/KUBE-EXTERNAL-SERVICES');
    expect(places[places.length - 1]!.node).toBe(VERDICT_NODE);
  });

  it('draws filter KUBE-PROXY-FIREWALL for a client outside the load balancer source ranges', () => {
    const { o, graph } = traced('external', '198.51.100.9', '5.6.7.8', 80);
    expect(o.verdict).toBe('DROP');
    expect(node(graph, 'nat/KUBE-FW-NUKIZ6OKUXPJNT4C')).toBeDefined();
    expect(node(graph, VERDICT_NODE)?.verdict).toMatchObject({
      table: 'filter',
      chain: 'KUBE-PROXY-FIREWALL',
    });
  });
});

describe('the graph of an ACCEPT to a pod', () => {
  const { o, graph, places } = traced('pod', '10.0.0.2', '172.30.0.41', 80);

  it('goes from the endpoint through filter FORWARD and nat POSTROUTING to the verdict', () => {
    expect(o).toMatchObject({ verdict: 'ACCEPT', delivery: 'forward', dnat: '10.180.0.1:80' });
    expect(node(graph, VERDICT_NODE)).toMatchObject({
      title: 'ACCEPT',
      subtitle: 'forwarded to the pod 10.180.0.1:80',
    });
    const ep = endpointNodeId('10.180.0.1:80');
    const order = [
      'mangle/PREROUTING',
      'nat/PREROUTING',
      'nat/KUBE-SVC-XPGD46QRK7WJZT7O',
      ep,
      'mangle/FORWARD',
      'filter/FORWARD',
      'mangle/POSTROUTING',
      'nat/POSTROUTING',
      VERDICT_NODE,
    ];
    const cols = order.map((id) => column(graph, id));
    expect(
      cols.every((c, i) => i === 0 || c > cols[i - 1]!),
      `${order} → ${cols}`,
    ).toBe(true);
    expect(graph.edges.some((e) => e.id === `flow/${ep}>mangle/FORWARD`)).toBe(true);
    const dnat = o.path.findIndex((s) => s.verdict === 'DNAT');
    expect(places[dnat]!.node).toBe(ep);
    // The next step is filter's: the marker leaves the pod for the filter chain it jumps to.
    expect(places[dnat + 1]!.node).toBe('filter/KUBE-PROXY-FIREWALL');
    expect(places[places.length - 1]!.node).toBe(VERDICT_NODE);
  });

  it('follows another outcome: a graph built for one path is not used for another', () => {
    const two = traced('pod', '10.0.0.2', '172.30.0.44', 80, 0);
    const other = trace(
      ruleset,
      { origin: 'pod', src: '10.0.0.2', dst: '172.30.0.44', proto: 'tcp', sport: null, dport: 80 },
      env,
    ).outcomes[1]!;
    const places = placePath(two.graph, other.path);
    expect(places.some((p) => p.node === VERDICT_NODE)).toBe(false);
    const own = buildChainGraph(ruleset, { path: pathFocusOf(other, 'pod') });
    expect(node(own, VERDICT_NODE)?.verdict?.dnat).toBe(other.dnat);
  });
});

describe('hookSegments', () => {
  it('lists each table of each hook in HOOK_TABLES order (raw before mangle before nat)', () => {
    const withRaw = loadRuleset(`*raw\n:PREROUTING ACCEPT [0:0]\n:OUTPUT ACCEPT [0:0]\nCOMMIT\n${TEXT}`);
    const o = trace(
      withRaw,
      { origin: 'host', src: '192.168.0.2', dst: '172.30.0.41', proto: 'tcp', sport: null, dport: 80 },
      env,
    ).outcomes[0]!;
    const segs = hookSegments(withRaw, pathFocusOf(o, 'host'));
    expect(segs.map((s) => `${s.table} ${s.hook}`)).toEqual([
      'raw OUTPUT',
      'mangle OUTPUT',
      'nat OUTPUT',
      'filter OUTPUT',
      'mangle POSTROUTING',
      'nat POSTROUTING',
    ]);
    for (const s of segs) {
      const order = HOOK_TABLES[s.hook as HookName].map((t) => t.table);
      expect(order).toContain(s.table);
    }
    const graph = buildChainGraph(withRaw, { path: pathFocusOf(o, 'host') });
    const cols = segs.map((s) => column(graph, `${s.table}/${s.hook}`));
    expect(
      cols.every((c, i) => i === 0 || c > cols[i - 1]!),
      `${cols}`,
    ).toBe(true);
  });
});

describe('endpoint lottery edges', () => {
  it('carry the effective share from the model: the 1/3 lesson, p=0.5 · 33.3 %', () => {
    const web = webRuleset();
    const graph = buildChainGraph(web, { policies: analyzeKubeProxy(web).result.policies });
    const edges = graph.edges.filter((e) => e.source === 'nat/KUBE-SVC-LOLE4ISW44XBNF3G');
    expect(edges.map((e) => e.label)).toEqual(['p=0.333 · 33.3 %', 'p=0.5 · 33.3 %', 'otherwise · 33.3 %']);
    expect(edges.reduce((a, e) => a + (e.share ?? 0), 0)).toBeCloseTo(1, 9);
  });
});
