import { analyzeTexts } from '../../../src/core/analyze';
import type { Ruleset } from '../../../src/core/ruleset';
import type { Topology } from '../harness/topology';
import type { KernelRun } from './scenarioRun';
import type { Tally } from './summary';
import { checkAgainstTracer } from './tracerCheck';

/** The project's tracer for an nftables text: its ruleset, or why it cannot trace it (yet). */
export type NftTracer = { readonly ruleset: Ruleset } | { readonly reason: string };

/**
 * Runs the project's own pipeline (`analyzeTexts`, the one the CLI and the app use) on the very text
 * the kernel got. It is nftables-capable when it returns a ruleset with rules: then the kernel is
 * compared with `trace()` exactly as for iptables (tracerCheck.ts: path by table, chain and line —
 * a step's table is "<family> <table>", its line the rule's line in the text —, verdict, DNAT,
 * masquerade, DNAT set, χ² against the tracer's probabilities). Otherwise the reason is returned,
 * and the summary says the comparison did not happen.
 */
export function nftTracerFor(text: string): NftTracer {
  const analysis = analyzeTexts({ iptables: text, until: 'ruleset' });
  if (analysis.ruleset.ruleCount > 0) return { ruleset: analysis.ruleset };
  const first = analysis.diagnostics.iptables[0];
  return { reason: first ? `${first.code}: ${first.message}` : 'no rules read' };
}

/** Compares one scenario with the tracer when it reads nftables; otherwise notes (once) that it does not. */
export function checkNftAgainstTracer(
  run: KernelRun,
  topology: Topology,
  tracer: NftTracer,
  tally: Tally,
): void {
  if ('ruleset' in tracer) {
    checkAgainstTracer(run, topology, tracer.ruleset, tally);
    return;
  }
  const note = `tracer not yet nftables-capable (${tracer.reason}): kernel vs tracer not compared`;
  if (!tally.notes.includes(note)) tally.notes.push(note);
}
