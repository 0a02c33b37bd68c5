import { HOOK_NAMES, type HookName, NAT_CORE_PRIORITY, type Ruleset, type TableId } from '../ruleset';
import type { CChain, HookEntry } from './compiled';
import { HOOK_TABLES } from './hooks';

/**
 * The base chains the kernel calls on each hook, iptables' and nftables' together, in the kernel's
 * order:
 * - ascending priority (nf_hook_entries_grow keeps each hook's entries sorted by `priority`);
 * - nftables `type nat` chains run inside the nat core's hook (NAT_CORE_PRIORITY), ordered among
 *   themselves by their own priority (nf_nat_register_fn);
 * - at equal priority the kernel puts the chain registered LATER first (nf_hook_entries_grow inserts
 *   the new entry before the first one whose priority is not lower). The dump does not say when each
 *   chain was registered: the order it lists them in is taken as the order they were created
 *   (`nft list ruleset` lists tables and chains in creation order), and the walk says so
 *   ('trace/nft-equal-priority') when two tables' base chains share a hook and a priority.
 * An iptables-save Ruleset gives exactly HOOK_TABLES' order.
 */

interface Candidate extends HookEntry {
  readonly seq: number;
}

const NFT_HOOKS: Readonly<Record<string, HookName>> = {
  prerouting: 'PREROUTING',
  input: 'INPUT',
  forward: 'FORWARD',
  output: 'OUTPUT',
  postrouting: 'POSTROUTING',
};

/** Whether an nftables table of `family` sees packets of the Ruleset's family. */
function familySees(family: string | undefined, rs: Ruleset['family']): boolean {
  if (family === 'inet') return true;
  return rs === 'ipv6' ? family === 'ip6' : family === 'ip';
}

/** The merged per-hook order, and the hooks where two tables tie (for the assumption). */
export function buildHookOrder(
  ruleset: Ruleset,
  iptablesChains: Readonly<Record<HookName, readonly (CChain | undefined)[]>>,
  chainOf: (table: TableId, name: string) => CChain,
): { order: Record<HookName, HookEntry[]>; ties: string[] } {
  const order = {} as Record<HookName, HookEntry[]>;
  const ties: string[] = [];
  const nft: Candidate[][] = HOOK_NAMES.map(() => []);
  let seq = 0;
  for (const table of Object.values(ruleset.tables)) {
    if (table?.baseChains === undefined || !familySees(table.family, ruleset.family)) continue;
    for (const b of table.baseChains) {
      const hook = NFT_HOOKS[b.hook.toLowerCase()];
      if (hook === undefined) continue;
      const nat = b.type === 'nat';
      nft[HOOK_NAMES.indexOf(hook)]?.push({
        table: table.name,
        chain: chainOf(table.name, b.chain),
        nat,
        priority: nat ? NAT_CORE_PRIORITY[hook] : b.priority,
        own: b.priority,
        seq: seq++,
      });
    }
  }
  HOOK_NAMES.forEach((hook, h) => {
    const ipt: Candidate[] = HOOK_TABLES[hook].map((t, i) => ({
      table: t.table,
      chain: iptablesChains[hook][i],
      nat: t.table === 'nat',
      priority: t.priority,
      own: t.priority,
      seq: -1,
    }));
    const extra = nft[h] ?? [];
    if (extra.length === 0) {
      order[hook] = ipt;
      return;
    }
    const all = [...ipt.filter((c) => c.chain !== undefined), ...extra];
    all.sort((a, b) => a.priority - b.priority || a.own - b.own || b.seq - a.seq);
    for (let i = 1; i < all.length; i++) {
      const a = all[i - 1] as Candidate;
      const b = all[i] as Candidate;
      if (a.priority === b.priority && a.own === b.own && a.table !== b.table)
        ties.push(`${hook}: ${b.table} ${b.chain?.name} and ${a.table} ${a.chain?.name} at ${a.own}`);
    }
    order[hook] = all;
  });
  return { order, ties };
}
