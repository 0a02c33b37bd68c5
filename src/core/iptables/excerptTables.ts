import type { TableName } from './ast';
import {
  ALL_TABLES,
  bitOf,
  type ChainKnowledge,
  chainKnowledge,
  FILTER,
  isSingle,
  NAT,
  pickTable,
  targetMask,
} from './tableKnowledge';

/**
 * The table of every rule of a header-less excerpt (`iptables-save | grep …`), decided for the
 * chain and not rule by rule. A jump can only name a chain of its own table (iptables(8): "a
 * user-defined chain in the same table"), so chains joined by jumps form one group, and every rule
 * of the group adds what it proves: a target valid in one table only (DNAT → nat, REJECT →
 * filter), a chain whose name is known (KUBE-SVC-* → nat, cali-fw-* → filter). Chains that exist in
 * several tables (built-in chains, KUBE-SERVICES, DOCKER, cali-PREROUTING…) do not join groups:
 * each of their rules is placed by what it proves itself, or by the group of the chain it jumps to.
 * Two passes over the rules and a union–find: linear.
 */

/** One rule of the excerpt, as the decision needs it. */
export interface ExcerptRule {
  /** Chain id (chainNames.ts). */
  readonly chain: number;
  /** Target name, or null without `-j`. */
  readonly target: string | null;
  /** Chain id of the target when the rule jumps to a chain, else -1. */
  readonly jump: number;
  /** The rule has `--ctstate NEW` (kube-proxy's filter jumps have it, its nat jumps do not). */
  readonly ctNew: boolean;
}

export interface Placement {
  table: TableName;
  /** Nothing in the excerpt tells: the likeliest of `mask` was taken. */
  guessed: boolean;
  /** The tables the rule could be in. */
  mask: number;
  /** The rule's chain has rules that only different tables accept: it was split. */
  split: boolean;
}

export interface Decision {
  readonly rules: Placement[];
  /**
   * The tables the declaration lines of chain `id` go to, in order: those its rules went to, then
   * `prefer` (where most of the excerpt went) when the chain can be there, then the others it can be in.
   */
  tablesOfChain(id: number, prefer: TableName | null): TableName[];
}

const NAT_ONLY: ChainKnowledge = { mask: NAT, multi: false, prior: NAT, known: true };

/**
 * kube-proxy's own rule shapes in chains that exist in both nat and filter (proxier.go): filter's
 * KUBE-SERVICES / KUBE-NODEPORTS / KUBE-NODE-PORT hold ACCEPT / DROP / REJECT rules, nat's never
 * (except IPVS mode's KUBE-SERVICES, handled by `ipvs`); nat's KUBE-SERVICES ends with the jump to
 * KUBE-NODEPORTS; filter's OUTPUT → KUBE-SERVICES has `--ctstate NEW`, nat's has not; kubelet's
 * filter KUBE-FIREWALL drops, nat's (old IPVS) jumps to KUBE-MARK-DROP. Docker jumps to its nat
 * DOCKER from PREROUTING / OUTPUT, to its filter DOCKER from FORWARD.
 */
function shapeMask(chain: string, target: string | null, ctNew: boolean, ipvs: boolean): number {
  if (target === null) return ALL_TABLES;
  const verdict = target === 'ACCEPT' || target === 'DROP';
  switch (chain) {
    case 'KUBE-SERVICES':
      // IPVS mode's nat KUBE-SERVICES accepts what matches its ipsets (`-j ACCEPT`).
      if (verdict && !ipvs) return FILTER;
      if (target === 'KUBE-NODEPORTS') return NAT;
      break;
    case 'KUBE-NODEPORTS':
    case 'KUBE-NODE-PORT':
      if (verdict) return FILTER;
      break;
    case 'KUBE-FIREWALL':
      if (target === 'DROP') return FILTER;
      break;
    case 'OUTPUT':
      if (target === 'KUBE-SERVICES') return ctNew ? FILTER : NAT;
      if (target === 'DOCKER') return NAT;
      break;
    case 'PREROUTING':
      if (target === 'DOCKER') return NAT;
      break;
  }
  return ALL_TABLES;
}

/** A likelier table without proof: Docker's nat DOCKER returns for docker0, its filter DOCKER accepts or drops. */
function softPrior(chain: string, target: string | null): number {
  if (chain === 'DOCKER') return target === 'RETURN' ? NAT : FILTER;
  return 0;
}

