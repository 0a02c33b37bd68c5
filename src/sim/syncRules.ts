import { type GenTable, P, T } from './genRule';
import { servicePortViews } from './servicePorts';
import { type ProxierContext, writeServicePortRules } from './serviceRules';
import type { ClusterSpec } from './spec';

/** proxier.go `largeClusterEndpointsThreshold`. */
const LARGE_CLUSTER_ENDPOINTS_THRESHOLD = 1000;

export interface SyncOptions {
  /** `'auto'` (default) follows kube-proxy: more than 1000 endpoints drops per-endpoint comments. */
  readonly largeClusterMode?: boolean | 'auto';
}

/** The two tables of one full `syncProxyRules` restore input. */
export interface SyncResult {
  readonly filter: GenTable;
  readonly nat: GenTable;
  readonly largeClusterMode: boolean;
}

/**
 * The rules kube-proxy (iptables mode, v1.28+ with the ≥1.29 nfacct counters when `spec.nfacct`)
 * writes in one full sync, in its write order: pkg/proxy/iptables/proxier.go `syncProxyRules`.
 * Returns the filter and nat tables (chains in declaration order, rules in write order).
 */
export function syncProxyRules(spec: ClusterSpec, options: SyncOptions = {}): SyncResult {
  const filter: GenTable = { name: 'filter', chains: [], rules: [] };
  const nat: GenTable = { name: 'nat', chains: [], rules: [] };
  // Top-level chains, in proxier.go's order.
  filter.chains.push(
    'KUBE-SERVICES',
    'KUBE-EXTERNAL-SERVICES',
    'KUBE-FORWARD',
    'KUBE-NODEPORTS',
    'KUBE-PROXY-FIREWALL',
  );
  nat.chains.push('KUBE-SERVICES', 'KUBE-NODEPORTS', 'KUBE-POSTROUTING', 'KUBE-MARK-MASQ');

  // KUBE-POSTROUTING: return unless marked, clear the mark (so a re-traversing packet is not
  // masqueraded twice), masquerade.
  nat.rules.push({
    chain: 'KUBE-POSTROUTING',
    parts: [{ kind: 'mark', negated: true }],
    target: T.verdict('RETURN'),
  });
  nat.rules.push({ chain: 'KUBE-POSTROUTING', parts: [], target: { kind: 'mark', op: 'xor' } });
  nat.rules.push({
    chain: 'KUBE-POSTROUTING',
    parts: [P.comment('kubernetes service traffic requiring SNAT')],
    target: { kind: 'masquerade', randomFully: spec.randomFully },
  });
  nat.rules.push({ chain: 'KUBE-MARK-MASQ', parts: [], target: { kind: 'mark', op: 'or' } });

  // route_localnet mitigation (https://issue.k8s.io/90259); kubelet keeps an identical copy.
  if (spec.localhostNodePorts) {
    filter.chains.push('KUBE-FIREWALL');
    filter.rules.push({
      chain: 'KUBE-FIREWALL',
      parts: [
        P.comment('block incoming localnet connections'),
        P.dst('127.0.0.0/8'),
        P.src('127.0.0.0/8', true),
        P.ctstate('RELATED,ESTABLISHED,DNAT', true),
      ],
      target: T.verdict('DROP'),
    });
  }

  const ports = servicePortViews(spec);
  let totalEndpoints = 0;
  for (const p of ports) totalEndpoints += p.endpoints.length;
  const mode = options.largeClusterMode ?? 'auto';
  const largeClusterMode = mode === 'auto' ? totalEndpoints > LARGE_CLUSTER_ENDPOINTS_THRESHOLD : mode;
  const ctx: ProxierContext = {
    podCIDR: spec.podCIDR,
    masqueradeAll: spec.masqueradeAll,
    nodeIP: spec.nodeIPs[0] ?? null,
    largeClusterMode,
    localhostNodePortsNfacct: spec.localhostNodePorts && spec.nfacct,
    filter,
    nat,
  };
  for (const p of ports) writeServicePortRules(ctx, p);

  // Tail call to KUBE-NODEPORTS (nodePortAddresses unset = all local addresses). IPv4 without
  // localhost NodePorts excludes 127.0.0.0/8.
  const nodePortsParts = [
    P.comment('kubernetes service nodeports; NOTE: this must be the last rule in this chain'),
    P.addrtype('dst'),
  ];
  if (!spec.localhostNodePorts) nodePortsParts.push(P.dst('127.0.0.0/8', true));
  nat.rules.push({ chain: 'KUBE-SERVICES', parts: nodePortsParts, target: T.jump('KUBE-NODEPORTS') });

  // Drop INVALID packets unless nf_conntrack_tcp_be_liberal (issues 74839, 117924).
  if (!spec.conntrackTCPLiberal) {
    const parts = [P.ctstate('INVALID')];
    if (spec.nfacct) parts.push(P.nfacct('ct_state_invalid_dropped_pkts'));
    filter.rules.push({ chain: 'KUBE-FORWARD', parts, target: T.verdict('DROP') });
  }
  filter.rules.push({
    chain: 'KUBE-FORWARD',
    parts: [P.comment('kubernetes forwarding rules'), { kind: 'mark', negated: false }],
    target: T.verdict('ACCEPT'),
  });
  filter.rules.push({
    chain: 'KUBE-FORWARD',
    parts: [P.comment('kubernetes forwarding conntrack rule'), P.ctstate('RELATED,ESTABLISHED')],
    target: T.verdict('ACCEPT'),
  });
  return { filter, nat, largeClusterMode };
}
