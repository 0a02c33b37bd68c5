/**
 * The table-wide part of kube-proxy's nftables ruleset (pkg/proxy/nftables/proxier.go
 * `setupNFTables`, `nftablesBaseChains`, `nftablesJumpChains`), per era:
 *
 * - `1.33`: before the base-chain re-layout (kubernetes/kubernetes#132456, June 2025, in 1.34):
 *   filter-prerouting/-input/-forward/-output at dstnat-10 (-110), filter-output-post-dnat at
 *   dstnat+10 (-90), cluster-ips-check jumped from filter-forward and filter-output-post-dnat.
 * - `1.34`: filter-prerouting-pre-dnat and filter-output-pre-dnat at -110 (LoadBalancerSourceRanges
 *   on the pre-DNAT address), filter-forward/-input/-output at 0 (after DNAT, so local traffic to a
 *   Service's external address that was short-circuited is not dropped). Also from 1.34 (#131492):
 *   the ClusterIP masquerade rule no longer re-matches the port.
 * - `1.36`: as 1.34, plus #135800/#136499: the mark-for-masquerade chain is gone (the mark is set
 *   inline), `masquerading` is one rule, hairpin traffic is masqueraded through the
 *   `hairpin-connections` set, off-cluster ClusterIP traffic is marked once in `services`.
 *   Source: a real 1.36.2 `nft list table ip kube-proxy` (services, masquerading, hairpin set and
 *   `dnat ip to numgen … map` service chains) and those PRs' descriptions; no 1.36 kube-proxy test
 *   dump was at hand. Assumed, not seen: external chains set the mark inline where 1.34 jumped to
 *   mark-for-masquerade, and ClientIP-affinity Services keep endpoint chains (their `update @set`).
 *
 * Lines are knftables transaction lines (`add …`), as kube-proxy's proxier_test.go writes them.
 */
export type NftEra = '1.33' | '1.34' | '1.36';

export const NFT_ERAS: readonly NftEra[] = ['1.33', '1.34', '1.36'];

/** Family words (`ipX`, `ipvX_addr` in proxier.go). */
export interface NftFamily {
  readonly family: 'ip' | 'ip6';
  readonly addrType: 'ipv4_addr' | 'ipv6_addr';
}

export interface TableContext extends NftFamily {
  readonly era: NftEra;
  /** `--masquerade-bit` as kube-proxy's tests write it (`0x4000`). */
  readonly mark: string;
  /** The Service CIDR(s) of the family, comma-separated (`serviceCIDRs`). */
  readonly serviceCIDRs: string;
  /** `nodeport-ips` elements (`--nodeport-addresses primary`: the node IP of the family). */
  readonly nodePortIPs: readonly string[];
}

interface BaseChain {
  readonly name: string;
  readonly type: 'filter' | 'nat';
  readonly hook: string;
  readonly priority: number;
}

const BASE_CHAINS: Readonly<Record<'old' | 'new', readonly BaseChain[]>> = {
  old: [
    { name: 'filter-prerouting', type: 'filter', hook: 'prerouting', priority: -110 },
    { name: 'filter-input', type: 'filter', hook: 'input', priority: -110 },
    { name: 'filter-forward', type: 'filter', hook: 'forward', priority: -110 },
    { name: 'filter-output', type: 'filter', hook: 'output', priority: -110 },
    { name: 'filter-output-post-dnat', type: 'filter', hook: 'output', priority: -90 },
    { name: 'nat-output', type: 'nat', hook: 'output', priority: -100 },
    { name: 'nat-postrouting', type: 'nat', hook: 'postrouting', priority: 100 },
    { name: 'nat-prerouting', type: 'nat', hook: 'prerouting', priority: -100 },
  ],
  new: [
    { name: 'filter-prerouting-pre-dnat', type: 'filter', hook: 'prerouting', priority: -110 },
    { name: 'filter-output-pre-dnat', type: 'filter', hook: 'output', priority: -110 },
    { name: 'filter-forward', type: 'filter', hook: 'forward', priority: 0 },
    { name: 'filter-input', type: 'filter', hook: 'input', priority: 0 },
    { name: 'filter-output', type: 'filter', hook: 'output', priority: 0 },
    { name: 'nat-output', type: 'nat', hook: 'output', priority: -100 },
    { name: 'nat-postrouting', type: 'nat', hook: 'postrouting', priority: 100 },
    { name: 'nat-prerouting', type: 'nat', hook: 'prerouting', priority: -100 },
  ],
};

/** `[from, to]` jump rules with `ct state new` (filter) in each base chain's rule order. */
const FILTER_JUMPS: Readonly<Record<'old' | 'new', readonly (readonly [string, string])[]>> = {
  old: [
    ['filter-prerouting', 'firewall-check'],
    ['filter-input', 'nodeport-endpoints-check'],
    ['filter-input', 'service-endpoints-check'],
    ['filter-forward', 'service-endpoints-check'],
    ['filter-forward', 'cluster-ips-check'],
    ['filter-output', 'service-endpoints-check'],
    ['filter-output', 'firewall-check'],
    ['filter-output-post-dnat', 'cluster-ips-check'],
  ],
  new: [
    ['filter-prerouting-pre-dnat', 'firewall-check'],
    ['filter-forward', 'service-endpoints-check'],
    ['filter-forward', 'cluster-ips-check'],
    ['filter-input', 'nodeport-endpoints-check'],
    ['filter-input', 'service-endpoints-check'],
    ['filter-output', 'service-endpoints-check'],
    ['filter-output-pre-dnat', 'firewall-check'],
    ['filter-output', 'cluster-ips-check'],
  ],
};

