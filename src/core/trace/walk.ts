import type { IpSet } from '../ipset';
import type { IpvsTable } from '../ipvs';
import type { Ip } from '../net';
import type { TableId } from '../ruleset';
import type { Diagnostic } from '../text';
import type { CChain } from './compiled';
import type { HookName, HookStep } from './hooks';
import type { AssumedRules, Assumption, ConntrackAssumption, IpvsHop, PathStep } from './types';

/** A persistent (shared-tail) list: forks share everything before them, so cloning a walk is O(1). */
export interface Cons<T> {
  readonly head: T;
  readonly tail: Cons<T> | null;
}

/** Conntrack's view of the connection. `untracked` after raw `NOTRACK` / `CT --notrack`. */
export type CtState = ConntrackAssumption | 'untracked';

/** One way an IPVS scheduling goes: its probability and what it does to the walk. */
export interface IpvsBranch {
  readonly probability: number;
  readonly apply: (w: Walk) => void;
}

/** A `-m recent` change made during this walk: applied to the carried state by `simulate`. */
export interface RecentOp {
  readonly list: string;
  readonly key: string;
  readonly op: 'set' | 'remove';
}

/** The caller's position, saved by a jump. */
export interface Frame {
  readonly chain: CChain;
  readonly ruleIdx: number;
  readonly cands: readonly number[] | null;
  readonly candPos: number;
  readonly segEnd: number;
  /** The caller's entry path and its length, restored on return. */
  readonly trail: Cons<CChain> | null;
  readonly depth: number;
  readonly parent: Frame | null;
}

/** Read-only state a walk consults and the diagnostics it reports (one per trace/simulate call). */
export interface WalkContext {
  readonly localKeys: ReadonlySet<string>;
  /** `recent` state before this walk: the ages (seconds ago) of an entry's hits, or null if absent. */
  readonly recentLookup: (list: string, key: string) => readonly number[] | null;
  /** nth counters before this walk (rule id#match → counter); absent → the `--packet` start value. */
  readonly nthBase: ReadonlyMap<string, number> | null;
  /** When set, statistic forks are sampled instead of enumerated (simulate). */
  readonly sample: (() => number) | null;
  readonly keepPaths: boolean;
  readonly userInIface: boolean;
  readonly userOutIface: boolean;
  /** The node's first address (REDIRECT's guess for the incoming interface's address). */
  readonly firstLocal: string | null;
  /** The pasted ipsets by name (`env.ipsets`), or null when none were pasted. */
  readonly ipsets: ReadonlyMap<string, IpSet> | null;
  /** `env.ipvs`: the node's IPVS table (ipvsadm -Ln), or null. */
  readonly ipvs: IpvsTable | null;
  /** ipKey of every IPVS virtual address (kube-ipvs0): from `env.ipvs` and KUBE-IPVS-IPS. */
  readonly vips: ReadonlySet<string>;
  /** Why the rules look like kube-proxy's IPVS mode (a sentence), or null. */
  readonly ipvsMode: string | null;
  readonly diagnostics: Diagnostic[];
  /** Collects the kube-proxy rules the walks found missing (cut chains), by chain; null: not wanted. */
  readonly cuts?: Map<string, AssumedRules> | null;
}

/**
 * One possible history of the packet: the packet (a private copy — NAT and MARK change it), conntrack
 * facts, where the walk is (hook, table, chain, rule, match) and what it has seen. Mutable, cloned at
 * each `statistic` fork.
 */
export class Walk {
  src!: Ip;
  dst!: Ip;
  sport = 0;
  dport = 0;
  proto = 0;
  mark = 0;
  inIface = '';
  outIface = '';
  /** The interface names in force for the current hook (kernel passes NULL → ""). */
  hookIn = '';
  hookOut = '';
  origSrc!: Ip;
  origDst!: Ip;
  origSport = 0;
  origDport = 0;
  ct: CtState = 'new';
  /** IPS_DST_NAT / IPS_SRC_NAT: set when a NAT binding actually changed the tuple. */
  dnatBit = false;
  snatBit = false;
  dnat: string | null = null;
  masquerade = false;
  snat: string | null = null;
  delivery: 'local' | 'forward' | 'out' | null = null;

