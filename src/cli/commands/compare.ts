import { analyzeTexts } from '../../core/analyze';
import { compareDumps } from '../../core/compare';
import type { Diagnostic } from '../../core/text';
import type { Command } from '../args';
import { parseCommandArgs, positional } from '../args';
import { readInput } from '../io';
import { cliDiagnostics } from '../json';
import { OUTPUT_HELP, OUTPUT_OPTIONS, outputMode, printOutput } from '../output';
import { type CompareDiagnostic, formatComparison } from '../text/compareText';

const HELP = `Usage: cli compare <dump A | -> <dump B> [--kubectl-a <file>] [--kubectl-b <file>] [--json | --text]

Compares two dumps of one cluster (iptables and nftables mode, before and after an upgrade) and
prints JSON:
  { "equivalent": bool,
    "services": [{ "service": "ns/name:port", "equivalent": bool, "differences": [ … ], "probes": n }],
    "sources": { "nodeIp", "pod", "external" },
    "diagnostics": [{ "dump": "A" | "B", …diagnostic… }] }
A Service port is equivalent when the first packet of a connection to each of its addresses
(ClusterIP, external IPs, LoadBalancer IPs, the NodePort on the node IP), from a pod, the node and
outside, ends with the same DNAT targets at the same probabilities, verdicts and masquerade in
both dumps. A difference is { "kind": "outcomes", "target", "origin", "a", "b", "message" } or
{ "kind": "only-in", "side": "a" | "b", "message" } for a Service port with rules in one dump only.
Both dumps are probed from the same addresses ("sources", read from the dumps where they say).
--kubectl-a / --kubectl-b: kubectl output for each dump (names Services whose rules carry no comment).
At a terminal: each Service port, equivalent or different, with the differing outcomes in words.
${OUTPUT_HELP}
Exit: 0 without error diagnostics (whether or not the dumps are equivalent), 1 with errors, 2 for
usage errors.
`;

/** `cli compare A B`: core/compare over both dumps' analyses. */
export const compareCommand: Command = {
  name: 'compare',
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      'kubectl-a': { type: 'string' },
      'kubectl-b': { type: 'string' },
      ...OUTPUT_OPTIONS,
    });
    if (values.help) {
      io.stdout(HELP);
      return 0;
    }
    const mode = outputMode(values, io);
    const paths = { a: positional(positionals, 0, 'dump A'), b: positional(positionals, 1, 'dump B') };
    const v = values as Record<string, string | undefined>;
    const read = async (side: 'a' | 'b') => {
      const text = await readInput(io, paths[side]);
      const kubectlPath = v[`kubectl-${side}`];
      const kubectl = kubectlPath === undefined ? '' : await readInput(io, kubectlPath);
      return { text, kubectl, kubectlPath, analysis: analyzeTexts({ iptables: text, kubectl }) };
    };
    const a = await read('a');
    const b = await read('b');
    const comparison = compareDumps(a.analysis, b.analysis);
    const all: Diagnostic[] = [];
    const diagnostics: CompareDiagnostic[] = [];
    for (const [dump, side] of [
      ['A', a],
      ['B', b],
    ] as const) {
      const list = [...side.analysis.diagnostics.iptables, ...side.analysis.diagnostics.kubectl];
      all.push(...list);
      for (const d of cliDiagnostics(list, { iptables: side.text, kubectl: side.kubectl }))
        diagnostics.push({ dump, ...d });
    }
    const json = { ...comparison, diagnostics };
    const files = {
      A: { iptables: paths.a, kubectl: a.kubectlPath },
      B: { iptables: paths.b, kubectl: b.kubectlPath },
    };
    return printOutput(io, mode, json, all, () => formatComparison(comparison, diagnostics, files));
  },
};
