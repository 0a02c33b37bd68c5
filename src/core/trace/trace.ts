import { ipvsModeEvidence } from '../kubeproxy';
import type { Ruleset } from '../ruleset';
import { type Diagnostic, diagnostic, span } from '../text';
import { compileRuleset } from './compile';
import { makeContext, recentFromEnv } from './context';
import { forkProbability, forkWays, resolveFork, run } from './machine';
import { dedupeAssumptions, mergeOutcomes, outcomeOf } from './outcome';
import { initialWalk } from './packet';
import { withReplacement } from './replaced';
import { withStandardRules } from './standardRules';
import type {
  AssumedRules,
  Assumption,
  Outcome,
  Packet,
  StandardTrace,
  TraceEnv,
  TraceResult,
} from './types';
import type { Walk } from './walk';

/** Beyond this many outcomes, forks follow their likelier branch only (with a diagnostic). */
const MAX_OUTCOMES = 10_000;

function failed(code: string, message: string, diagnostics: Diagnostic[]): TraceResult {
  const assumption = { code, message, line: null };
  const outcome: Outcome = {
    probability: 1,
    verdict: 'DROP',
    dnat: null,
    masquerade: false,
    snat: null,
    delivery: null,
    path: [],
    assumptions: [assumption],
  };
  return { outcomes: [outcome], assumptions: [assumption], diagnostics };
}

/** One pass: every outcome of `packet` over `ruleset` (null when the packet cannot be traced). */
function traceOnce(
  ruleset: Ruleset,
  packet: Packet,
  env: TraceEnv,
  options: { readonly index?: boolean },
  diagnostics: Diagnostic[],
  cuts: Map<string, AssumedRules> | null,
): Outcome[] | null {
  const rc = compileRuleset(ruleset, options);
  const start = initialWalk(packet, env, ruleset.family);
  diagnostics.push(...start.diagnostics);
  if (start.walk === null) return null;
  const recent = recentFromEnv(env);
  const ctx = makeContext(env, {
    sample: null,
    keepPaths: true,
    recentLookup: (list, key) => recent.get(list)?.get(key) ?? null,
    nthBase: null,
    userInIface: packet.inIface != null,
    userOutIface: packet.outIface != null,
    diagnostics,
    cuts,
    ipvsMode: ipvsModeEvidence(ruleset),
  });
  if (ctx.ipvsMode !== null && ctx.ipvs === null) {
    start.walk.assume(
      'trace/ipvs-mode',
      `${ctx.ipvsMode} Service addresses are local there (kube-ipvs0) and IPVS, not these rules, picks the endpoint after INPUT: paste \`ipvsadm -Ln\` output (and \`ipset list\`) to trace it. Without it a Service address is traced as an ordinary destination.`,
      null,
    );
  }
  const done: Walk[] = [];
  const pending: Walk[] = [start.walk];
  let capped = false;
  while (pending.length > 0) {
    const w = pending.pop() as Walk;
    if (run(w, rc, ctx) === 'done') {
      done.push(w);
      continue;
    }
    const split = w.split;
    if (split !== null) {
      // IPVS scheduled the connection: one walk per real server, with its share.
      w.split = null;
      for (const b of split) {
        const x = w.clone();
        x.prob *= b.probability;
        b.apply(x);
        pending.push(x);
      }
      continue;
    }
    const ways = forkWays(w);
    if (ways > 0) {
      // numgen random mod N: N walks, value k with probability exactly 1/N each.
      if (done.length + pending.length + ways > MAX_OUTCOMES) {
        w.pick = 0;
        w.assume('trace/outcome-cap', 'Too many outcomes: this one follows the first numgen value.', null);
        pending.push(w);
        continue;
      }
      for (let k = ways - 1; k >= 0; k--) {
        const branch = k === 0 ? w : w.clone();
        branch.prob = w.prob / ways;
        branch.pick = k;
        pending.push(branch);
      }
      continue;
    }
    const p = forkProbability(w);
    if (done.length + pending.length + 2 > MAX_OUTCOMES) {
      if (!capped) {
        capped = true;
        diagnostics.push(
          diagnostic(
            'iptables',
            'warning',
            'trace/outcome-cap',
            `More than ${MAX_OUTCOMES} outcomes: only the likelier branch of further statistic matches is followed.`,
            span(0, 0),
          ),
        );
      }
      w.assume(
        'trace/outcome-cap',
        'Too many outcomes: this one follows the likelier branch of later random matches.',
        null,
      );
      resolveFork(w, p >= 0.5);
      pending.push(w);
      continue;
    }
    const taken = w.clone();
    taken.prob *= p;
    resolveFork(taken, true);
    w.prob *= 1 - p;
    resolveFork(w, false);
    pending.push(w, taken);
  }
  return withReplacement(ruleset, mergeOutcomes(done.map(outcomeOf)));
}

