import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { flowPacket, type Node, type PacketFlow, TEST_NODE } from '../../../test/flows/packetFlow';
import { parseKubectl } from '../kubectl';
import { analyzeKubeProxy } from '../kubeproxy';
import { loadKubectl, loadRuleset } from '../testing/load';
import type { Packet, TraceResult } from '../trace';
import { trace } from '../trace';
import { addressRedactor, redactScenario } from './redact';
import { emptyScenario, type Scenario } from './scenario';

const flows = (f: string) => JSON.parse(readFixture(`iptables/${f}`)) as PacketFlow[];
const example = (f: string) => readFileSync(join(__dirname, '../../ui/examples', f), 'utf8');

const WEB_NODE: Node = { nodeIPs: ['192.168.231.121'], podCidr: '10.244.0.0/16' };
const webFlow = (name: string, sourceIP: string, destIP: string, destPort: number): PacketFlow => ({
  name,
  sourceIP,
  destIP,
  destPort,
  protocol: 'TCP',
  expectedEndpoints: [],
  expectedOutput: '',
  masq: false,
});

/** Dumps (with their kubectl text, when one matches) and packets sent on both sides. */
const CASES: { name: string; iptables: string; kubectl: string; node: Node; flows: PacketFlow[] }[] = [
  {
    name: 'seed web node (test/seeds/001)',
    iptables: example('webNode.iptables-save.txt'),
    kubectl: example('webNode.kubectl.txt'),
    node: WEB_NODE,
    flows: [
      webFlow('pod → cluster IP', '10.244.36.7', '10.104.247.10', 80),
      webFlow('host → cluster IP', '192.168.231.121', '10.104.247.10', 80),
      webFlow('external → NodePort', '203.0.113.9', '192.168.231.121', 31947),
      webFlow('pod → kubernetes', '10.244.36.7', '10.96.0.1', 443),
      webFlow('hairpin', '10.244.169.161', '10.104.247.10', 80),
    ],
  },
  {
    name: 'k8s-overall-rules.iptables-save.txt',
    iptables: readFixture('iptables/k8s-overall-rules.iptables-save.txt'),
    kubectl: readFixture('kubectl/overall-get-svc-ep-A.txt'),
    node: TEST_NODE,
    flows: [
      ...flows('k8s-overall-rules.iptables-save.flows.json'),
      ...flows('k8s-overall-rules.computed-flows.json'),
    ],
  },
  {
    name: 'k8s-trace-packet-static.txt',
    iptables: readFixture('iptables/k8s-trace-packet-static.txt'),
    kubectl: '',
    node: TEST_NODE,
    flows: flows('k8s-trace-packet-static.flows.json'),
  },
  {
    name: 'real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt',
    iptables: readFixture('iptables/real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt'),
    kubectl: '',
    node: { nodeIPs: ['192.168.50.101'], podCidr: '10.32.0.0/12' },
    flows: flows('real-full-2018-k8s-v1.11-kubeadm-iptables-save.computed-flows.json'),
  },
];

function scenarioOf(c: (typeof CASES)[number]): Scenario {
  return { ...emptyScenario(), iptables: c.iptables, kubectl: c.kubectl, nodeIps: c.node.nodeIPs };
}

