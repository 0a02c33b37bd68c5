import { ipvsModeEvidence } from '../kubeproxy';
import { mulberry32 } from '../net';
import type { Ruleset } from '../ruleset';
import type { Diagnostic } from '../text';
import { compileRuleset } from './compile';
import { makeContext, recentFromEnv } from './context';
import { run } from './machine';
import { initialWalk } from './packet';
import type { Packet, SimulatedConnection, SimulationResult, TraceEnv } from './types';
import { consToArray, Walk } from './walk';

export interface SimulateOptions {
  /** How many successive NEW connections the same client opens (clamped to 0…10,000,000). */
  readonly connections: number;
  readonly seed: number;
  /** Keep each connection's path (default true). `false` is much faster for large runs. */
  readonly keepPaths?: boolean;
  /** Simulated seconds between connections (default 1): what `recent --seconds` windows see. */
  readonly secondsBetween?: number;
}

/** xt_recent keeps at most ip_pkt_list_tot (default 20) hit stamps per entry. */
const MAX_STAMPS = 20;

/** At most this many connections per simulation (a bound on the work one request can ask for). */
const MAX_CONNECTIONS = 10_000_000;

const clampCount = (n: number) => Math.max(0, Math.floor(Number(n) || 0));

/**
 * A seeded simulation that can be continued: `advance(k)` simulates the next `k` connections with
 * the PRNG, the `-m recent` lists, the nth counters and the clock where the previous call left
 * them, so chunks `advance(a)`, `advance(b)` give exactly the connections (and counts) of one
 * `simulate` of `a + b`: what "Send 1000" streams in chunks without restarting at connection 0.
 */
export interface SimulationRun {
  /** Connections simulated so far. */
  readonly done: number;
  /** `ip:port` or `<none>` → count over all connections so far (updated in place by `advance`). */
  readonly endpointCounts: Readonly<Record<string, number>>;
  /** Simulates the next `count` connections (at most 10,000,000 in all) and returns them. */
  advance(count: number): SimulatedConnection[];
}

/**
 * Starts a seeded simulation of successive NEW connections with the same packet (see `simulate`);
 * nothing is simulated before `advance`. Never throws.
 */
export function startSimulation(
  ruleset: Ruleset,
  packet: Packet,
  env: TraceEnv,
  options: Omit<SimulateOptions, 'connections'>,
): SimulationRun {
  const keepPaths = options.keepPaths ?? true;
  const step = options.secondsBetween ?? 1;
  const endpointCounts: Record<string, number> = {};
  const diagnostics: Diagnostic[] = [];
  const rc = compileRuleset(ruleset);
  const template = initialWalk(packet, env, ruleset.family).walk;
  // Recent lists as absolute stamps (seconds); env ages become negative stamps before time 0.
  const lists = new Map<string, Map<string, number[]>>();
  for (const [list, entries] of recentFromEnv(env)) {
    lists.set(list, new Map([...entries].map(([k, ages]) => [k, ages.map((a) => -a)])));
  }
  const nth = new Map<string, number>();
  let now = 0;
  let done = 0;
  const ctx = makeContext(env, {
    sample: mulberry32(options.seed),
    keepPaths,
    recentLookup: (list, key) => {
      const stamps = lists.get(list)?.get(key);
      return stamps === undefined ? null : stamps.map((s) => now - s);
    },
    nthBase: nth,
    userInIface: packet.inIface != null,
    userOutIface: packet.outIface != null,
    diagnostics,
    ipvsMode: ipvsModeEvidence(ruleset),
  });
  const w = new Walk();
  return {
    get done() {
      return done;
    },
    endpointCounts,
    advance(count) {
      const connections: SimulatedConnection[] = [];
      if (template === null) return connections;
      const n = Math.min(clampCount(count), MAX_CONNECTIONS - done);
      for (let i = 0; i < n; i++) {
        w.copyFrom(template);
        run(w, rc, ctx);
        commitState(w, lists, nth, now);
        connections.push({
          dnat: w.dnat,
          masquerade: w.masquerade,
          verdict: w.verdict ?? 'DROP',
          path: keepPaths ? consToArray(w.path) : [],
        });
        const key = w.dnat ?? '<none>';
        endpointCounts[key] = (endpointCounts[key] ?? 0) + 1;
        if (diagnostics.length > 100) diagnostics.length = 0;
        now += step;
      }
      done += n;
      return connections;
    },
  };
}

/**
 * Opens `connections` successive NEW connections with the same packet, choosing each statistic branch
 * with a seeded PRNG (mulberry32) instead of enumerating them. State carries over between connections
 * as in the kernel: `-m recent` lists (ClientIP session affinity: `--set` records the client, a later
 * `--rcheck --seconds` within the window sends it to the same endpoint) and `statistic --mode nth`
 * counters. Time advances `secondsBetween` per connection. Deterministic for a seed; never throws.
 * Returns each connection's verdict, DNAT endpoint, masquerade flag (and path), and counts per endpoint.
 * One `startSimulation(…).advance(connections)`.
 */
export function simulate(
  ruleset: Ruleset,
  packet: Packet,
  env: TraceEnv,
  options: SimulateOptions,
): SimulationResult {
  const sim = startSimulation(ruleset, packet, env, options);
  const connections = sim.advance(options.connections);
  return { connections, endpointCounts: sim.endpointCounts };
}

/** Applies a finished walk's recent-list changes and nth counters to the carried state. */
function commitState(
  w: Walk,
  lists: Map<string, Map<string, number[]>>,
  nth: Map<string, number>,
  now: number,
) {
  if (w.recent !== null) {
    for (const op of consToArray(w.recent)) {
      let list = lists.get(op.list);
      if (list === undefined) {
        list = new Map();
        lists.set(op.list, list);
      }
      if (op.op === 'remove') list.delete(op.key);
      else {
        const stamps = list.get(op.key) ?? [];
        stamps.unshift(now);
        if (stamps.length > MAX_STAMPS) stamps.length = MAX_STAMPS;
        list.set(op.key, stamps);
      }
    }
  }
  if (w.nth !== null) {
    const seen = new Set<string>();
    for (let c: Walk['nth'] = w.nth; c !== null; c = c.tail) {
      if (!seen.has(c.head.key)) {
        seen.add(c.head.key);
        nth.set(c.head.key, c.head.value);
      }
    }
  }
}
