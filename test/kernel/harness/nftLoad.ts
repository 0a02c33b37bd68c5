import { nsRun } from './exec';
import { TRACE_TABLE } from './nftTrace';

/** A rule of the loaded transaction: `"<family> <table>/<chain>#<index>"` → its line. */
export interface NftDumpRule {
  readonly table: string;
  readonly chain: string;
  readonly index: number;
  /** 1-based line in the loaded text. */
  readonly line: number;
  readonly text: string;
}

const placeKey = (table: string, chain: string, index: number) => `${table}/${chain}#${index}`;

/**
 * Indexes every `add rule <family> <table> <chain> …` line of a knftables transaction by table and
 * chain, counting positions in chain order (an `add rule` appends, so a chain's rules are listed by
 * the kernel in the order of these lines). Independent of the project's nft reader on purpose.
 */
export function indexNftDump(text: string): Map<string, NftDumpRule> {
  const out = new Map<string, NftDumpRule>();
  const counts = new Map<string, number>();
  text.split('\n').forEach((raw, i) => {
    const m = /^add rule (\S+) (\S+) (\S+) (.*)$/.exec(raw.trim());
    if (!m) return;
    const table = `${m[1]} ${m[2]}`;
    const chain = m[3]!;
    const index = counts.get(`${table}/${chain}`) ?? 0;
    counts.set(`${table}/${chain}`, index + 1);
    out.set(placeKey(table, chain, index), { table, chain, index, line: i + 1, text: m[4]! });
  });
  return out;
}

/** Loads a ruleset (`nft -f` input) inside `ns`. */
export async function loadNftRuleset(ns: string, text: string): Promise<void> {
  await nsRun(ns, 'nft', ['-f', '-'], { input: text });
}

/**
 * Adds the harness's own table `<family> kpe-trace` with filter chains on prerouting and output at
 * priority -400 (before kube-proxy's -110 and the NAT chains; nftables orders a hook's base chains
 * by priority across tables) that set `meta nftrace` for the traced source ports: UDP, and TCP
 * segments with SYN set and ACK/RST/FIN clear (the first packet of a connection and its
 * retransmissions; NAT chains only see a connection's first packet). nftrace is a flag on the skb,
 * so the packet stays traced through every later hook.
 */
export async function addNftTraceTable(ns: string, family: 'ip' | 'ip6', sports: string): Promise<void> {
  const t = `${family} ${TRACE_TABLE}`;
  const lines = [`add table ${t}`];
  for (const hook of ['prerouting', 'output']) {
    lines.push(`add chain ${t} ${hook} { type filter hook ${hook} priority -400 ; }`);
    lines.push(`add rule ${t} ${hook} udp sport ${sports} meta nftrace set 1`);
    lines.push(
      `add rule ${t} ${hook} tcp sport ${sports} tcp flags & (syn | ack | fin | rst) == syn meta nftrace set 1`,
    );
  }
  await loadNftRuleset(ns, `${lines.join('\n')}\n`);
}

interface NftJsonRule {
  readonly rule?: {
    readonly family: string;
    readonly table: string;
    readonly chain: string;
    readonly handle: number;
  };
}

/**
 * `"<family> <table>#<handle>"` → the dump rule it is, from `nft -j list ruleset` (rules are listed
 * per chain in order). The harness's trace table has no dump rules and maps to nothing.
 */
export async function nftHandleToRule(
  ns: string,
  dump: Map<string, NftDumpRule>,
): Promise<Map<string, NftDumpRule>> {
  const json = JSON.parse(await nsRun(ns, 'nft', ['-j', 'list', 'ruleset'])) as { nftables: NftJsonRule[] };
  const out = new Map<string, NftDumpRule>();
  const pos = new Map<string, number>();
  for (const item of json.nftables) {
    const r = item.rule;
    if (!r) continue;
    const table = `${r.family} ${r.table}`;
    const k = `${table}/${r.chain}`;
    const index = pos.get(k) ?? 0;
    pos.set(k, index + 1);
    const rule = dump.get(placeKey(table, r.chain, index));
    if (rule) out.set(`${table}#${r.handle}`, rule);
  }
  return out;
}
