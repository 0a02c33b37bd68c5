import { dispatchLines, type NftEra, type TableContext, tableLines } from './nftEra';
import { type NftServiceContext, servicePortLines } from './nftServices';
import { servicePortViews } from './servicePorts';
import type { ClusterSpec } from './spec';

export interface NftGenerateOptions {
  readonly era: NftEra;
}

/**
 * The address family of a spec: `ip6` when its node IP is IPv6 (a single-stack IPv6 cluster, or
 * the IPv6 half of a dual-stack node, which kube-proxy programs as its own `ip6 kube-proxy` table).
 */
function specFamily(spec: ClusterSpec): 'ip' | 'ip6' {
  return (spec.nodeIPs[0] ?? '').includes(':') ? 'ip6' : 'ip';
}

/**
 * Generates the nftables transaction kube-proxy's nftables proxier (pkg/proxy/nftables/proxier.go)
 * sends for the spec's node in one full sync, in the knftables `add …` form its tests use, in an
 * order `nft -f` loads (every set and chain is added before a rule or element names it): the table,
 * sets, maps and fixed chains; then per Service port (spec order) its sets and chains, rules and map
 * elements. kube-proxy's own order is a Go map's (random); its tests compare sorted lines.
 *
 * Spec fields that only iptables mode reads (nfacct, localhostNodePorts, conntrackTCPLiberal,
 * randomFully) are ignored: nftables mode always writes `masquerade fully-random` and has no
 * localhost NodePorts. The mark is printed as the tests write it (`0x4000`; kube-proxy itself
 * formats `%#08x`, `0x004000`, which nft reads as the same number).
 */
export function generateNftables(spec: ClusterSpec, options: NftGenerateOptions): string {
  const family = specFamily(spec);
  const v6 = family === 'ip6';
  const mark = `0x${(2 ** spec.masqueradeBit).toString(16)}`;
  const table: TableContext = {
    era: options.era,
    family,
    addrType: v6 ? 'ipv6_addr' : 'ipv4_addr',
    mark,
    serviceCIDRs: spec.clusterCIDR,
    // `--nodeport-addresses primary` (the default since 1.31): the node IP of the family.
    nodePortIPs: spec.nodeIPs.slice(0, 1),
  };
  const ctx: NftServiceContext = {
    ...table,
    podCIDR: spec.podCIDR,
    masqueradeAll: spec.masqueradeAll,
    nodeIP: spec.nodeIPs[0] ?? null,
  };
  let clusterMasq: string | null = null;
  if (options.era === '1.36') {
    const comment = 'comment "masquerade clusterIP traffic from outside cluster"';
    const notLocal = spec.podCIDR !== null ? ` ${family} saddr != ${spec.podCIDR}` : '';
    if (spec.masqueradeAll || spec.podCIDR !== null)
      clusterMasq = `${family} daddr @cluster-ips${spec.masqueradeAll ? '' : notLocal} mark set mark or ${mark} ${comment}`;
  }
  const out = [...tableLines(table), ...dispatchLines(table, clusterMasq)];
  for (const p of servicePortViews(spec)) {
    const lines = servicePortLines(ctx, p);
    out.push('', `# ${p.nameString}`, ...lines.declarations, ...lines.rules, ...lines.elements);
  }
  return `${out.join('\n')}\n`;
}
