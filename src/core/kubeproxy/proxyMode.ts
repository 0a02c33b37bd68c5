import type { Ruleset, Table } from '../ruleset';
import { isKubeProxyTable } from './nftNames';

/**
 * Which of kube-proxy's modes programmed this node, read from what each leaves behind:
 * - iptables: KUBE-SERVICES with KUBE-SVC-/KUBE-SEP- chains (pkg/proxy/iptables), in iptables-save
 *   or in iptables-nft's own nftables tables (`table ip nat`);
 * - IPVS: KUBE-SERVICES matching the KUBE-CLUSTER-IP ipset, KUBE-LOAD-BALANCER / KUBE-NODE-PORT
 *   chains (pkg/proxy/ipvs), without per-Service chains;
 * - nftables: the `kube-proxy` table with its `services` chain (pkg/proxy/nftables).
 * Two at once are the leftovers of a mode switch (kube-proxy cleans up the other modes' rules only
 * with `--cleanup` or, since 1.28, at startup of the new mode: an older node may keep both).
 */
export type ProxyMode = 'iptables' | 'ipvs' | 'nftables';

function iptablesModes(t: Table): ProxyMode[] {
  const names = t.order;
  if (!names.includes('KUBE-SERVICES')) return [];
  const perService = names.some((n) => n.startsWith('KUBE-SVC-') || n.startsWith('KUBE-SEP-'));
  const ipvs = names.includes('KUBE-LOAD-BALANCER') || names.includes('KUBE-NODE-PORT');
  return perService ? ['iptables'] : ipvs ? ['ipvs'] : ['iptables'];
}

/** The modes whose rules the Ruleset holds, in a stable order (empty: no kube-proxy rules). */
export function detectProxyModes(ruleset: Ruleset): ProxyMode[] {
  const found = new Set<ProxyMode>();
  for (const t of Object.values(ruleset.tables)) {
    if (t === undefined) continue;
    if (isKubeProxyTable(t.name) && t.chains.services !== undefined) found.add('nftables');
    else if (t.name === 'nat' || t.name.endsWith(' nat')) for (const m of iptablesModes(t)) found.add(m);
  }
  return (['iptables', 'ipvs', 'nftables'] as const).filter((m) => found.has(m));
}

/** The sentence the model's info diagnostic says. */
export function describeProxyModes(modes: readonly ProxyMode[]): string {
  if (modes.length === 0) return 'No kube-proxy rules found: the mode of this node is unknown.';
  if (modes.length === 1) return `kube-proxy runs in ${modes[0]} mode on this node.`;
  return `This node has kube-proxy rules of ${modes.join(' and ')} mode: the leftovers of a mode switch (both are traced, in the kernel's order).`;
}