/** Rounds of "assume what the last pass found missing, trace again" (each round can only add rules). */
const MAX_STANDARD_ROUNDS = 4;

/**
 * The packet traced with kube-proxy's standard rules assumed for every cut chain the walks met (and
 * those the assumed rules lead to). Each outcome says which rules were assumed. Null when a pass fails.
 */
function traceWithStandardRules(
  ruleset: Ruleset,
  packet: Packet,
  env: TraceEnv,
  options: { readonly index?: boolean },
  found: Map<string, AssumedRules>,
): StandardTrace | null {
  const assumed = new Map(found);
  let outcomes: Outcome[] | null = null;
  for (let round = 0; round < MAX_STANDARD_ROUNDS; round++) {
    const more = new Map<string, AssumedRules>();
    outcomes = traceOnce(withStandardRules(ruleset, [...assumed.values()]), packet, env, options, [], more);
    let grew = false;
    for (const [k, a] of more)
      if (!assumed.has(k)) {
        assumed.set(k, a);
        grew = true;
      }
    if (!grew || outcomes === null) break;
  }
  if (outcomes === null) return null;
  const said: Assumption[] = [...assumed.values()].map((a) => ({
    code: 'trace/standard-rule-assumed',
    message: `Assumed kube-proxy's ${a.table} ${a.chain} rule${a.rules.length > 1 ? 's' : ''}, not in the text: ${a.rules.join('; ')}`,
    line: null,
  }));
  const withSaid = outcomes.map((o) => ({ ...o, assumptions: [...said, ...o.assumptions] }));
  return {
    assumed: [...assumed.values()],
    outcomes: withSaid,
    assumptions: dedupeAssumptions(withSaid.flatMap((o) => o.assumptions)),
  };
}

/**
 * What the Linux kernel does with the first packet of a connection: walks netfilter's hooks and tables
 * in the kernel's order (hooks.ts) over `ruleset`, forking at every `statistic --mode random` match.
 * Returns EVERY outcome with its probability (they sum to 1 within float error), the rules each one
 * matched (`path`), what had to be assumed, and diagnostics (loops, outcome cap, unusable packet).
 * When the walk meets a kube-proxy chain an excerpt cut (cutChains.ts), `standard` holds the same
 * trace with kube-proxy's standard rules assumed, beside the text's own answer.
 * Pure: no I/O, no clock, no randomness. Never throws. (`options.index: false` is for tests: it walks
 * every rule linearly, to check that the index changes nothing.)
 */
export function trace(
  ruleset: Ruleset,
  packet: Packet,
  env: TraceEnv,
  options: { readonly index?: boolean } = {},
): TraceResult {
  const diagnostics: Diagnostic[] = [];
  try {
    const cuts = new Map<string, AssumedRules>();
    const outcomes = traceOnce(ruleset, packet, env, options, diagnostics, cuts);
    if (outcomes === null)
      return failed('trace/invalid-packet', 'The packet could not be traced.', diagnostics);
    const assumptions = dedupeAssumptions(outcomes.flatMap((o) => o.assumptions));
    const standard = cuts.size > 0 ? traceWithStandardRules(ruleset, packet, env, options, cuts) : null;
    return standard === null
      ? { outcomes, assumptions, diagnostics }
      : { outcomes, assumptions, diagnostics, standard };
  } catch (e) {
    diagnostics.push(
      diagnostic('iptables', 'error', 'trace/internal-error', `The tracer failed: ${String(e)}`, span(0, 0)),
    );
    return failed(
      'trace/internal-error',
      'The tracer failed on this input (a bug): nothing is known.',
      diagnostics,
    );
  }
}
