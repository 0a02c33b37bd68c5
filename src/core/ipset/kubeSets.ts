import type { SetFlag } from './match';

/**
 * The ipsets kube-proxy's IPVS mode creates and the iptables rules that match them, from
 * kubernetes pkg/proxy/ipvs/ipset.go (names, comments), proxier.go `ipsetInfo` (types) and
 * `ipsetWithIptablesChain` plus writeIptablesRules (table, chain, `--match-set` flags, target).
 * IPv6 sets carry a `6-` after `KUBE-` (KUBE-6-CLUSTER-IP…, ipset.go NewIPSet).
 */
export interface KubeSetInfo {
  readonly name: string;
  readonly type: string;
  /** What kube-proxy puts in it (its comment in ipset.go, shortened). */
  readonly holds: string;
  /** The rule that reads it, or null when only other rules' logic uses it. */
  readonly rule: {
    readonly table: 'nat' | 'filter';
    readonly chain: string;
    readonly flags: readonly SetFlag[];
    readonly target: string;
    /** `-p tcp` etc. on the rule (bitmap:port sets do not store the protocol). */
    readonly protocol?: 'tcp' | 'udp' | 'sctp';
  } | null;
}

const K = (
  name: string,
  type: string,
  holds: string,
  rule: KubeSetInfo['rule'] = null,
): [string, KubeSetInfo] => [name, { name, type, holds, rule }];
const nat = (chain: string, flags: string, target: string, protocol?: 'tcp' | 'udp' | 'sctp') =>
  ({
    table: 'nat',
    chain,
    flags: flags.split(',') as SetFlag[],
    target,
    ...(protocol ? { protocol } : {}),
  }) as const;
const filter = (chain: string, flags: string, target: string) =>
  ({ table: 'filter', chain, flags: flags.split(',') as SetFlag[], target }) as const;

export const KUBE_SETS: ReadonlyMap<string, KubeSetInfo> = new Map([
  K(
    'KUBE-LOOP-BACK',
    'hash:ip,port,ip',
    'endpoint ip,proto:port,endpoint ip — a pod reaching its own Service (hairpin)',
    nat('KUBE-POSTROUTING', 'dst,dst,src', 'MASQUERADE'),
  ),
  K(
    'KUBE-CLUSTER-IP',
    'hash:ip,port',
    'every ClusterIP,proto:port',
    nat('KUBE-SERVICES', 'dst,dst', 'KUBE-MARK-MASQ / ACCEPT'),
  ),
  K(
    'KUBE-EXTERNAL-IP',
    'hash:ip,port',
    'every external IP,proto:port',
    nat('KUBE-SERVICES', 'dst,dst', 'KUBE-EXTERNAL-SERVICES'),
  ),
  K(
    'KUBE-EXTERNAL-IP-LOCAL',
    'hash:ip,port',
    'external IPs of externalTrafficPolicy: Local Services',
    nat('KUBE-EXTERNAL-SERVICES', 'dst,dst', 'RETURN'),
  ),
  K(
    'KUBE-LOAD-BALANCER',
    'hash:ip,port',
    'every load-balancer ingress IP,proto:port',
    nat('KUBE-SERVICES', 'dst,dst', 'KUBE-LOAD-BALANCER'),
  ),
  K(
    'KUBE-LOAD-BALANCER-LOCAL',
    'hash:ip,port',
    'load-balancer IPs of externalTrafficPolicy: Local Services',
    nat('KUBE-LOAD-BALANCER', 'dst,dst', 'RETURN'),
  ),
  K(
    'KUBE-LOAD-BALANCER-FW',
    'hash:ip,port',
    'load-balancer IPs with loadBalancerSourceRanges',
    filter('KUBE-PROXY-FIREWALL', 'dst,dst', 'KUBE-SOURCE-RANGES-FIREWALL'),
  ),
  K(
    'KUBE-LOAD-BALANCER-SOURCE-IP',
    'hash:ip,port,ip',
    'load-balancer IP,proto:port,allowed source IP',
    filter('KUBE-SOURCE-RANGES-FIREWALL', 'dst,dst,src', 'RETURN'),
  ),
  K(
    'KUBE-LOAD-BALANCER-SOURCE-CIDR',
    'hash:ip,port,net',
    'load-balancer IP,proto:port,allowed source CIDR',
    filter('KUBE-SOURCE-RANGES-FIREWALL', 'dst,dst,src', 'RETURN'),
  ),
  K(
    'KUBE-NODE-PORT-TCP',
    'bitmap:port',
    'TCP node ports',
    nat('KUBE-NODE-PORT', 'dst', 'KUBE-MARK-MASQ', 'tcp'),
  ),
  K(
    'KUBE-NODE-PORT-LOCAL-TCP',
    'bitmap:port',
    'TCP node ports of externalTrafficPolicy: Local Services',
    nat('KUBE-NODE-PORT', 'dst', 'RETURN', 'tcp'),
  ),
  K(
    'KUBE-NODE-PORT-UDP',
    'bitmap:port',
    'UDP node ports',
    nat('KUBE-NODE-PORT', 'dst', 'KUBE-MARK-MASQ', 'udp'),
  ),
  K(
    'KUBE-NODE-PORT-LOCAL-UDP',
    'bitmap:port',
    'UDP node ports of externalTrafficPolicy: Local Services',
    nat('KUBE-NODE-PORT', 'dst', 'RETURN', 'udp'),
  ),
  K(
    'KUBE-NODE-PORT-SCTP-HASH',
    'hash:ip,port',
    'node IP,sctp:port of SCTP node ports',
    nat('KUBE-NODE-PORT', 'dst,dst', 'KUBE-MARK-MASQ', 'sctp'),
  ),
  K(
    'KUBE-NODE-PORT-LOCAL-SCTP-HASH',
    'hash:ip,port',
    'SCTP node ports of externalTrafficPolicy: Local Services',
    nat('KUBE-NODE-PORT', 'dst,dst', 'RETURN', 'sctp'),
  ),
  K(
    'KUBE-HEALTH-CHECK-NODE-PORT',
    'bitmap:port',
    'healthCheckNodePorts',
    filter('KUBE-NODE-PORT', 'dst', 'ACCEPT'),
  ),
  K(
    'KUBE-IPVS-IPS',
    'hash:ip',
    'every address bound to kube-ipvs0',
    filter('KUBE-IPVS-FILTER', 'dst', 'RETURN / REJECT'),
  ),
]);

/** ipset names are at most 31 characters (IPSET_MAXNAMELEN - 1); kube-proxy cuts longer ones. */
const MAX_NAME = 31;

/**
 * kube-proxy's record of a set by name, or null for other sets. IPv6 names are `KUBE-6-…`, and
 * two of them exceed 31 characters and are cut (`KUBE-6-LOAD-BALANCER-SOURCE-CID`,
 * `KUBE-6-NODE-PORT-LOCAL-SCTP-HAS`: ipset.go logs "ipset name truncated").
 */
export function kubeSetInfo(name: string): KubeSetInfo | null {
  const ipv6 = name.startsWith('KUBE-6-');
  for (const info of KUBE_SETS.values()) {
    const full = ipv6 ? `KUBE-6-${info.name.slice('KUBE-'.length)}` : info.name;
    if (full === name || (full.length > MAX_NAME && full.slice(0, MAX_NAME) === name)) return info;
  }
  return null;
}
