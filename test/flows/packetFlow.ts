import { compilePrefix, parseIp, prefixContains } from '../../src/core/net';
import type { Ruleset } from '../../src/core/ruleset';
import type { Outcome, Packet, TraceEnv, TraceResult } from '../../src/core/trace';

/** One flow in kube-proxy's `packetFlowTest` shape (pkg/proxy/iptables/proxier_test.go). */
export interface PacketFlow {
  readonly name: string;
  readonly sourceIP: string;
  readonly destIP: string;
  readonly destPort: number;
  readonly protocol: string;
  readonly expectedEndpoints: readonly string[];
  readonly expectedOutput: string;
  readonly masq: boolean;
}

export interface Node {
  readonly nodeIPs: readonly string[];
  readonly podCidr: string;
}

/** The test cluster of PROVENANCE.md: node IPs and the local-detector CIDR. */
export const TEST_NODE: Node = {
  nodeIPs: ['192.168.0.2', '192.168.1.2', '192.168.99.11', '2001:db8::1', '2001:db8:1::2'],
  podCidr: '10.0.0.0/8',
};

/** A flow's source → origin: a node IP (or loopback) → host, the pod CIDR → pod, else external. */
export function flowPacket(flow: PacketFlow, node: Node): Packet {
  const src = parseIp(flow.sourceIP);
  const pods = compilePrefix(node.podCidr);
  const isNode =
    node.nodeIPs.includes(flow.sourceIP) || flow.sourceIP.startsWith('127.') || flow.sourceIP === '::1';
  const origin = isNode
    ? 'host'
    : src !== null && pods !== null && prefixContains(pods, src)
      ? 'pod'
      : 'external';
  return {
    origin,
    src: flow.sourceIP,
    dst: flow.destIP,
    proto: flow.protocol.toLowerCase() as Packet['proto'],
    sport: null,
    dport: flow.destPort,
  };
}

export const flowEnv = (node: Node): TraceEnv => ({ localAddresses: node.nodeIPs });

/** kube-proxy's tracer reports ACCEPT only from these filter chains (tracePacket in proxier_test.go). */
const KUBE_FILTER_CHAINS = new Set([
  'KUBE-SERVICES',
  'KUBE-EXTERNAL-SERVICES',
  'KUBE-NODEPORTS',
  'KUBE-PROXY-FIREWALL',
]);

const explicitAccept = (o: Outcome) =>
  o.path.some(
    (s) =>
      s.table === 'filter' && s.verdict === 'ACCEPT' && s.ruleId !== null && KUBE_FILTER_CHAINS.has(s.chain),
  );

/** The differences between a trace and a flow's expectations ([] when it passes). */
export function flowMismatches(flow: PacketFlow, result: TraceResult): string[] {
  const errors: string[] = [];
  const outs = result.outcomes;
  const total = outs.reduce((s, o) => s + o.probability, 0);
  if (Math.abs(total - 1) > 1e-9) errors.push(`probabilities sum to ${total}`);
  if (flow.expectedEndpoints.length > 0) {
    const got = [...new Set(outs.map((o) => o.dnat ?? '<none>'))].sort();
    const want = [...flow.expectedEndpoints].sort();
    if (got.join(',') !== want.join(',')) errors.push(`endpoints ${got.join(',')} ≠ ${want.join(',')}`);
    if (outs.some((o) => o.verdict !== 'ACCEPT')) errors.push('an outcome is not ACCEPT');
  } else {
    const want = flow.expectedOutput;
    for (const o of outs) {
      if (o.dnat !== null) errors.push(`unexpected DNAT to ${o.dnat}`);
      const got = o.verdict !== 'ACCEPT' ? o.verdict : explicitAccept(o) ? 'ACCEPT' : '';
      if (got !== want) errors.push(`output "${got}" ≠ "${want}"`);
    }
  }
  for (const o of outs)
    if (o.masquerade !== flow.masq) errors.push(`masquerade ${o.masquerade} ≠ ${flow.masq}`);
  return [...new Set(errors)];
}

/** The raw text of every rule on the outcomes' paths, for failure messages. */
export function describePaths(ruleset: Ruleset, result: TraceResult): string {
  const raw = new Map<string, string>();
  for (const t of Object.values(ruleset.tables)) {
    for (const c of Object.values(t?.chains ?? {})) for (const r of c.rules) raw.set(r.id, r.raw);
  }
  return result.outcomes
    .map((o, i) => {
      const steps = o.path.map(
        (s) =>
          `    ${s.hook} ${s.table}/${s.chain} L${s.line} ${s.verdict}: ${s.ruleId ? raw.get(s.ruleId) : s.target}`,
      );
      const assumed = o.assumptions.map((a) => `    assumed ${a.code} (L${a.line ?? '-'})`);
      return [
        `  outcome ${i} p=${o.probability} ${o.verdict} dnat=${o.dnat} masq=${o.masquerade}`,
        ...steps,
        ...assumed,
      ].join('\n');
    })
    .join('\n');
}
