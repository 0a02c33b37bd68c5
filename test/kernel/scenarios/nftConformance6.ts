import { formatIpv6, parseIpv6 } from '../../../src/core/net';
import type { ClusterSpec } from '../../../src/sim/spec';
import type { TopologyPlan } from '../harness/topology';
import { STICKY } from './conformanceSpec';
import type { Flow } from './flows';

/**
 * The conformance cluster on IPv6, for kube-proxy's `ip6 kube-proxy` table: every IPv4 address of
 * the IPv4 cluster is moved to a v6 range of the same role, so the scenarios and kube-proxy's
 * expectations carry over unchanged. Ranges (documentation 2001:db8::/32 and ULA fd00::/8):
 *
 *   pods 10.x.y.z → fd00:10::x:y:z (pod CIDR fd00:10::/64)   Services 10.96.0.z → fd00:96::z (/112)
 *   node link 192.168.0.z → 2001:db8::z (/64)               LB/external IPs 198.18.0.z → 2001:db8:18::z
 *   external clients 203.0.113.z → 2001:db8:113::z; the source range 203.0.113.0/25 becomes
 *   2001:db8:113::/121 (::0–::7f): ::2 is inside, ::130 (0x130) outside, as .2 and .130 are.
 */
const RANGES: readonly [RegExp, (m: RegExpExecArray) => string][] = [
  [/^10\.96\.0\.(\d+)$/, (m) => `fd00:96::${m[1]}`],
  [/^10\.(\d+)\.(\d+)\.(\d+)$/, (m) => `fd00:10::${m[1]}:${m[2]}:${m[3]}`],
  [/^192\.168\.0\.(\d+)$/, (m) => `2001:db8::${m[1]}`],
  [/^198\.18\.0\.(\d+)$/, (m) => `2001:db8:18::${m[1]}`],
  [/^203\.0\.113\.(\d+)$/, (m) => `2001:db8:113::${m[1]}`],
];

const CIDRS: Readonly<Record<string, string>> = {
  '10.0.0.0/8': 'fd00:10::/64',
  '10.96.0.0/16': 'fd00:96::/112',
  '203.0.113.0/25': '2001:db8:113::/121',
};

/** The v6 address for a v4 one of the cluster, in the canonical form conntrack and nft print. */
function v6(ip: string): string {
  for (const [re, to] of RANGES) {
    const m = re.exec(ip);
    if (m) return formatIpv6(parseIpv6(to(m))!);
  }
  throw new Error(`no IPv6 counterpart for ${ip}`);
}

function v6Cidr(cidr: string): string {
  const out = CIDRS[cidr];
  if (!out) throw new Error(`no IPv6 counterpart for ${cidr}`);
  return out;
}

/** `ip:port` → `v6ip:port` (kernelOutcome prints a DNAT as address, colon, port). */
const v6Endpoint = (ep: string) =>
  `${v6(ep.slice(0, ep.lastIndexOf(':')))}:${ep.slice(ep.lastIndexOf(':') + 1)}`;

export function specV6(spec: ClusterSpec): ClusterSpec {
  return {
    ...spec,
    nodeIPs: spec.nodeIPs.map(v6),
    podCIDR: spec.podCIDR === null ? null : v6Cidr(spec.podCIDR),
    clusterCIDR: v6Cidr(spec.clusterCIDR),
    services: spec.services.map((s) => ({
      ...s,
      clusterIP: v6(s.clusterIP),
      externalIPs: s.externalIPs.map(v6),
      loadBalancerIPs: s.loadBalancerIPs.map(v6),
      loadBalancerSourceRanges: s.loadBalancerSourceRanges.map(v6Cidr),
      endpoints: s.endpoints.map((e) => ({ ...e, ip: v6(e.ip) })),
    })),
  };
}

export function planV6(plan: TopologyPlan): TopologyPlan {
  return {
    nodeIp: v6(plan.nodeIp),
    extGateway: v6(plan.extGateway),
    extClients: plan.extClients.map(v6),
    pods: plan.pods.map((g) => g.map(v6)),
  };
}

export function flowV6(f: Flow): Flow {
  return {
    ...f,
    sourceIP: v6(f.sourceIP),
    destIP: v6(f.destIP),
    expectedEndpoints: f.expectedEndpoints.map(v6Endpoint),
    expectedOutput:
      f.expectedEndpoints.length > 0 ? f.expectedEndpoints.map(v6Endpoint).join(', ') : f.expectedOutput,
  };
}

export const STICKY_V6 = {
  dst: v6(STICKY.dst),
  dport: STICKY.dport,
  endpoints: STICKY.endpoints.map(v6Endpoint),
  clients: STICKY.clients.map(v6),
};
