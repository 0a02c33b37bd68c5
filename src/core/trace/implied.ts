import type { Chain, Ruleset, TableName } from '../ruleset';

/**
 * kube-proxy's jumps from the built-in chains, which its iptables-restore input never contains: it
 * installs them separately with `EnsureRule(Prepend, …)` (pkg/proxy/iptables/proxier.go,
 * `iptablesJumpChains`, plus `iptablesKubeletJumpChains` for KUBE-FIREWALL). Prepending each entry in
 * list order leaves them in reverse order in the chain; KUBE-FIREWALL's jump, created earlier by the
 * kubelet, ends up last. This is the order below, and the order seen on real nodes (`iptables-save`):
 *   filter INPUT:   KUBE-PROXY-FIREWALL (NEW), KUBE-NODEPORTS, KUBE-EXTERNAL-SERVICES (NEW), KUBE-FIREWALL
 *   filter FORWARD: KUBE-PROXY-FIREWALL (NEW), KUBE-FORWARD, KUBE-SERVICES (NEW), KUBE-EXTERNAL-SERVICES (NEW)
 *   filter OUTPUT:  KUBE-PROXY-FIREWALL (NEW), KUBE-SERVICES (NEW), KUBE-FIREWALL
 *   nat PREROUTING, nat OUTPUT: KUBE-SERVICES;  nat POSTROUTING: KUBE-POSTROUTING
 * (NEW = `-m conntrack --ctstate NEW`.) A jump is implied only when its target chain is in the dump.
 */
export interface ImpliedJump {
  readonly table: TableName;
  readonly hook: string;
  readonly target: string;
  readonly ctstateNew: boolean;
  readonly comment: string | null;
}

const j = (table: TableName, hook: string, target: string, ctstateNew: boolean, comment: string | null) => ({
  table,
  hook,
  target,
  ctstateNew,
  comment,
});

const KUBE_PROXY_JUMPS: readonly ImpliedJump[] = [
  j('filter', 'INPUT', 'KUBE-PROXY-FIREWALL', true, 'kubernetes load balancer firewall'),
  j('filter', 'INPUT', 'KUBE-NODEPORTS', false, 'kubernetes health check service ports'),
  j('filter', 'INPUT', 'KUBE-EXTERNAL-SERVICES', true, 'kubernetes externally-visible service portals'),
  j('filter', 'INPUT', 'KUBE-FIREWALL', false, null),
  j('filter', 'FORWARD', 'KUBE-PROXY-FIREWALL', true, 'kubernetes load balancer firewall'),
  j('filter', 'FORWARD', 'KUBE-FORWARD', false, 'kubernetes forwarding rules'),
  j('filter', 'FORWARD', 'KUBE-SERVICES', true, 'kubernetes service portals'),
  j('filter', 'FORWARD', 'KUBE-EXTERNAL-SERVICES', true, 'kubernetes externally-visible service portals'),
  j('filter', 'OUTPUT', 'KUBE-PROXY-FIREWALL', true, 'kubernetes load balancer firewall'),
  j('filter', 'OUTPUT', 'KUBE-SERVICES', true, 'kubernetes service portals'),
  j('filter', 'OUTPUT', 'KUBE-FIREWALL', false, null),
  j('nat', 'PREROUTING', 'KUBE-SERVICES', false, 'kubernetes service portals'),
  j('nat', 'OUTPUT', 'KUBE-SERVICES', false, 'kubernetes service portals'),
  j('nat', 'POSTROUTING', 'KUBE-POSTROUTING', false, 'kubernetes postrouting rules'),
];

const hasRules = (c: Chain | undefined) => c !== undefined && c.rules.length > 0;

const USUAL = ['KUBE-SERVICES', 'KUBE-POSTROUTING', 'KUBE-MARK-MASQ', 'KUBE-NODEPORTS', 'KUBE-FORWARD'];

/** True when the dump holds kube-proxy's chains (a `KUBE-` chain with rules in nat or filter). */
export function hasKubeProxyChains(ruleset: Ruleset): boolean {
  for (const t of ['nat', 'filter'] as const) {
    const chains = ruleset.tables[t]?.chains ?? {};
    if (USUAL.some((name) => hasRules(chains[name]))) return true;
  }
  for (const t of ['nat', 'filter'] as const) {
    const chains = ruleset.tables[t]?.chains ?? {};
    for (const name of Object.keys(chains))
      if (name.startsWith('KUBE-') && hasRules(chains[name])) return true;
  }
  return false;
}

/**
 * The jumps to assume for one built-in chain: none when the dump has no kube-proxy chains, or when the
 * chain has rules, or when the chain was declared (`:INPUT ACCEPT [0:0]` — then its emptiness is what
 * the user pasted). Absent, implied or merely referenced built-in chains get kube-proxy's jumps.
 */
export function impliedJumpsFor(ruleset: Ruleset, table: TableName, hook: string): ImpliedJump[] {
  const chain = ruleset.tables[table]?.chains[hook];
  if (chain !== undefined && (chain.rules.length > 0 || chain.origin === 'declared')) return [];
  const chains = ruleset.tables[table]?.chains ?? {};
  return KUBE_PROXY_JUMPS.filter(
    (x) => x.table === table && x.hook === hook && chains[x.target] !== undefined,
  );
}
