import type { TableName } from '../ruleset';
import type { NodeRole } from './types';

/**
 * Which column each role takes, left to right, in the order a connection's first packet meets
 * them. POSTROUTING comes after the endpoints: NAT in POSTROUTING runs after routing decided the
 * packet leaves towards the (DNATed) endpoint (net/netfilter/nf_nat_core.c, NF_INET_POST_ROUTING).
 */
export const ROLE_COLUMN: Readonly<Record<NodeRole, number>> = {
  hook: 0,
  services: 1,
  other: 1,
  external: 2,
  service: 3,
  endpointChain: 4,
  endpoint: 5,
  postrouting: 6,
  verdict: 8,
};

/** kube-proxy's prefixes of per-Service-port chains in front of KUBE-SVC (proxier.go constants). */
const EXTERNAL_PREFIXES = ['KUBE-EXT-', 'KUBE-FW-', 'KUBE-XLB-'];

/**
 * Helper chains whose only job is to set a mark (proxier.go `kubeMarkMasqChain`,
 * kubelet's `KUBE-MARK-DROP`). Every KUBE-SEP jumps to KUBE-MARK-MASQ: drawn as a badge on the
 * caller instead of an edge.
 */
export const MARK_CHAINS: Readonly<Record<string, 'masquerade' | 'drop'>> = {
  'KUBE-MARK-MASQ': 'masquerade',
  'KUBE-MARK-DROP': 'drop',
};

/**
 * The role of a chain in kube-proxy's scheme, from its name alone (names are verbatim kube-proxy
 * constants, see pkg/proxy/iptables/proxier.go). Returns `'other'` for chains kube-proxy does not
 * own (CNI, Docker, user chains) and for KUBE-MARK-*.
 */
export function classifyChain(table: TableName, name: string): NodeRole {
  if (table === 'nat' && name === 'POSTROUTING') return 'postrouting';
  if (name === 'KUBE-POSTROUTING') return 'postrouting';
  if (name === 'PREROUTING' || name === 'OUTPUT' || name === 'INPUT' || name === 'FORWARD') return 'hook';
  if (name === 'KUBE-SERVICES') return 'services';
  if (name === 'KUBE-NODEPORTS' || name === 'KUBE-EXTERNAL-SERVICES') return 'external';
  if (EXTERNAL_PREFIXES.some((p) => name.startsWith(p))) return 'external';
  if (name.startsWith('KUBE-SVC-') || name.startsWith('KUBE-SVL-')) return 'service';
  if (name.startsWith('KUBE-SEP-')) return 'endpointChain';
  return 'other';
}

/**
 * The 16-character `portProtoHash` suffix shared by a Service port's KUBE-SVC/SVL/EXT/FW/XLB
 * chains, or null for other chains. It groups the chains of one Service port without kubectl.
 */
export function servicePortHash(name: string): string | null {
  for (const prefix of ['KUBE-SVC-', 'KUBE-SVL-', ...EXTERNAL_PREFIXES]) {
    if (name.startsWith(prefix) && name.length > prefix.length) return name.slice(prefix.length);
  }
  return null;
}
