/**
 * Parses `xtables-monitor --trace` output (iptables-nft). Each traced skb has an id; xtables-monitor
 * (iptables/xtables-monitor.c, trace_cb) prints one line per nf_tables trace event:
 *
 *    TRACE: 2 354bd0ab raw:PREROUTING:rule:0x2:CONTINUE  -4 -t raw -A PREROUTING -p tcp … -j TRACE
 *    TRACE: 2 354bd0ab nat:PREROUTING:rule:0x5:JUMP:KUBE-SERVICES  -4 -t nat -A PREROUTING …
 *    TRACE: 2 354bd0ab nat:KUBE-FW-X:return:
 *    TRACE: 2 354bd0ab raw:PREROUTING:policy:ACCEPT
 *   PACKET: 0 354bd0ab IN=eth0 … SRC=203.0.113.2 DST=1.2.3.4 … SPORT=40001 DPORT=80 SYN
 *
 * The kernel emits a `rule` event only for a rule whose expressions all matched (nf_tables_core.c,
 * nft_do_chain: NFT_BREAK is not traced), a `return` event when a user chain falls off its end and a
 * `policy` event at the end of a base chain. PACKET lines carry the headers as the chain saw them; the
 * first one for an id is the packet before any NAT.
 */
export interface TraceEvent {
  readonly table: string;
  readonly chain: string;
  readonly type: 'rule' | 'return' | 'policy';
  /** nf_tables rule handle (rule events only). */
  readonly handle: number | null;
  /** `CONTINUE`, `ACCEPT`, `DROP`, `JUMP`, `GOTO`, `RETURN`… as printed. */
  readonly verdict: string;
  readonly jumpTarget: string | null;
  /** The rule in iptables-save syntax as xtables-monitor printed it (without `-4 -t table`). */
  readonly text: string;
}

export interface TracedPacket {
  readonly id: string;
  readonly src: string | null;
  readonly dst: string | null;
  readonly sport: number | null;
  readonly dport: number | null;
  /** Input interface of the first header seen (`lo` for a node's packet looped back to itself). */
  readonly iif: string | null;
  readonly events: TraceEvent[];
}

const TRACE_RE = /^\s*TRACE: \d+ ([0-9a-f]{8}) ([^:\s]+):([^:\s]+):(rule|return|policy):(.*)$/;
const PACKET_RE = /^\s*PACKET: \d+ ([0-9a-f]{8}) (.*)$/;

/** Incremental parser: feed lines in order; packets are kept by id in first-seen order. */
export class TraceLog {
  readonly packets = new Map<string, TracedPacket & { events: TraceEvent[] }>();
  private packet(id: string) {
    let p = this.packets.get(id);
    if (!p) {
      p = { id, src: null, dst: null, sport: null, dport: null, iif: null, events: [] };
      this.packets.set(id, p);
    }
    return p;
  }

  /** Consumes one line of xtables-monitor output; unknown lines are ignored. */
  push(line: string): void {
    const t = TRACE_RE.exec(line);
    if (t) {
      const [, id, table, chain, type, rest] = t as unknown as [
        string,
        string,
        string,
        string,
        TraceEvent['type'],
        string,
      ];
      this.packet(id).events.push(parseEvent(table, chain, type, rest));
      return;
    }
    const p = PACKET_RE.exec(line);
    if (p) {
      const pkt = this.packet(p[1]!);
      if (pkt.src !== null) return; // keep the first (pre-NAT) header
      const field = (k: string) => new RegExp(`(?:^| )${k}=(\\S+)`).exec(p[2]!)?.[1] ?? null;
      const num = (k: string) => (field(k) === null ? null : Number(field(k)));
      Object.assign(pkt, {
        src: field('SRC'),
        dst: field('DST'),
        sport: num('SPORT'),
        dport: num('DPORT'),
        iif: field('IN'),
      });
    }
  }

  /** The first packet with this pre-NAT 4-tuple (the first SYN / first datagram of a connection). */
  find(src: string, sport: number, dst: string, dport: number): TracedPacket | undefined {
    for (const p of this.packets.values()) {
      if (p.src === src && p.sport === sport && p.dst === dst && p.dport === dport) return p;
    }
    return undefined;
  }

  /**
   * The events of a connection's first packet, including its second life when the node sends it to
   * itself: the looped-back skb re-enters at PREROUTING on `lo` and nft_trace derives the trace id
   * from skb_iif too (nf_tables_trace.c, nft_trace_init), so it shows up under a new id. `after` is
   * the first id; the continuation is the next `IN=lo` packet with the same or the NATed tuple.
   */
  continuation(
    first: TracedPacket,
    tuples: readonly (readonly [string, number, string, number])[],
  ): TracedPacket | undefined {
    let seen = false;
    for (const p of this.packets.values()) {
      if (p === first) seen = true;
      else if (
        seen &&
        p.iif === 'lo' &&
        tuples.some(([s, sp, d, dp]) => p.src === s && p.sport === sp && p.dst === d && p.dport === dp)
      ) {
        return p;
      }
    }
    return undefined;
  }
}

function parseEvent(table: string, chain: string, type: TraceEvent['type'], rest: string): TraceEvent {
  if (type === 'rule') {
    // `0x5:JUMP:KUBE-SERVICES  -4 -t nat -A PREROUTING …` (two spaces before the rule text)
    const m = /^0x([0-9a-f]+):(\S+?)(?::(\S+))?\s+(?:-4 -t \S+ )?(.*?)\s*$/.exec(rest);
    if (m) {
      // xtables-monitor prints NFT_RETURN (-5) as a raw number (print_verdict has no case for it).
      const verdict = m[2] === '0xfffffffb' ? 'RETURN' : m[2]!;
      return {
        table,
        chain,
        type,
        handle: Number.parseInt(m[1]!, 16),
        verdict,
        jumpTarget: m[3] ?? null,
        text: m[4]!,
      };
    }
  }
  if (type === 'policy') {
    return { table, chain, type, handle: null, verdict: rest.trim(), jumpTarget: null, text: '' };
  }
  return { table, chain, type, handle: null, verdict: 'RETURN', jumpTarget: rest.trim() || null, text: '' };
}
