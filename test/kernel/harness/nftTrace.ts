/**
 * Parses `nft -a monitor trace` output (nftables 1.0.6, src/trace.c: trace_print_packet,
 * trace_print_rule, trace_print_verdict). Every line starts `trace id <id> <family> <table> <chain>`
 * and goes on with one of:
 *
 *    packet: oif "lo" ip saddr 127.0.0.1 ip daddr 127.0.0.9 … udp sport 41217 udp dport 53 …
 *    rule jump services # handle 4 (verdict jump services)
 *    verdict continue
 *    policy accept
 *
 * Kernel facts the parser relies on (nf_tables_trace.c, nft_do_chain): a rule event is sent only
 * for a rule whose expressions all matched, with the verdict it ended with; a map or vmap lookup
 * that misses breaks the rule, so it prints nothing at all; `reject` sends its ICMP/RST and ends
 * with NF_DROP, printed `(verdict drop)`; a `numgen … vmap`/`map` rule prints the goto or the dnat
 * it led to, not the number drawn; the end of a base chain prints `policy`. The first `packet:` line
 * of an id is the packet before NAT.
 */
export interface NftTraceEvent {
  /** `ip kube-proxy`: family and table, as the tracer's path step names an nftables table. */
  readonly table: string;
  readonly chain: string;
  readonly type: 'rule' | 'verdict' | 'policy';
  readonly handle: number | null;
  /** `continue`, `accept`, `drop`, `jump`, `goto`, `return` as printed. */
  readonly verdict: string;
  readonly target: string | null;
  /** The rule as nft printed it (without `# handle N` and the verdict). */
  readonly text: string;
}

export interface NftTracedPacket {
  readonly id: string;
  readonly src: string | null;
  readonly dst: string | null;
  readonly sport: number | null;
  readonly dport: number | null;
  /** Input interface of the first header (`lo` for a node's packet looped back to itself). */
  readonly iif: string | null;
  readonly events: NftTraceEvent[];
}

type Header = Omit<NftTracedPacket, 'id' | 'events'>;
const NO_HEADER: Header = { src: null, dst: null, sport: null, dport: null, iif: null };

const LINE_RE = /^trace id ([0-9a-f]+) (\S+) (\S+) (\S+) (packet: |rule |verdict |policy )(.*)$/;
const RULE_RE = /^(.*?) # handle (\d+) \(verdict (\S+)(?: (\S+))?\)\s*$/;

/** The table the harness adds for `meta nftrace set 1` (nftLoad.ts); its events start a packet's pass. */
export const TRACE_TABLE = 'kpe-trace';

/** Field value after `key ` in a `packet:` line (`ip saddr 10.0.0.2` → `10.0.0.2`). */
function field(text: string, key: string): string | null {
  const m = new RegExp(`(?:^| )${key} (\\S+)`).exec(text);
  return m ? m[1]!.replace(/^"|"$/g, '') : null;
}

/**
 * Incremental parser (feed lines in order; packets kept in first-seen order). A rule event of the
 * harness's trace table for an id that already has events starts a new packet (`id#n`): ids are
 * hashes of the skb (nft_trace_init) and can repeat over a run.
 */
export class NftTraceLog {
  readonly packets = new Map<string, NftTracedPacket>();
  private readonly current = new Map<string, NftTracedPacket>();
  private readonly lastHeader = new Map<string, Header>();

  push(line: string): void {
    const m = LINE_RE.exec(line.trim());
    if (!m) return;
    const [, id, family, tableName, chain, kind, rest] = m as unknown as string[];
    const table = `${family} ${tableName}`;
    if (kind === 'packet: ') {
      const proto = /\b(tcp|udp|sctp) sport/.exec(rest!)?.[1] ?? null;
      const header: Header = {
        src: field(rest!, '(?:ip|ip6) saddr'),
        dst: field(rest!, '(?:ip|ip6) daddr'),
        sport: proto ? Number(field(rest!, `${proto} sport`)) : null,
        dport: proto ? Number(field(rest!, `${proto} dport`)) : null,
        iif: field(rest!, 'iif'),
      };
      this.lastHeader.set(id!, header);
      const p = this.current.get(id!);
      if (!p) this.start(id!, header);
      else if (p.src === null) Object.assign(p, header); // keep the first (pre-NAT) header
      return;
    }
    const e = parseEvent(table, chain!, kind!.trim() as NftTraceEvent['type'], rest!);
    let p = this.current.get(id!);
    const startsPass = e.type === 'rule' && tableName === TRACE_TABLE;
    if (!p || (startsPass && p.events.some((x) => x.table.endsWith(` ${TRACE_TABLE}`))))
      p = this.start(id!, this.lastHeader.get(id!) ?? NO_HEADER);
    p.events.push(e);
  }

  private start(id: string, header: Header): NftTracedPacket {
    const p: NftTracedPacket = { id, ...header, events: [] };
    this.packets.set(this.packets.has(id) ? `${id}#${this.packets.size}` : id, p);
    this.current.set(id, p);
    return p;
  }

  /** The first packet with this pre-NAT 4-tuple, skipping the first `from` packets. */
  find(src: string, sport: number, dst: string, dport: number, from = 0): NftTracedPacket | undefined {
    let i = 0;
    for (const p of this.packets.values()) {
      if (i++ < from) continue;
      if (p.src === src && p.sport === sport && p.dst === dst && p.dport === dport) return p;
    }
    return undefined;
  }

  /**
   * A node's packet to itself re-enters at prerouting on `lo` under a new trace id (the id hashes
   * the input interface too): the next `lo` packet after `first` with the same or the NATed tuple.
   */
  continuation(
    first: NftTracedPacket,
    tuples: readonly (readonly [string, number, string, number])[],
  ): NftTracedPacket | undefined {
    let seen = false;
    for (const p of this.packets.values()) {
      if (p === first) seen = true;
      else if (
        seen &&
        p.iif === 'lo' &&
        tuples.some(([s, sp, d, dp]) => p.src === s && p.sport === sp && p.dst === d && p.dport === dp)
      )
        return p;
    }
    return undefined;
  }
}

function parseEvent(table: string, chain: string, type: NftTraceEvent['type'], rest: string): NftTraceEvent {
  if (type === 'rule') {
    const m = RULE_RE.exec(rest);
    if (m)
      return {
        table,
        chain,
        type,
        handle: Number(m[2]),
        verdict: m[3]!,
        target: m[4] ?? null,
        text: m[1]!.trim(),
      };
  }
  const [verdict = '', target = null] = rest.trim().split(/\s+/);
  return { table, chain, type, handle: null, verdict, target, text: '' };
}
