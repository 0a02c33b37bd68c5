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

type Header = Pick<TracedPacket, 'src' | 'dst' | 'sport' | 'dport' | 'iif'>;

/**
 * The harness's own `-j TRACE` rule (first in raw PREROUTING / OUTPUT, ruleLoad.ts): it sets nftrace,
 * so its event is the first of every traced packet's pass through a hook chain sequence.
 */
function startsPacket(e: TraceEvent): boolean {
  return (
    e.type === 'rule' &&
    e.table === 'raw' &&
    (e.chain === 'PREROUTING' || e.chain === 'OUTPUT') &&
    / -j TRACE$/.test(e.text)
  );
}

/**
 * Incremental parser: feed lines in order; packets are kept in first-seen order. Trace ids repeat:
 * the id hashes the skb's address, flow hash and input interface (nft_trace_init), and successive
 * ICMP echoes between two addresses (no ports in the flow hash) reusing one skb get the same id
 * (16 of 100 pings in a test). So a `-j TRACE` event for an id that already has events starts a new
 * packet (keyed `id#n`), whose header is the PACKET line printed just before that event.
 */
export class TraceLog {
  readonly packets = new Map<string, TracedPacket & { events: TraceEvent[] }>();
  /** Trace id → the packet its events go to now, and the last PACKET header printed for it. */
  private readonly current = new Map<string, TracedPacket & { events: TraceEvent[] }>();
  private readonly lastHeader = new Map<string, Header>();

  private packet(id: string, fresh = false) {
    let p = this.current.get(id);
    if (!p || (fresh && p.events.length > 0)) {
      const header = fresh ? this.lastHeader.get(id) : undefined;
      p = { id, src: null, dst: null, sport: null, dport: null, iif: null, ...header, events: [] };
      this.packets.set(this.packets.has(id) ? `${id}#${this.packets.size}` : id, p);
      this.current.set(id, p);
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
      const e = parseEvent(table, chain, type, rest);
      this.packet(id, startsPacket(e)).events.push(e);
      return;
    }
    const p = PACKET_RE.exec(line);
    if (p) {
      const field = (k: string) => new RegExp(`(?:^| )${k}=(\\S+)`).exec(p[2]!)?.[1] ?? null;
      const num = (k: string) => (field(k) === null ? null : Number(field(k)));
      const header: Header = {
        src: field('SRC'),
        dst: field('DST'),
        sport: num('SPORT'),
        dport: num('DPORT'),
        iif: field('IN'),
      };
      this.lastHeader.set(p[1]!, header);
      const pkt = this.packet(p[1]!);
      if (pkt.src !== null) return; // keep the first (pre-NAT) header
      Object.assign(pkt, header);
    }
  }

  /**
   * The first packet with this pre-NAT 4-tuple (the first SYN / first datagram of a connection),
   * skipping the first `from` packets. Ports are null for ICMP (xtables-monitor prints none), so an
   * echo is found by its addresses among the packets seen after it was sent (`from`).
   */
  find(
    src: string,
    sport: number | null,
    dst: string,
    dport: number | null,
    from = 0,
  ): TracedPacket | undefined {
    let i = 0;
    for (const p of this.packets.values()) {
      if (i++ < from) continue;
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
    tuples: readonly (readonly [string, number | null, string, number | null])[],
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
