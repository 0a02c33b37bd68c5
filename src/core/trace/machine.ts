import { enterChain, noteCut, returnFromChain } from './chainEntry';
import type { CompiledRuleset, CRule } from './compiled';
import { type HookStep, ROUTES } from './hooks';
import { segmentCandidates } from './indexChains';
import { actIpvs, ipvsDue } from './ipvsHook';
import { inputRouteOfNonUnicast } from './nonUnicast';
import { isLocal } from './packet';
import { applyTarget } from './targets';
import type { Walk, WalkContext } from './walk';

/** Moves past the current rule (to the next candidate inside an indexed run). */
function advance(w: Walk): void {
  w.matchIdx = 0;
  if (w.cands !== null) {
    w.candPos++;
    if (w.candPos < w.cands.length) w.ruleIdx = w.cands[w.candPos] as number;
    else {
      w.ruleIdx = w.segEnd;
      w.cands = null;
    }
  } else w.ruleIdx++;
}

/** The interface names the kernel passes to this hook (NULL devices compare as ""). */
function setHookInterfaces(w: Walk, step: HookStep, ctx: WalkContext): void {
  w.hook = step.hook;
  w.loopback = step.loopback;
  if (step.loopback) {
    w.hookIn = 'lo';
    w.hookOut = '';
  } else if (step.ipvs === true) {
    w.hookIn = '';
    w.hookOut = w.outIface;
  } else if (step.hook === 'PREROUTING' || step.hook === 'INPUT') {
    w.hookIn = w.inIface;
    w.hookOut = '';
  } else if (step.hook === 'FORWARD') {
    w.hookIn = w.inIface;
    w.hookOut = w.outIface;
  } else {
    // OUTPUT and POSTROUTING: a local destination is routed through `lo`.
    w.hookIn = '';
    w.hookOut = isLocal(w.dst, ctx) ? 'lo' : w.outIface;
  }
}

/** The routing decision after PREROUTING / OUTPUT: on the (possibly DNATed) destination. */
function route(w: Walk, ctx: WalkContext): void {
  const fromOutput = w.plan === ROUTES.outbound;
  // Multicast and broadcast that came in on an interface: delivered locally or not routed at all.
  const special = fromOutput ? null : inputRouteOfNonUnicast(w);
  if (special === 'drop') {
    w.delivery = null;
    w.verdict = 'DROP';
    return;
  }
  const local = special === 'local' || isLocal(w.dst, ctx);
  // A locally generated packet to a remote address never sees FORWARD: OUTPUT → POSTROUTING → out.
  w.delivery = local ? 'local' : fromOutput ? 'out' : 'forward';
  w.plan = fromOutput
    ? local
      ? ROUTES.outboundLocal
      : ROUTES.outboundRemote
    : local
      ? ROUTES.inboundLocal
      : ROUTES.inboundForward;
  w.planIdx = 0;
  w.tableIdx = 0;
}

/** Finds the next table's chain to walk; false when the packet has passed every hook (ACCEPT). */
function nextTable(w: Walk, rc: CompiledRuleset, ctx: WalkContext): boolean {
  for (;;) {
    const step = w.plan[w.planIdx];
    if (step === undefined) {
      if (w.plan === ROUTES.inbound || w.plan === ROUTES.outbound) {
        route(w, ctx);
        if (w.verdict !== null) return false;
        continue;
      }
      w.verdict = 'ACCEPT';
      return false;
    }
    const t = rc.hookOrder[step.hook][w.tableIdx];
    if (ipvsDue(w, ctx, step, t?.priority)) {
      if (w.tableIdx === 0) setHookInterfaces(w, step, ctx);
      actIpvs(w, ctx);
      if (w.verdict !== null) return false;
      if (w.split !== null) return true; // run() returns 'fork'; trace applies each branch
      continue;
    }
    if (t === undefined) {
      w.planIdx++;
      w.tableIdx = 0;
      continue;
    }
    if (w.tableIdx === 0) {
      setHookInterfaces(w, step, ctx);
      if (rc.equalPriority?.includes(`${step.hook}:`))
        w.assume(
          'trace/nft-equal-priority',
          `Base chains of two tables share a hook and a priority (${rc.equalPriority}): the kernel runs the one registered last first; the dump's order is taken as the order they were created.`,
          null,
        );
    }
    const chain = t.chain;
    w.tableIdx++;
    if (chain === undefined) continue;
    if (t.nat) {
      if (step.loopback || step.ipvs === true) continue;
      if (w.ct !== 'new') {
        if (chain.rules.length > 0 || chain.source.length > 0) {
          w.assume(
            'trace/nat-skipped',
            `nat ${step.hook} is not consulted: only a connection's first packet traverses the nat table (conntrack state ${w.ct}).`,
            null,
          );
        }
        continue;
      }
      // nf_nat_inet_fn: once a nat chain has set up this hook's binding, later nat chains are skipped.
      if (w.natHook === step.hook && w.natPlan === w.plan) continue;
    }
    w.table = t.table;
    w.root = chain;
    w.stack = null;
    w.trail = null;
    w.depth = 0;
    enterChain(w, chain, rc, ctx);
    return w.verdict === null;
  }
}