const layout = (era: NftEra) => (era === '1.33' ? 'old' : 'new');

/** The table, its sets and maps, every chain and rule that does not depend on Services. */
export function tableLines(c: TableContext): string[] {
  const t = `${c.family} kube-proxy`;
  const ipX = c.family;
  const key3 = `${c.addrType} . inet_proto . inet_service : verdict`;
  const out = [`add table ${t} { comment "rules for kube-proxy" ; }`];
  if (c.era === '1.36')
    out.push(
      `add set ${t} hairpin-connections { type ${c.addrType} . ${c.addrType} . inet_proto . inet_service ; comment "service hairpin connections" ; }`,
    );
  out.push(
    `add set ${t} cluster-ips { type ${c.addrType} ; comment "Active ClusterIPs" ; }`,
    `add set ${t} nodeport-ips { type ${c.addrType} ; comment "IPs that accept NodePort traffic" ; }`,
    `add map ${t} firewall-ips { type ${key3} ; comment "destinations that are subject to LoadBalancerSourceRanges" ; }`,
    `add map ${t} no-endpoint-nodeports { type inet_proto . inet_service : verdict ; comment "vmap to drop or reject packets to service nodeports with no endpoints" ; }`,
    `add map ${t} no-endpoint-services { type ${key3} ; comment "vmap to drop or reject packets to services with no endpoints" ; }`,
    `add map ${t} service-ips { type ${key3} ; comment "ClusterIP, ExternalIP and LoadBalancer IP traffic" ; }`,
    `add map ${t} service-nodeports { type inet_proto . inet_service : verdict ; comment "NodePort traffic" ; }`,
  );
  const regular = [
    'cluster-ips-check',
    'firewall-check',
    ...(c.era === '1.36' ? [] : ['mark-for-masquerade']),
    'masquerading',
    'nodeport-endpoints-check',
    'reject-chain',
    'services',
    'service-endpoints-check',
  ];
  for (const b of BASE_CHAINS[layout(c.era)])
    out.push(`add chain ${t} ${b.name} { type ${b.type} hook ${b.hook} priority ${b.priority} ; }`);
  for (const name of regular)
    out.push(
      name === 'reject-chain'
        ? `add chain ${t} reject-chain { comment "helper for @no-endpoint-services / @no-endpoint-nodeports" ; }`
        : `add chain ${t} ${name}`,
    );
  const rule = (chain: string, text: string) => out.push(`add rule ${t} ${chain} ${text}`);
  rule(
    'cluster-ips-check',
    `${ipX} daddr @cluster-ips reject comment "Reject traffic to invalid ports of ClusterIPs"`,
  );
  rule(
    'cluster-ips-check',
    `${ipX} daddr { ${c.serviceCIDRs} } drop comment "Drop traffic to unallocated ClusterIPs"`,
  );
  for (const [from, to] of FILTER_JUMPS[layout(c.era)]) rule(from, `ct state new jump ${to}`);
  rule('firewall-check', `${ipX} daddr . meta l4proto . th dport vmap @firewall-ips`);
  if (c.era === '1.36') {
    rule('masquerading', `mark and ${c.mark} != 0 mark set mark xor ${c.mark} masquerade fully-random`);
    rule(
      'masquerading',
      `ct status dnat ${ipX} saddr . ${ipX} daddr . meta l4proto . th dport @hairpin-connections masquerade fully-random`,
    );
  } else {
    rule('mark-for-masquerade', `mark set mark or ${c.mark}`);
    rule('masquerading', `mark and ${c.mark} == 0 return`);
    rule('masquerading', `mark set mark xor ${c.mark}`);
    rule('masquerading', 'masquerade fully-random');
  }
  rule('nat-output', 'jump services');
  rule('nat-postrouting', 'jump masquerading');
  rule('nat-prerouting', 'jump services');
  rule(
    'nodeport-endpoints-check',
    `${ipX} daddr @nodeport-ips meta l4proto . th dport vmap @no-endpoint-nodeports`,
  );
  rule('reject-chain', 'reject');
  return out;
}

/**
 * The `services` and `service-endpoints-check` rules and the nodeport-ips elements. `clusterMasq` is
 * 1.36's off-cluster ClusterIP mark (the first rule of `services`), or null.
 */
export function dispatchLines(c: TableContext, clusterMasq: string | null): string[] {
  const t = `${c.family} kube-proxy`;
  const ipX = c.family;
  const out: string[] = [];
  if (clusterMasq !== null) out.push(`add rule ${t} services ${clusterMasq}`);
  out.push(
    `add rule ${t} services ${ipX} daddr . meta l4proto . th dport vmap @service-ips`,
    `add rule ${t} services ${ipX} daddr @nodeport-ips meta l4proto . th dport vmap @service-nodeports`,
  );
  for (const ip of c.nodePortIPs) out.push(`add element ${t} nodeport-ips { ${ip} }`);
  out.push(
    `add rule ${t} service-endpoints-check ${ipX} daddr . meta l4proto . th dport vmap @no-endpoint-services`,
  );
  return out;
}
