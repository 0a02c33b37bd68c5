import { nsRun } from './exec';

/** Where a rule sits: the table, the chain, and its 0-based position among the dump's own rules. */
export interface RulePlace {
  readonly table: string;
  readonly chain: string;
  readonly index: number;
}

/** A rule of the dump as the harness knows it (independent of the project's parser on purpose). */
export interface DumpRule extends RulePlace {
  /** 1-based line in the dump. */
  readonly line: number;
  readonly text: string;
}

/**
 * Indexes every `-A CHAIN …` line of an iptables-save / iptables-restore text by table and chain.
 * `[pkts:bytes]` prefixes (`iptables-save -c`) are skipped. Returns `"table/chain#index"` → rule.
 */
export function indexDump(text: string): Map<string, DumpRule> {
  const out = new Map<string, DumpRule>();
  const counts = new Map<string, number>();
  let table = '';
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/^\[\d+:\d+\]\s+/, '');
    if (line.startsWith('*')) table = line.slice(1).trim();
    const m = /^-A (\S+)/.exec(line);
    if (!m) return;
    const chain = m[1]!;
    const index = counts.get(`${table}/${chain}`) ?? 0;
    counts.set(`${table}/${chain}`, index + 1);
    out.set(placeKey({ table, chain, index }), { table, chain, index, line: i + 1, text: line.trim() });
  });
  return out;
}

export function placeKey(p: RulePlace): string {
  return `${p.table}/${p.chain}#${p.index}`;
}

/**
 * What is loaded differs from the dump in exactly one way, line for line: `-m nfacct --nfacct-name X`
 * is removed. xt_nfacct's checkentry refuses a rule whose accounting object does not exist
 * (net/netfilter/xt_nfacct.c: "nfacct: accounting object `%s' does not exists"); kube-proxy creates
 * them over nfnetlink_acct, which needs the `nfacct` tool we do not install. The match itself only
 * counts and always matches (nfacct_mt returns true), so removing it changes no verdict.
 */
export function prepareForKernel(text: string): string {
  return text.replace(/ -m nfacct --nfacct-name \S+/g, '');
}

/** Loads the dump with `iptables-restore` inside `ns` (nft backend, as on current nodes). */
export async function loadRules(ns: string, text: string): Promise<void> {
  await nsRun(ns, 'iptables-restore', ['-w'], { input: prepareForKernel(text) });
}

/**
 * Inserts `-j TRACE` at the head of raw PREROUTING and OUTPUT for packets whose source port is in
 * `sports` (the harness's traced range). For TCP only segments with SYN set and ACK/RST/FIN clear
 * (the connection's first packet and its retransmissions) — nat rules only ever see the first packet
 * of a connection anyway (nf_nat_inet_fn runs the nat chains only for !nf_nat_initialized). Every
 * ICMP echo request is traced too (iptables has no match on the echo identifier without u32; only
 * the harness's traced pings send echo requests, and echo replies are not traced). TRACE in
 * iptables-nft sets `meta nftrace`; events go to NFNLGRP_NFTRACE, read by `xtables-monitor --trace`.
 */
export async function insertTraceRules(ns: string, sports: string): Promise<void> {
  const matches = [
    ['-p', 'icmp', '--icmp-type', 'echo-request'],
    ['-p', 'udp', '--sport', sports],
    ['-p', 'tcp', '--sport', sports, '--tcp-flags', 'SYN,ACK,FIN,RST', 'SYN'],
  ];
  for (const chain of ['PREROUTING', 'OUTPUT'])
    for (const match of matches)
      await nsRun(ns, 'iptables', ['-w', '-t', 'raw', '-I', chain, '1', ...match, '-j', 'TRACE']);
}

interface NftRule {
  readonly rule?: {
    readonly family: string;
    readonly table: string;
    readonly chain: string;
    readonly handle: number;
  };
}

/** `"table#handle"` → chain and position, from `nft -j list ruleset` (rules are listed in chain order). */
export async function kernelHandles(
  ns: string,
): Promise<Map<string, { table: string; chain: string; position: number }>> {
  const json = JSON.parse(await nsRun(ns, 'nft', ['-j', 'list', 'ruleset'])) as { nftables: NftRule[] };
  const out = new Map<string, { table: string; chain: string; position: number }>();
  const pos = new Map<string, number>();
  for (const item of json.nftables) {
    const r = item.rule;
    if (r?.family !== 'ip') continue;
    const k = `${r.table}/${r.chain}`;
    const p = pos.get(k) ?? 0;
    pos.set(k, p + 1);
    out.set(`${r.table}#${r.handle}`, { table: r.table, chain: r.chain, position: p });
  }
  return out;
}

/**
 * Maps kernel handles to the dump's rule places, skipping `own` handles (the TRACE rules the harness
 * inserted) when counting positions. Returns `"table#handle"` → place.
 */
export function handleToPlace(
  handles: Map<string, { table: string; chain: string; position: number }>,
  own: ReadonlySet<string>,
): Map<string, RulePlace> {
  const byChain = new Map<string, { key: string; position: number }[]>();
  for (const [key, h] of handles) {
    if (own.has(key)) continue;
    const k = `${h.table}/${h.chain}`;
    byChain.set(k, [...(byChain.get(k) ?? []), { key, position: h.position }]);
  }
  const out = new Map<string, RulePlace>();
  for (const [k, list] of byChain) {
    const [table, chain] = k.split('/') as [string, string];
    list.sort((a, b) => a.position - b.position);
    list.forEach((e, index) => {
      out.set(e.key, { table, chain, index });
    });
  }
  return out;
}
