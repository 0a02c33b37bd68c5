import { NFT_MAX_DEPTH } from '../iptables';
import { diagnostic, span } from '../text';
import type { CChain, CompiledRuleset } from './compiled';
import { pathStep } from './pathStep';
import type { AssumedRules } from './types';
import type { Cons, Walk, WalkContext } from './walk';

/*
 * Entering and leaving a chain: used by the machine (end of a chain) and by the targets (jump, goto,
 * RETURN). Apart from both so that neither imports the other.
 */

/**
 * The loop guard counts depth, not entries: `w.depth` is the length of the entry path from the
 * built-in chain (jumps and gotos; a return restores the caller's). On a loop-free ruleset that path
 * never repeats a chain, so it is never longer than the number of chains; a longer one repeats a
 * chain (pigeonhole): a jump loop, which iptables-restore refuses to load (x_tables
 * mark_source_chains, nf_tables nf_tables_check_loops: ELOOP; read-time `iptables/jump-loop`). A
 * 2,000-chain walk of jumps and returns, or a 10,000-deep chain, traces to its verdict.
 */
function loopBound(rc: CompiledRuleset): number {
  return rc.chains.size + rc.hooks.size;
}

/** The first cycle on an entry path, oldest first (`B → C → B`: the way the walk first closed it). */
function cycleOf(trail: Cons<CChain> | null): string[] {
  const chains: CChain[] = [];
  for (let t = trail; t !== null; t = t.tail) chains.push(t.head);
  chains.reverse();
  const seen = new Map<CChain, number>();
  for (let i = 0; i < chains.length; i++) {
    const c = chains[i] as CChain;
    const at = seen.get(c);
    if (at !== undefined) return chains.slice(at, i + 1).map((x) => x.name);
    seen.set(c, i);
  }
  return chains.map((x) => x.name);
}

function reportLoop(w: Walk, c: CChain, ctx: WalkContext): void {
  const cycle = cycleOf(w.trail).join(' → ');
  ctx.diagnostics.push(
    diagnostic(
      'iptables',
      'error',
      'trace/loop',
      `A jump loop in ${c.table}: ${cycle}. iptables-restore refuses to load it (ELOOP; see iptables/jump-loop).`,
      span(0, 0),
    ),
  );
  w.assume(
    'trace/loop',
    `The walk entered the jump loop ${c.table} ${cycle}; the kernel would not load these rules. The packet is taken as dropped.`,
    null,
  );
  w.verdict = 'DROP';
}

/** A walk nested deeper than nf_tables' jump stack: said once per walk. */
function noteNesting(w: Walk, c: CChain): void {
  for (let a = w.assumptions; a !== null; a = a.tail) if (a.head.code === 'trace/nesting-too-deep') return;
  w.assume(
    'trace/nesting-too-deep',
    `${c.table} ${c.name} is ${w.depth - 1} jumps from a built-in chain: nf_tables accepts at most ${NFT_MAX_DEPTH}, so iptables-nft would refuse these rules ("Too many links"); traced as iptables-legacy runs them.`,
    null,
  );
}

/**
 * A kube-proxy chain looks cut (or a fixed one is missing): said on this walk, and collected so that
 * `trace` also answers with kube-proxy's standard rule assumed.
 */
export function noteCut(w: Walk, ctx: WalkContext, a: AssumedRules): void {
  w.assume('trace/chain-cut', `${a.why} The answer with kube-proxy's rule assumed is given too.`, null);
  ctx.cuts?.set(`${a.table}/${a.chain}`, a);
}

/** Enters the chain at its first rule (a jump pushes a frame before calling this; a goto does not). */
export function enterChain(w: Walk, c: CChain, rc: CompiledRuleset, ctx: WalkContext): void {
  if (!c.ready) rc.prepare(c);
  w.chain = c;
  w.ruleIdx = 0;
  w.matchIdx = 0;
  w.cands = null;
  w.trail = { head: c, tail: w.trail };
  w.depth++;
  if (c.missing) {
    w.assume(
      'trace/missing-chain',
      `${c.table} chain ${c.name} is not in the text (a partial dump?): its rules are unknown; taken as empty.`,
      null,
    );
  }
  if (c.implied && rc.impliedSummary !== null) {
    w.assume(
      'trace/implied-kube-jumps',
      `The dump has kube-proxy chains but not the jumps to them; kube-proxy's standard jumps are assumed (${rc.impliedSummary}).`,
      null,
    );
  }
  for (const a of c.onEntry) noteCut(w, ctx, a);
  if (w.depth > loopBound(rc)) reportLoop(w, c, ctx);
  else if (w.depth - 1 > NFT_MAX_DEPTH) noteNesting(w, c);
}

/**
 * RETURN, or the end of a chain: back to the caller's next rule; from the built-in chain itself (or a
 * chain entered by goto from it) the built-in policy decides (ip_tables.c: empty stack → underflow).
 */
export function returnFromChain(w: Walk, ctx: WalkContext): void {
  const f = w.stack;
  if (f !== null) {
    w.chain = f.chain;
    w.ruleIdx = f.ruleIdx;
    w.cands = f.cands;
    w.candPos = f.candPos;
    w.segEnd = f.segEnd;
    w.trail = f.trail;
    w.depth = f.depth;
    w.matchIdx = 0;
    w.stack = f.parent;
    return;
  }
  const root = w.root as CChain;
  if (root.rules.length > 0 || root.policy === 'DROP') {
    if (ctx.keepPaths)
      w.path = { head: pathStep(w, null, `policy ${root.policy}`, root.policy), tail: w.path };
  }
  if (root.policy === 'DROP') w.verdict = 'DROP';
  w.chain = null;
}