/** Evaluates the current rule's matches from `w.matchIdx`; 'fork' stops at a random statistic. */
function evalRule(w: Walk, ctx: WalkContext, rule: CRule): 'match' | 'nomatch' | 'fork' {
  const ms = rule.matches;
  for (let i = w.matchIdx; i < ms.length; i++) {
    const m = ms[i] as CRule['matches'][number];
    if (m.ways !== undefined && w.pick < 0) {
      if (ctx.sample !== null) w.pick = Math.min(m.ways - 1, Math.floor(ctx.sample() * m.ways));
      else {
        w.matchIdx = i;
        return 'fork';
      }
    }
    if (m.random !== null) {
      if (m.random >= 1) continue;
      if (m.random <= 0) return 'nomatch';
      if (ctx.sample !== null) {
        if (ctx.sample() < m.random) continue;
        return 'nomatch';
      }
      w.matchIdx = i;
      return 'fork';
    }
    if (!m.test(w, ctx)) return 'nomatch';
  }
  return 'match';
}

/**
 * Runs the walk until it ends (`w.verdict` set) or reaches a `statistic --mode random` match that must
 * fork (only when `ctx.sample` is null). On 'fork', `w.matchIdx` is the index of that match.
 */
export function run(w: Walk, rc: CompiledRuleset, ctx: WalkContext): 'done' | 'fork' {
  for (;;) {
    if (w.verdict !== null) return 'done';
    const chain = w.chain;
    if (chain === null) {
      if (w.split !== null) return 'fork';
      if (!nextTable(w, rc, ctx)) return 'done';
      continue;
    }
    if (chain.seg !== null && w.cands === null && w.matchIdx === 0) {
      const seg = chain.seg[w.ruleIdx];
      if (seg !== undefined) {
        w.cands = segmentCandidates(seg, w.dst, w.proto, w.dport);
        w.candPos = 0;
        w.segEnd = seg.end;
        if (w.cands.length === 0) {
          w.cands = null;
          w.ruleIdx = seg.end;
        } else w.ruleIdx = w.cands[0] as number;
      }
    }
    const rule = chain.rules[w.ruleIdx];
    if (rule === undefined) {
      if (chain.cutAtEnd !== null) noteCut(w, ctx, chain.cutAtEnd);
      returnFromChain(w, ctx);
      continue;
    }
    const r = evalRule(w, ctx, rule);
    if (r === 'fork') return 'fork';
    advance(w);
    if (r === 'match') applyTarget(w, rc, ctx, rule);
    w.pick = -1;
  }
}

/** Resolves a fork returned by `run`: the random match held (continue with the next match) or not. */
export function resolveFork(w: Walk, taken: boolean): void {
  if (taken) w.matchIdx++;
  else advance(w);
}

/** The probability that the match the walk stopped at holds. */
export function forkProbability(w: Walk): number {
  return w.chain?.rules[w.ruleIdx]?.matches[w.matchIdx]?.random ?? 1;
}

/** For a `numgen random mod N` fork: N (each value 0…N-1 with probability 1/N); else 0. */
export function forkWays(w: Walk): number {
  return w.chain?.rules[w.ruleIdx]?.matches[w.matchIdx]?.ways ?? 0;
}