/** Decides the table of each rule; `nameOf(id)` names chain ids below `chainCount`. */
export function decideTables(
  rules: readonly ExcerptRule[],
  chainCount: number,
  nameOf: (id: number) => string,
  ipvs: boolean,
): Decision {
  const known: (ChainKnowledge | undefined)[] = new Array(chainCount);
  const kOf = (id: number): ChainKnowledge => {
    let k = known[id];
    if (k === undefined) {
      const name = nameOf(id);
      // IPVS mode writes KUBE-SERVICES in nat only (pkg/proxy/ipvs/proxier.go iptablesChains).
      k = ipvs && name === 'KUBE-SERVICES' ? NAT_ONLY : chainKnowledge(name);
      known[id] = k;
    }
    return k;
  };
  const parent = new Int32Array(chainCount).fill(-1);
  const find = (x: number): number => {
    let r = x;
    while ((parent[r] as number) >= 0) r = parent[r] as number;
    while ((parent[x] as number) >= 0) {
      const next = parent[x] as number;
      parent[x] = r;
      x = next;
    }
    return r;
  };
  for (const r of rules) {
    if (r.jump < 0 || kOf(r.chain).multi || kOf(r.jump).multi) continue;
    const a = find(r.chain);
    const b = find(r.jump);
    if (a !== b) parent[a] = b;
  }
  // What each rule proves on its own, and what each group and chain accumulate.
  const own = new Int32Array(rules.length);
  const group = new Int32Array(chainCount).fill(ALL_TABLES);
  const chainAcc = new Int32Array(chainCount).fill(ALL_TABLES);
  const prefer = new Int32Array(chainCount);
  rules.forEach((r, i) => {
    const kc = kOf(r.chain);
    const name = nameOf(r.chain);
    let m =
      (r.target === null ? ALL_TABLES : targetMask(r.target)) & shapeMask(name, r.target, r.ctNew, ipvs);
    if (r.jump >= 0) {
      const kt = kOf(r.jump);
      if (kt.multi) m &= kt.mask;
      else {
        const g = find(r.jump);
        group[g] = (group[g] as number) & kt.mask;
        if (prefer[g] === 0) prefer[g] = kt.prior;
      }
    }
    own[i] = m;
    if (!kc.multi) {
      const g = find(r.chain);
      group[g] = (group[g] as number) & kc.mask & m;
      chainAcc[r.chain] = (chainAcc[r.chain] as number) & kc.mask & m;
      if (prefer[g] === 0) prefer[g] = kc.prior || softPrior(name, r.target);
    } else if (r.jump >= 0 && !kOf(r.jump).multi) {
      const g = find(r.jump);
      group[g] = (group[g] as number) & kc.mask & m;
      if (prefer[g] === 0) prefer[g] = kc.prior;
    }
  });
  const chainTable = (id: number): Placement => {
    const k = kOf(id);
    if (k.multi)
      return { table: pickTable(k.mask, k.prior), guessed: !isSingle(k.mask), mask: k.mask, split: false };
    const g = find(id);
    const gm = group[g] as number;
    if (gm !== 0)
      return { table: pickTable(gm, prefer[g] as number), guessed: !isSingle(gm), mask: gm, split: false };
    const cm = chainAcc[id] as number;
    return { table: pickTable(cm || k.mask, k.prior), guessed: !isSingle(cm), mask: cm, split: cm === 0 };
  };
  const placed: Placement[] = rules.map((r, i) => {
    const kc = kOf(r.chain);
    const m = own[i] as number;
    if (!kc.multi) {
      const c = chainTable(r.chain);
      if (!c.split) return c;
      // The chain's rules prove different tables (two chains of one name were grepped together).
      return { table: pickTable(m, bitOf(c.table)), guessed: !isSingle(m), mask: m, split: true };
    }
    if (r.jump >= 0 && !kOf(r.jump).multi) {
      const c = chainTable(r.jump);
      if (!c.split) return c;
    }
    const both = kc.mask & m;
    const mask = both !== 0 ? both : m;
    // A jump to a chain of several tables: likeliest where that chain's rules of this excerpt went,
    // else where such a chain usually is (cali-OUTPUT: nat), else where this chain usually is.
    const kt = r.jump >= 0 ? kOf(r.jump) : null;
    const p = softPrior(nameOf(r.chain), r.target) || (kt?.multi ? kt.prior : 0) || kc.prior;
    return { table: pickTable(mask, p), guessed: !isSingle(mask), mask, split: false };
  });
  // Second look at jumps between chains of several tables: the target's own rules may have been placed.
  const single = new Map<number, TableName | null>();
  rules.forEach((r, i) => {
    const pl = placed[i] as Placement;
    if (r.jump < 0 || !kOf(r.jump).multi) return;
    const t = pl.table;
    const seen = single.get(r.chain);
    if (seen === undefined) single.set(r.chain, t);
    else if (seen !== t) single.set(r.chain, null);
  });
  rules.forEach((r, i) => {
    const pl = placed[i] as Placement;
    if (!pl.guessed || r.jump < 0 || !kOf(r.chain).multi || !kOf(r.jump).multi) return;
    const there = single.get(r.jump);
    if (there !== undefined && there !== null && (pl.mask & bitOf(there)) !== 0) pl.table = there;
  });
  // Declarations: each table the chain's rules went to, then the others it can be in.
  const used = new Map<number, TableName[]>();
  rules.forEach((r, i) => {
    let list = used.get(r.chain);
    if (list === undefined) {
      list = [];
      used.set(r.chain, list);
    }
    const t = (placed[i] as Placement).table;
    if (!list.includes(t)) list.push(t);
  });
  return {
    rules: placed,
    tablesOfChain(id: number, prefer: TableName | null): TableName[] {
      const list = [...(used.get(id) ?? [])];
      const c = chainTable(id);
      const k = kOf(id);
      if (list.length === 0 && prefer !== null && (c.mask & bitOf(prefer)) !== 0) list.push(prefer);
      if (!list.includes(c.table)) list.push(c.table);
      if (k.multi)
        for (const t of ['filter', 'nat', 'mangle', 'raw', 'security'] as const)
          if ((k.mask & bitOf(t)) !== 0 && !list.includes(t)) list.push(t);
      return list;
    },
  };
}
