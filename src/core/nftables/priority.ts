import type { NftFamily } from './ast';

/**
 * Symbolic chain priorities, from nft(8) "CHAINS", table "Standard priority names, family and hook
 * compatibility matrix" (nftables 1.0.6): ip, ip6 and inet share the netfilter values
 * (NF_IP_PRI_RAW -300, NF_IP_PRI_MANGLE -150, NF_IP_PRI_NAT_DST -100, NF_IP_PRI_FILTER 0,
 * NF_IP_PRI_SECURITY 50, NF_IP_PRI_NAT_SRC 100); arp and netdev know only `filter`; the bridge
 * family has its own table (NF_BR_PRI_NAT_DST_BRIDGED -300, NF_BR_PRI_FILTER_BRIDGED -200,
 * NF_BR_PRI_NAT_DST_OTHER 100, NF_BR_PRI_NAT_SRC 300). `hooks` null = all hooks.
 */
interface StdPrio {
  readonly value: number;
  readonly hooks: readonly string[] | null;
}

const INET: Readonly<Record<string, StdPrio>> = {
  raw: { value: -300, hooks: null },
  mangle: { value: -150, hooks: null },
  dstnat: { value: -100, hooks: ['prerouting'] },
  filter: { value: 0, hooks: null },
  security: { value: 50, hooks: null },
  srcnat: { value: 100, hooks: ['postrouting'] },
};
const FILTER_ONLY: Readonly<Record<string, StdPrio>> = { filter: { value: 0, hooks: null } };
const BRIDGE: Readonly<Record<string, StdPrio>> = {
  dstnat: { value: -300, hooks: ['prerouting'] },
  filter: { value: -200, hooks: null },
  out: { value: 100, hooks: ['output'] },
  srcnat: { value: 300, hooks: ['postrouting'] },
};

function table(family: NftFamily): Readonly<Record<string, StdPrio>> {
  if (family === 'bridge') return BRIDGE;
  if (family === 'arp' || family === 'netdev') return FILTER_ONLY;
  return INET;
}

/**
 * Resolves `-100`, `dstnat`, `dstnat - 10`, `filter + 5` (words already split, as written) to a
 * number. Returns `{ value: null, reason }` when nft would refuse it: an unknown name, or a name
 * whose matrix entry excludes this family or hook (`nft -c` says "invalid priority expression value in this context" for `dstnat` on `output`,
 * which is why kube-proxy's nat-output chain lists as `priority -100`).
 */
export function resolvePriority(
  words: readonly string[],
  family: NftFamily,
  hook: string,
): { value: number; reason: null } | { value: null; reason: string } {
  const joined = words.join(' ').trim();
  // `dstnat-10` and `dstnat - 10` are the same to nft's scanner.
  const m = /^(-?\d+)$|^([a-z]+)\s*(?:([+-])\s*(\d+))?$/.exec(joined);
  if (m === null) return { value: null, reason: `"${joined}" is not a priority` };
  if (m[1] !== undefined) return { value: Number(m[1]), reason: null };
  const name = m[2] as string;
  const entry = Object.hasOwn(table(family), name) ? table(family)[name] : undefined;
  if (entry === undefined)
    return { value: null, reason: `"${name}" is not a standard priority of the ${family} family` };
  if (entry.hooks !== null && !entry.hooks.includes(hook))
    return { value: null, reason: `"${name}" is valid only on the ${entry.hooks.join('/')} hook` };
  const delta = m[4] === undefined ? 0 : Number(m[4]) * (m[3] === '-' ? -1 : 1);
  return { value: entry.value + delta, reason: null };
}
