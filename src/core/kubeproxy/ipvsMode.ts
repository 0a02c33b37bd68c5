import type { Ruleset } from '../ruleset';

/**
 * Chains only kube-proxy's IPVS mode writes (pkg/proxy/ipvs/proxier.go: kubeLoadBalancerChain
 * `KUBE-LOAD-BALANCER`, kubeNodePortChain `KUBE-NODE-PORT` — the iptables mode's is
 * `KUBE-NODEPORTS` —, kubeFireWallChain `KUBE-FIRE-WALL` (before v1.26), and in filter
 * `KUBE-IPVS-FILTER` and `KUBE-IPVS-OUT-FILTER`).
 */
const IPVS_CHAINS: readonly (readonly ['nat' | 'filter', string])[] = [
  ['nat', 'KUBE-LOAD-BALANCER'],
  ['nat', 'KUBE-NODE-PORT'],
  ['nat', 'KUBE-FIRE-WALL'],
  ['filter', 'KUBE-IPVS-FILTER'],
  ['filter', 'KUBE-IPVS-OUT-FILTER'],
];

/** kube-proxy's IPVS ipsets matched from KUBE-SERVICES (proxier.go writeIptablesRules). */
const IPVS_SETS = /^KUBE-(6-)?(CLUSTER-IP|EXTERNAL-IP|LOAD-BALANCER|NODE-PORT-|LOOP-BACK)/;

/** KUBE-SERVICES is short in IPVS mode (one rule per set, not per Service port): read this many. */
const SCAN_RULES = 64;

/**
 * Why these rules look like kube-proxy's IPVS mode (a sentence naming the evidence), or null.
 * In IPVS mode the nat table keeps only a few set-matching rules, every ClusterIP, external IP and
 * load-balancer IP is bound to the dummy interface kube-ipvs0 (so the node delivers it to INPUT)
 * and IPVS, not iptables, chooses the endpoint. Reads chains by name and at most SCAN_RULES rules.
 */
export function ipvsModeEvidence(ruleset: Ruleset): string | null {
  const chains = IPVS_CHAINS.filter(([table, name]) => ruleset.tables[table]?.chains[name] !== undefined);
  const sets = new Set<string>();
  // Rules are read only when a chain already says IPVS (the lazy reader reads no others).
  const services = chains.length > 0 ? ruleset.tables.nat?.chains['KUBE-SERVICES'] : undefined;
  for (const rule of services?.rules.slice(0, SCAN_RULES) ?? []) {
    for (const m of rule.matches) {
      if (m.kind !== 'opaque' || m.module !== 'set') continue;
      const name = m.options.find((o) => /^-*match-set$/i.test(o.name))?.values[0];
      if (name !== undefined && IPVS_SETS.test(name)) sets.add(name);
    }
  }
  if (chains.length === 0 && sets.size === 0) return null;
  const said = [
    ...chains.map(([table, name]) => `${table} chain ${name}`),
    ...[...sets].map((s) => `KUBE-SERVICES matching the ipset ${s}`),
  ];
  return `This node runs kube-proxy in IPVS mode (${said.join(', ')}).`;
}