  plan: readonly HookStep[] = [];
  planIdx = 0;
  tableIdx = 0;
  hook: HookName = 'PREROUTING';
  loopback = false;
  table: TableId = 'raw';
  root: CChain | null = null;
  chain: CChain | null = null;
  ruleIdx = 0;
  matchIdx = 0;
  cands: readonly number[] | null = null;
  candPos = 0;
  segEnd = 0;
  stack: Frame | null = null;
  /** The value a `numgen random mod N` gave in the rule being evaluated (-1: not drawn yet). */
  pick = -1;
  /** The hook (and route) where a NAT binding was set up: later nat chains there are skipped. */
  natHook: HookName | null = null;
  natPlan: readonly HookStep[] | null = null;
  /**
   * The chains entered (by jump or goto) from the built-in chain to the current one, newest first,
   * and their count: a return restores the caller's. Only a jump loop makes it grow without bound.
   */
  trail: Cons<CChain> | null = null;
  depth = 0;

  prob = 1;
  path: Cons<PathStep> | null = null;
  assumptions: Cons<Assumption> | null = null;
  recent: Cons<RecentOp> | null = null;
  nth: Cons<{ readonly key: string; readonly value: number }> | null = null;
  verdict: 'ACCEPT' | 'DROP' | 'REJECT' | null = null;
  /** IPVS looked at this packet already (skb->ipvs_property: it acts once). */
  ipvsSeen = false;
  ipvsHop: IpvsHop | null = null;
  /** Set by IPVS: the walk continues as one copy per real server (trace forks on it). */
  split: readonly IpvsBranch[] | null = null;

  /** A field-by-field copy (Object.assign is several times slower in simulate's hot loop). */
  clone(): Walk {
    return new Walk().copyFrom(this);
  }

  /** Overwrites every field with `from`'s (simulate reuses one walk per connection). */
  copyFrom(from: Walk): this {
    this.src = from.src;
    this.dst = from.dst;
    this.sport = from.sport;
    this.dport = from.dport;
    this.proto = from.proto;
    this.mark = from.mark;
    this.inIface = from.inIface;
    this.outIface = from.outIface;
    this.hookIn = from.hookIn;
    this.hookOut = from.hookOut;
    this.origSrc = from.origSrc;
    this.origDst = from.origDst;
    this.origSport = from.origSport;
    this.origDport = from.origDport;
    this.ct = from.ct;
    this.dnatBit = from.dnatBit;
    this.snatBit = from.snatBit;
    this.dnat = from.dnat;
    this.masquerade = from.masquerade;
    this.snat = from.snat;
    this.delivery = from.delivery;
    this.plan = from.plan;
    this.planIdx = from.planIdx;
    this.tableIdx = from.tableIdx;
    this.hook = from.hook;
    this.loopback = from.loopback;
    this.table = from.table;
    this.root = from.root;
    this.chain = from.chain;
    this.ruleIdx = from.ruleIdx;
    this.matchIdx = from.matchIdx;
    this.cands = from.cands;
    this.candPos = from.candPos;
    this.segEnd = from.segEnd;
    this.stack = from.stack;
    this.pick = from.pick;
    this.natHook = from.natHook;
    this.natPlan = from.natPlan;
    this.trail = from.trail;
    this.depth = from.depth;
    this.prob = from.prob;
    this.path = from.path;
    this.assumptions = from.assumptions;
    this.recent = from.recent;
    this.nth = from.nth;
    this.verdict = from.verdict;
    this.ipvsSeen = from.ipvsSeen;
    this.ipvsHop = from.ipvsHop;
    this.split = from.split;
    return this;
  }

  assume(code: string, message: string, line: number | null): void {
    this.assumptions = { head: { code, message, line }, tail: this.assumptions };
  }
}

/** List → array, oldest first. */
export function consToArray<T>(list: Cons<T> | null): T[] {
  const out: T[] = [];
  for (let c = list; c !== null; c = c.tail) out.push(c.head);
  return out.reverse();
}