/** An outcome without names that redaction changes: lines, verdicts, chain roles (hash stripped). */
function shape(result: TraceResult, mapEndpoint: (ep: string | null) => string | null) {
  return result.outcomes
    .map((o) => ({
      p: o.probability.toFixed(12),
      verdict: o.verdict,
      dnat: mapEndpoint(o.dnat),
      masquerade: o.masquerade,
      delivery: o.delivery,
      path: o.path.map(
        (s) => `${s.table}/${s.chain.replace(/-[A-Z2-7]{16}$/, '')}:${s.line}:${s.verdict}:${s.hook}`,
      ),
    }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

const hashMatches = (text: string, kubectl: string) =>
  analyzeKubeProxy(loadRuleset(text), kubectl ? loadKubectl(kubectl) : undefined).result.chains.filter(
    (c) => c.hashCheck === 'match',
  ).length;

describe('redactScenario keeps what the kernel does', () => {
  for (const c of CASES) {
    for (const names of [false, true]) {
      it(`${c.name} (names: ${names})`, () => {
        const { scenario, mapping, diagnostics } = redactScenario(scenarioOf(c), {
          addresses: true,
          names,
          seed: 'workshop',
        });
        expect(diagnostics.filter((d) => d.code === 'redact/address-collision')).toEqual([]);
        const host = addressRedactor('workshop');
        for (const [from, to] of mapping.addresses) if (!from.includes('/')) expect(host(from)).toBe(to);
        const mapEndpoint = (ep: string | null) => {
          if (ep === null) return null;
          const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(ep);
          return m ? `${host(m[1] as string)}:${m[2]}` : ep;
        };
        const before = loadRuleset(c.iptables);
        const after = loadRuleset(scenario.iptables);
        const env = { localAddresses: c.node.nodeIPs };
        const envAfter = { localAddresses: scenario.nodeIps };
        for (const flow of c.flows) {
          const packet: Packet = flowPacket(flow, c.node);
          const redacted: Packet = { ...packet, src: host(packet.src), dst: host(packet.dst) };
          const a = shape(trace(before, packet, env), mapEndpoint);
          const b = shape(trace(after, redacted, envAfter), (ep) =>
            ep === null ? null : ep.replace(/^\[([^\]]+)\]/, '$1'),
          );
          expect(b, flow.name).toEqual(a);
        }
        const ports = (t: string) => analyzeKubeProxy(loadRuleset(t)).result.servicePorts.length;
        expect(ports(scenario.iptables)).toBe(ports(c.iptables));
        expect(hashMatches(scenario.iptables, scenario.kubectl)).toBe(hashMatches(c.iptables, c.kubectl));
      });
    }
  }
});

/** Dotted quads that redaction must change (not loopback, 0/8, link-local, multicast/masks, documentation nets). */
function identifyingV4(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d]|\.\d)/g)) {
    const [a, b, c] = m[0].split('.').map(Number) as [number, number, number];
    const kept =
      a === 0 ||
      a === 127 ||
      a >= 224 ||
      (a === 169 && b === 254) ||
      (a === 198 && (b === 18 || b === 19)) ||
      (a === 192 && b === 0 && c === 2) ||
      (a === 198 && b === 51 && c === 100) ||
      (a === 203 && b === 0 && c === 113);
    // A private block's own network (`10.0.0.0/8`) maps onto itself by design.
    const block = ['10.0.0.0', '172.16.0.0', '192.168.0.0', '100.64.0.0'].includes(m[0]);
    if (!kept && !block && text[(m.index ?? 0) - 1] !== '/') out.add(m[0]);
  }
  return out;
}

describe('redactScenario leaves no original address', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const { scenario } = redactScenario(scenarioOf(c), { addresses: true, names: true, seed: 's1' });
      const original = identifyingV4(c.iptables + c.kubectl);
      expect(original.size).toBeGreaterThan(0);
      const left = identifyingV4(scenario.iptables + scenario.kubectl);
      expect([...original].filter((ip) => left.has(ip))).toEqual([]);
    });
  }

  it('keeps the kubectl tables readable: same Services and endpoints, mapped', () => {
    const c = CASES[1] as (typeof CASES)[number];
    const { scenario, mapping } = redactScenario(scenarioOf(c), { addresses: true, names: true, seed: 's2' });
    const map = new Map(mapping.addresses);
    const before = parseKubectl(c.kubectl).result;
    const after = parseKubectl(scenario.kubectl);
    expect(after.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(after.result.services.map((s) => s.clusterIPs)).toEqual(
      before.services.map((s) => s.clusterIPs.map((ip) => map.get(ip) ?? ip)),
    );
    expect(after.result.endpoints.map((e) => e.addresses.length)).toEqual(
      before.endpoints.map((e) => e.addresses.length),
    );
    expect(after.result.services.map((s) => s.name)).not.toContain('svc1');
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const s = scenarioOf(CASES[0] as (typeof CASES)[number]);
    const one = redactScenario(s, { addresses: true, names: true, seed: 'a' });
    expect(redactScenario(s, { addresses: true, names: true, seed: 'a' })).toEqual(one);
    expect(redactScenario(s, { addresses: true, names: true, seed: 'b' }).scenario.iptables).not.toBe(
      one.scenario.iptables,
    );
  });
});
