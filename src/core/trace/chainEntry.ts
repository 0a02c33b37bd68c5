import { diagnostic, span } from '../text';
import type { CChain, CompiledRuleset } from './compiled';
import { pathStep } from './pathStep';
import type { Walk, WalkContext } from './walk';

/*
 * Entering and leaving a chain: used by the machine (end of a chain) and by the targets (jump, goto,
 * RETURN). Apart from both so that neither imports the other.
 */

/** Chain entries one walk may make before it is declared a loop (iptables itself refuses loops: ELOOP). */
export const MAX_CHAIN_ENTRIES = 1000;

/** Enters the chain at its first rule (a jump pushes a frame before calling this; a goto does not). */
export function enterChain(w: Walk, c: CChain, rc: CompiledRuleset, ctx: WalkContext): void {
  if (!c.ready) rc.prepare(c);
  w.chain = c;
  w.ruleIdx = 0;
  w.matchIdx = 0;
  w.cands = null;
  w.entries++;
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
  if (w.entries > MAX_CHAIN_ENTRIES) {
    ctx.diagnostics.push(
      diagnostic(
        'iptables',
        'error',
        'trace/loop',
        `More than ${MAX_CHAIN_ENTRIES} chain entries: a jump loop at ${c.table}/${c.name}.`,
        span(0, 0),
      ),
    );
    w.assume('trace/loop', `The walk looped (${c.table}/${c.name}); the packet is taken as dropped.`, null);
    w.verdict = 'DROP';
  }
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
