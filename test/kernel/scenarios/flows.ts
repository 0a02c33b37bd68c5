import { readFixture } from '../../fixtures';
import type { Proto } from '../harness/agents';
import type { Client } from '../harness/lab';
import type { TopologyPlan } from '../harness/topology';

/** kube-proxy's own packet-flow expectations (proxier_test.go `packetFlowTest` shape). */
export interface Flow {
  readonly name: string;
  readonly sourceIP: string;
  readonly destIP: string;
  /** 0 for `icmp` (an echo request). */
  readonly destPort: number;
  readonly protocol: Proto;
  readonly expectedEndpoints: readonly string[];
  /** `DROP`, `REJECT`, `ACCEPT`, `''` (no rule decided: forwarded untouched) or the endpoints. */
  readonly expectedOutput: string;
  readonly masq: boolean;
  /**
   * ICMP only (the suite's own field): whether the client must get the echo reply, i.e. a test
   * namespace owns the destination (the node, a pod). A cluster IP is owned by none: its echo is
   * routed out to the ext side, which does not forward, and goes unanswered.
   */
  readonly echoReply?: boolean;
}

/** A connection pattern to run against the kernel: traced ones for paths, bulk ones for histograms. */
export interface Scenario {
  readonly name: string;
  readonly client: Client;
  readonly proto: Proto;
  readonly dst: string;
  readonly dport: number;
  readonly traced: number;
  readonly bulk: number;
  readonly flow: Flow | null;
  /** ClientIP affinity: connections must stick to the first one's endpoint (checked separately). */
  readonly affinity?: boolean;
}

/**
 * The overall-rules fixture's world (test/fixtures/PROVENANCE.md, "Cluster facts"): node 192.168.0.2,
 * pod CIDR 10.0.0.0/8 with endpoints 10.180.0.1–5, a client pod 10.0.0.2, a plain pod 10.0.0.3 (the
 * "no match" destination, so even that address is owned by a test namespace), external clients
 * 203.0.113.2 (inside the 203.0.113.0/25 source range) and 203.0.113.130 (outside).
 */
export const OVERALL_PLAN: TopologyPlan = {
  nodeIp: '192.168.0.2',
  extGateway: '192.168.0.1',
  extClients: ['203.0.113.2', '203.0.113.130'],
  pods: [
    ['10.0.0.2'],
    ['10.0.0.3'],
    ['10.180.0.1'],
    ['10.180.0.2'],
    ['10.180.0.3'],
    ['10.180.0.4'],
    ['10.180.0.5'],
  ],
};

/**
 * Listeners: every pod answers on tcp:80 (and udp:80, so a UDP packet that got through would show);
 * the node answers the health-check node port 30000 (the fixture ACCEPTs it in filter INPUT).
 */
export const OVERALL_LISTEN: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ...OVERALL_PLAN.pods.flat().map((p): [string, string[]] => [p, ['tcp:80', 'udp:80']]),
  ['node', ['tcp:30000']],
]);

/** Both flow files for the overall dump, de-duplicated by (source, destination, port, protocol). */
export function overallFlows(): Flow[] {
  const files = [
    'iptables/k8s-overall-rules.iptables-save.flows.json',
    'iptables/k8s-overall-rules.computed-flows.json',
  ];
  const seen = new Set<string>();
  const out: Flow[] = [];
  for (const f of files) {
    for (const flow of JSON.parse(readFixture(f)) as Flow[]) {
      const key = `${flow.sourceIP} ${flow.destIP}:${flow.destPort}/${flow.protocol}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(flow);
    }
  }
  return out;
}

/** Maps a flow's source address onto the topology: ext client, the node itself, or a pod. */
export function clientFor(plan: TopologyPlan, src: string): Client {
  if (plan.extClients.includes(src)) return { kind: 'external', src };
  if (src === plan.nodeIp || src.startsWith('127.')) return { kind: 'host', src };
  if (plan.pods.some((g) => g.includes(src))) return { kind: 'pod', ip: src };
  throw new Error(`flow source ${src} has no place in the topology`);
}

/**
 * How many connections a flow gets: 3 traced for the path (2 when every one must time out), and
 * 300 untraced for multi-endpoint histograms, 20 for single endpoints (DNAT set, masquerade), none
 * for drops/rejects (their verdict is already in the traced paths).
 */
export function scenarioFor(plan: TopologyPlan, flow: Flow): Scenario {
  const endpoints = flow.expectedEndpoints.length;
  return {
    name: flow.name,
    client: clientFor(plan, flow.sourceIP),
    proto: flow.protocol,
    dst: flow.destIP,
    dport: flow.destPort,
    traced: flow.expectedOutput === 'DROP' || flow.expectedOutput === '' ? 2 : 3,
    bulk: endpoints > 1 ? 300 : endpoints === 1 ? 20 : 0,
    flow,
  };
}
