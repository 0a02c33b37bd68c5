import type { Chain, Ruleset, TableId } from '../ruleset';
import { type ChainAuthorId, chainAuthor, ruleAuthor } from './chainAuthors';

/**
 * Who wrote the rules of a whole node, and whether something else does kube-proxy's job there.
 * Cilium's kube-proxy replacement translates Service addresses in eBPF programs (bpf_lxc.c,
 * bpf_host.c: socket-level and tc load balancing), not in netfilter: such a node has CILIUM_* chains
 * and no chain kube-proxy writes (kubelet's KUBE-FIREWALL / KUBE-KUBELET-CANARY may remain), so an
 * iptables trace of a Service address there says nothing about where it goes.
 */

/** A writer with its chains (declared or referenced) and the rules it wrote in built-in chains. */
export interface NodeAuthor {
  readonly id: ChainAuthorId;
  readonly chains: number;
  /** Rules in built-in chains (`-A FORWARD -j DOCKER-USER`, the distribution's REJECT). */
  readonly rules: number;
}

export interface NodeAuthors {
  /** Every writer found, most chains first. */
  readonly authors: readonly NodeAuthor[];
  /** kube-proxy wrote at least one chain. */
  readonly kubeProxy: boolean;
  /** `cilium` when Cilium's chains are here and kube-proxy's are not (kube-proxy replacement), else null. */
  readonly replacement: 'cilium' | null;
}

const BUILTIN = new Set(['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING']);

function tablesOf(ruleset: Ruleset) {
  return Object.values(ruleset.tables).filter((t) => t !== undefined);
}

/**
 * The kube-proxy replacement a node shows by its chain names alone (no rule is read: cheap on a lazy
 * ruleset), or null.
 */
export function kubeProxyReplacement(
  ruleset: Ruleset,
): { readonly by: 'cilium'; readonly table: TableId; readonly chain: string } | null {
  let cilium: { by: 'cilium'; table: TableId; chain: string } | null = null;
  for (const t of tablesOf(ruleset)) {
    for (const name of t.order) {
      const a = chainAuthor(name);
      if (a === 'kube-proxy') return null;
      if (a === 'cilium' && cilium === null) cilium = { by: 'cilium', table: t.name, chain: name };
    }
  }
  return cilium;
}

/** Every writer of the node's chains and built-in chain rules. Linear in chains plus built-in rules. */
export function describeNodeAuthors(ruleset: Ruleset): NodeAuthors {
  const chains = new Map<ChainAuthorId, number>();
  const rules = new Map<ChainAuthorId, number>();
  for (const t of tablesOf(ruleset)) {
    for (const name of t.order) {
      if (BUILTIN.has(name)) {
        for (const r of (t.chains[name] as Chain).rules) {
          const a = ruleAuthor(r);
          if (a !== null) rules.set(a, (rules.get(a) ?? 0) + 1);
        }
        continue;
      }
      const a = chainAuthor(name);
      if (a !== null) chains.set(a, (chains.get(a) ?? 0) + 1);
    }
  }
  const ids = new Set([...chains.keys(), ...rules.keys()]);
  const authors = [...ids]
    .map((id) => ({ id, chains: chains.get(id) ?? 0, rules: rules.get(id) ?? 0 }))
    .sort((a, b) => b.chains - a.chains || b.rules - a.rules || (a.id < b.id ? -1 : 1));
  const kubeProxy = chains.has('kube-proxy');
  return { authors, kubeProxy, replacement: !kubeProxy && chains.has('cilium') ? 'cilium' : null };
}
