/**
 * The iptables tables and their base chains: which netfilter hook each base chain is registered
 * on and at which priority. Plain data, shaped as nftables describes a base chain
 * (`type <type> hook <hook> priority <n>`, nft(8) CHAINS), so that issue 9's nftables tables fit
 * beside iptables' fixed ones. Sources:
 * - include/uapi/linux/netfilter_ipv4.h `enum nf_ip_hook_priorities` (netfilter_ipv6.h has the
 *   same numbers): NF_IP_PRI_RAW -300, NF_IP_PRI_CONNTRACK -200, NF_IP_PRI_MANGLE -150,
 *   NF_IP_PRI_NAT_DST -100, NF_IP_PRI_FILTER 0, NF_IP_PRI_SECURITY 50, NF_IP_PRI_NAT_SRC 100;
 * - which table registers on which hook: net/ipv4/netfilter/iptable_{raw,mangle,nat,filter,
 *   security}.c (`valid_hooks`) and nf_nat_ipv4_ops in net/netfilter/nf_nat_proto.c (DNAT on
 *   PRE_ROUTING and LOCAL_OUT, SNAT on POST_ROUTING and LOCAL_IN);
 * - the chain types iptables-nft gives them: iptables/nft.c `builtin_table` (mangle OUTPUT is
 *   `route`: a mark or address change there re-routes the packet; nat chains are `nat`).
 */

export type TableName = 'filter' | 'nat' | 'mangle' | 'raw' | 'security';

/** The families of nftables tables (nft(8) ADDRESS FAMILIES). */
export type NftTableFamily = 'ip' | 'ip6' | 'inet' | 'arp' | 'bridge' | 'netdev';

/**
 * A table of the model: one of iptables' five, or an nftables table as "<family> <name>"
 * ("ip kube-proxy", "ip nat" for iptables-nft's own). The space keeps the two apart.
 */
export type TableId = TableName | `${NftTableFamily} ${string}`;

/** The tables in the order the reader and the model list them (ascending hook priority). */
export const TABLE_NAMES: readonly TableName[] = ['raw', 'mangle', 'nat', 'filter', 'security'];

/** The five IPv4/IPv6 netfilter hooks, in `enum nf_inet_hooks` order (include/uapi/linux/netfilter.h). */
export type HookName = 'PREROUTING' | 'INPUT' | 'FORWARD' | 'OUTPUT' | 'POSTROUTING';
export const HOOK_NAMES: readonly HookName[] = ['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING'];

/** `enum nf_ip_hook_priorities` (include/uapi/linux/netfilter_ipv4.h): lower runs first on a hook. */
const NF_IP_PRI = {
  RAW: -300,
  CONNTRACK: -200,
  MANGLE: -150,
  NAT_DST: -100,
  FILTER: 0,
  SECURITY: 50,
  NAT_SRC: 100,
} as const;

/** A chain netfilter calls from a hook (`type filter hook prerouting priority -300` in nft terms). */
export interface BaseChain {
  readonly table: TableId;
  /** iptables names each base chain after its hook (`PREROUTING`); nftables lets a table pick any name. */
  readonly chain: string;
  readonly hook: HookName;
  /** nftables chain type: `nat` chains see only a connection's first packet, `route` re-routes. */
  readonly type: 'filter' | 'nat' | 'route';
  readonly priority: number;
  /** nftables base chains: the policy the dump declares (iptables' come from `:CHAIN POLICY`). */
  readonly policy?: 'ACCEPT' | 'DROP';
}

const base = (table: TableId, type: BaseChain['type'], priority: number, hooks: readonly HookName[]) =>
  hooks.map(
    (hook): BaseChain => ({
      table,
      chain: hook,
      hook,
      type: table === 'mangle' && hook === 'OUTPUT' ? 'route' : type,
      priority,
    }),
  );

const P = NF_IP_PRI;

/** Every iptables base chain, table by table (TABLE_NAMES order), hooks in `nf_inet_hooks` order. */
export const BASE_CHAINS: readonly BaseChain[] = [
  ...base('raw', 'filter', P.RAW, ['PREROUTING', 'OUTPUT']),
  ...base('mangle', 'filter', P.MANGLE, HOOK_NAMES),
  ...base('nat', 'nat', P.NAT_DST, ['PREROUTING', 'OUTPUT']),
  ...base('nat', 'nat', P.NAT_SRC, ['INPUT', 'POSTROUTING']),
  ...base('filter', 'filter', P.FILTER, ['INPUT', 'FORWARD', 'OUTPUT']),
  ...base('security', 'filter', P.SECURITY, ['INPUT', 'FORWARD', 'OUTPUT']),
];

/** The base chains registered on `hook`, in the order the kernel calls them (ascending priority). */
export function baseChainsOn(hook: HookName): readonly BaseChain[] {
  return BASE_CHAINS.filter((c) => c.hook === hook).sort((a, b) => a.priority - b.priority);
}

const byHookOrder = (a: BaseChain, b: BaseChain) => HOOK_NAMES.indexOf(a.hook) - HOOK_NAMES.indexOf(b.hook);

function builtinChains(): Record<TableName, readonly string[]> {
  const out = {} as Record<TableName, readonly string[]>;
  for (const t of TABLE_NAMES)
    out[t] = BASE_CHAINS.filter((c) => c.table === t)
      .sort(byHookOrder)
      .map((c) => c.chain);
  return out;
}

/** Built-in chains of each table (iptables(8), TABLES), in hook order; keys in TABLE_NAMES order. */
export const BUILTIN_CHAINS: Readonly<Record<TableName, readonly string[]>> = builtinChains();

/**
 * Where the nat core runs on each hook. nftables `type nat` chains are not hooks of their own: the
 * nat core registers one hook per family at these priorities (nf_nat_ipv4_ops in nf_nat_proto.c:
 * NF_IP_PRI_NAT_DST on PRE_ROUTING/LOCAL_OUT, NF_IP_PRI_NAT_SRC on LOCAL_IN/POST_ROUTING) and calls
 * the nat chains from there in their own priority order (nf_nat_register_fn, nf_nat_inet_fn), until
 * one of them sets up the binding.
 */
export const NAT_CORE_PRIORITY: Readonly<Record<HookName, number>> = {
  PREROUTING: NF_IP_PRI.NAT_DST,
  OUTPUT: NF_IP_PRI.NAT_DST,
  INPUT: NF_IP_PRI.NAT_SRC,
  POSTROUTING: NF_IP_PRI.NAT_SRC,
  FORWARD: NF_IP_PRI.NAT_SRC,
};
