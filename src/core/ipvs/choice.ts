import { SCHEDULERS, type SchedulerInfo } from './schedulers';
import type { RealServer, VirtualService } from './types';

/** A real server's exact share of NEW connections (rr, wrr). */
export interface Share {
  readonly server: RealServer;
  /** 0..1; the shares of one service add up to 1. */
  readonly share: number;
}

/**
 * How IPVS picks the real server for a NEW connection to one virtual service, said as exactly
 * as the pasted output allows:
 * - `shares`: rr / wrr — exact shares by weight (round robin is deterministic, so these are the
 *   proportions over a cycle, not probabilities of independent draws);
 * - `pick-now`: lc / wlc / sed / nq / fo / ovf with the counters shown — which server(s) the
 *   scheduler would pick at the moment of the listing (several on a tie: ipvsadm sorts its
 *   output, so the kernel's list order that breaks ties is not known);
 * - `depends`: the choice depends on something the listing does not show (a hash of the client
 *   address, locality tables, random picks, or counters not printed);
 * - `none`: no real server can be chosen; IPVS drops the packet and answers ICMP port
 *   unreachable (ip_vs_core.c, ip_vs_leave: "no destination available").
 */
export type ServerChoice =
  | { readonly kind: 'shares'; readonly shares: readonly Share[]; readonly scheduler: SchedulerInfo }
  | {
      readonly kind: 'pick-now';
      readonly candidates: readonly RealServer[];
      readonly scheduler: SchedulerInfo;
    }
  | {
      readonly kind: 'depends';
      readonly scheduler: SchedulerInfo | null;
      readonly eligible: readonly RealServer[];
    }
  | { readonly kind: 'none'; readonly reason: 'no-real-servers' | 'all-weight-zero' | 'all-full' };

/**
 * Eligible real servers: weight > 0. Every kernel scheduler skips weight-0 servers for new
 * connections (ip_vs_rr.c: `atomic_read(&dest->weight) > 0`; ip_vs_wrr.c, ip_vs_wlc.c,
 * ip_vs_lc.c the same test). A listing without a Weight column (`--stats`) keeps them all.
 */
export function eligibleServers(service: VirtualService): RealServer[] {
  return service.realServers.filter((s) => s.weight === null || s.weight > 0);
}

export function chooseRealServer(service: VirtualService): ServerChoice {
  if (service.realServers.length === 0) return { kind: 'none', reason: 'no-real-servers' };
  const eligible = eligibleServers(service);
  if (eligible.length === 0) return { kind: 'none', reason: 'all-weight-zero' };
  const scheduler = service.scheduler === null ? null : (SCHEDULERS.get(service.scheduler) ?? null);
  if (scheduler === null) return { kind: 'depends', scheduler, eligible };
  switch (scheduler.name) {
    case 'rr':
      // ip_vs_rr.c: walks the list from the last pick to the next dest with weight > 0 — the
      // weights' sizes do not matter, only whether they are 0.
      return {
        kind: 'shares',
        scheduler,
        shares: eligible.map((server) => ({ server, share: 1 / eligible.length })),
      };
    case 'wrr': {
      // ip_vs_wrr.c: interleaved weighted round robin; over one cycle (max weight / gcd rounds)
      // each dest is picked weight / gcd times, so its share is weight / Σ weights.
      if (eligible.some((s) => s.weight === null)) return { kind: 'depends', scheduler, eligible };
      const total = eligible.reduce((t, s) => t + (s.weight as number), 0);
      return {
        kind: 'shares',
        scheduler,
        shares: eligible.map((server) => ({ server, share: (server.weight as number) / total })),
      };
    }
    default: {
      const candidates = pickNow(scheduler.name, eligible);
      if (candidates === null) return { kind: 'depends', scheduler, eligible };
      // ovf with every server above its weight: ip_vs_ovf.c finds no dest, the packet is refused.
      if (candidates.length === 0) return { kind: 'none', reason: 'all-full' };
      return { kind: 'pick-now', scheduler, candidates };
    }
  }
}

/**
 * The connection-count schedulers evaluated on the listed counters; null when a needed counter
 * is not printed. Ties are kept (see ServerChoice).
 */
function pickNow(name: string, eligible: readonly RealServer[]): RealServer[] | null {
  const known = (s: RealServer) => s.weight !== null && s.activeConns !== null && s.inactConns !== null;
  if (!eligible.every(known)) return null;
  const w = (s: RealServer) => s.weight as number;
  const a = (s: RealServer) => s.activeConns as number;
  // ip_vs_dest_conn_overhead (include/net/ip_vs.h): activeconns << 8 + inactconns — an active
  // connection weighs 256 inactive ones.
  const overhead = (s: RealServer) => a(s) * 256 + (s.inactConns as number);
  switch (name) {
    case 'lc':
      // ip_vs_lc.c: the smallest overhead.
      return lowest(
        eligible,
        (s) => overhead(s),
        () => 1,
      );
    case 'wlc':
      // ip_vs_wlc.c: least overhead/weight, compared as loh * dest->weight > doh * least->weight.
      return lowest(eligible, overhead, w);
    case 'sed':
      // ip_vs_sed.c: ip_vs_sed_dest_overhead = activeconns + 1, over weight.
      return lowest(eligible, (s) => a(s) + 1, w);
    case 'nq': {
      // ip_vs_nq.c: the first idle server (activeconns 0) wins at once; otherwise as sed.
      const idle = eligible.filter((s) => a(s) === 0);
      return idle.length > 0 ? idle : lowest(eligible, (s) => a(s) + 1, w);
    }
    case 'fo': {
      // ip_vs_fo.c: the available server with the highest weight.
      const top = Math.max(...eligible.map(w));
      return eligible.filter((s) => w(s) === top);
    }
    case 'ovf': {
      // ip_vs_ovf.c: skips a dest whose activeconns > weight, then takes the highest weight;
      // none left → no destination.
      const open = eligible.filter((s) => a(s) <= w(s));
      if (open.length === 0) return [];
      const top = Math.max(...open.map(w));
      return open.filter((s) => w(s) === top);
    }
    default:
      return null;
  }
}

/** The servers minimising load/weight (compared by cross-multiplication, as the kernel does). */
function lowest(
  servers: readonly RealServer[],
  load: (s: RealServer) => number,
  weight: (s: RealServer) => number,
) {
  let best: RealServer[] = [];
  for (const s of servers) {
    const b = best[0];
    if (b === undefined) best = [s];
    else {
      const lhs = load(s) * weight(b);
      const rhs = load(b) * weight(s);
      if (lhs < rhs) best = [s];
      else if (lhs === rhs) best.push(s);
    }
  }
  return best;
}
