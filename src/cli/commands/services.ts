import type { Diagnostic } from '../../core/text/diagnostic';
import type { Command } from '../args';
import { parseCommandArgs, positional } from '../args';
import { analyzeKubeProxy, describeServices, lowerToRuleset, parseIptablesSave, parseKubectl } from '../core';
import { readInput } from '../io';
import { cliDiagnostics, printResult } from '../json';

const HELP = `Usage: cli services <kubectl file | -> [--iptables <iptables-save file>]

Reads \`kubectl get svc,ep\` output (table, -o json or -o yaml) and prints JSON:
  { "services": [ …describeServices… ], "diagnostics": [ … ] }
With --iptables, each Service port also lists kube-proxy's chains for it from the dump.
Exit: 0 without error diagnostics, 1 with errors, 2 for usage errors.
`;

/** `cli services <kubectl> [--iptables dump]`: describeServices over kubectl (and the dump's model). */
export const servicesCommand: Command = {
  name: 'services',
  summary: 'describe the Services of kubectl output (with --iptables: their chains)',
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { iptables: { type: 'string' } });
    if (values.help) {
      io.stdout(HELP);
      return 0;
    }
    const kubectlText = await readInput(io, positional(positionals, 0, 'kubectl file'));
    const iptablesPath = values.iptables as string | undefined;
    const iptablesText = iptablesPath === undefined ? undefined : await readInput(io, iptablesPath);
    const kubectl = parseKubectl(kubectlText);
    const diagnostics: Diagnostic[] = [...kubectl.diagnostics];
    let model: ReturnType<typeof analyzeKubeProxy>['result'] | undefined;
    if (iptablesText !== undefined) {
      const parsed = parseIptablesSave(iptablesText);
      const lowered = lowerToRuleset(parsed.result);
      const analyzed = analyzeKubeProxy(lowered.result, kubectl.result);
      diagnostics.push(...parsed.diagnostics, ...lowered.diagnostics, ...analyzed.diagnostics);
      model = analyzed.result;
    }
    const { services } = describeServices(kubectl.result, model);
    const json = {
      services,
      diagnostics: cliDiagnostics(diagnostics, { kubectl: kubectlText, iptables: iptablesText ?? '' }),
    };
    return printResult(io.stdout, json, diagnostics);
  },
};
