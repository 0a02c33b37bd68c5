import type { TableName } from './ast';

/**
 * Table inference for grep'ed excerpts (`iptables-save | grep web`): lines without their `*table`
 * header. kube-proxy's chain layout (pkg/proxy/iptables/proxier.go) decides: service, endpoint,
 * external, firewall and masquerade chains live in nat; KUBE-FIREWALL, KUBE-FORWARD,
 * KUBE-PROXY-FIREWALL, KUBE-EXTERNAL-SERVICES live in filter. KUBE-SERVICES and KUBE-NODEPORTS
 * exist in both, so the rule's target decides: REJECT/DROP/ACCEPT → filter, a jump into the NAT
 * chains (or DNAT) → nat.
 */

/** Targets that only the nat table accepts (iptables-extensions(8): "valid only in the nat table"). */
const NAT_TARGETS = new Set(['DNAT', 'SNAT', 'MASQUERADE', 'REDIRECT', 'NETMAP']);
/** Chain prefixes kube-proxy creates in nat only. */
const NAT_PREFIXES = ['KUBE-SVC-', 'KUBE-SEP-', 'KUBE-EXT-', 'KUBE-FW-', 'KUBE-XLB-', 'KUBE-SVL-'];
const NAT_CHAINS = new Set([
  'KUBE-MARK-MASQ',
  'KUBE-MARK-DROP',
  'KUBE-POSTROUTING',
  'PREROUTING',
  'POSTROUTING',
]);
const FILTER_CHAINS = new Set([
  'KUBE-FIREWALL',
  'KUBE-FORWARD',
  'KUBE-PROXY-FIREWALL',
  'KUBE-EXTERNAL-SERVICES',
]);
const SHARED_CHAINS = new Set(['KUBE-SERVICES', 'KUBE-NODEPORTS']);

function isNatChain(name: string): boolean {
  if (NAT_CHAINS.has(name)) return true;
  for (const p of NAT_PREFIXES) if (name.startsWith(p)) return true;
  return false;
}

/**
 * The table a rule of an excerpt belongs to, or null when nothing tells. `known` maps chain names
 * already placed by earlier lines of the same excerpt to their table.
 */
export function inferTable(
  chain: string,
  target: string | null,
  known: ReadonlyMap<string, TableName>,
): TableName | null {
  if (target !== null) {
    if (NAT_TARGETS.has(target) || isNatChain(target)) return 'nat';
    if (target === 'REJECT' || FILTER_CHAINS.has(target)) return 'filter';
  }
  if (isNatChain(chain)) return 'nat';
  if (FILTER_CHAINS.has(chain) || chain === 'INPUT' || chain === 'FORWARD') return 'filter';
  if (SHARED_CHAINS.has(chain) && target !== null) {
    if (target === 'DROP' || target === 'ACCEPT') return 'filter';
    // KUBE-SERVICES → KUBE-NODEPORTS is the nat "last rule in this chain" jump (proxier.go).
    if (target === 'KUBE-NODEPORTS') return 'nat';
  }
  return known.get(chain) ?? null;
}

/**
 * The one table of an `iptables -S` listing (it prints a single table, `-t nat` or filter by
 * default): the tables whose built-in chains include every `-P` chain, narrowed by the rules' votes.
 */
export function pickListedTable(
  policyChains: readonly string[],
  votes: ReadonlyMap<TableName, number>,
  builtins: Readonly<Record<TableName, readonly string[]>>,
): TableName {
  const order: TableName[] = ['filter', 'nat', 'mangle', 'raw', 'security'];
  const candidates = order.filter((t) => policyChains.every((c) => builtins[t].includes(c)));
  const pool = candidates.length > 0 ? candidates : order;
  let best = pool[0] as TableName;
  let bestVotes = -1;
  for (const t of pool) {
    const v = votes.get(t) ?? 0;
    if (v > bestVotes) {
      best = t;
      bestVotes = v;
    }
  }
  return best;
}
