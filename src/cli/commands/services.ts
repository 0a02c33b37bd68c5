import { analyzeTexts } from '../../core/analyze';
import type { KubectlData } from '../../core/kubectl';
import { parseKubectl } from '../../core/kubectl';
import type { KubeProxyModel } from '../../core/kubeproxy';
import { describeServices } from '../../core/kubeproxy';
import type { Diagnostic } from '../../core/text';
import type { Command } from '../args';
import { parseCommandArgs, positional } from '../args';
import { readInput } from '../io';
import { cliDiagnostics } from '../json';
import { OUTPUT_HELP, OUTPUT_OPTIONS, outputMode, printOutput } from '../output';
import { formatServices } from '../text/servicesText';

const HELP = `Usage: cli services <kubectl file | -> [--iptables <iptables-save file>] [--json | --text]

Reads \`kubectl get svc,ep\` output (table, -o json or -o yaml) and prints JSON:
  { "services": [ …describeServices… ], "diagnostics": [ … ] }
With --iptables, each Service port also lists kube-proxy's chains for it from the dump.
At a terminal: a table, one row per Service port.
${OUTPUT_HELP}
Exit: 0 without error diagnostics, 1 with errors, 2 for usage errors.
`;

/** `cli services <kubectl> [--iptables dump]`: describeServices over kubectl (and the dump's model). */
export const servicesCommand: Command = {
  name: 'services',
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      iptables: { type: 'string' },
      ...OUTPUT_OPTIONS,
    });
    if (values.help) {
      io.stdout(HELP);
      return 0;
    }
    const mode = outputMode(values, io);
    const kubectlPath = positional(positionals, 0, 'kubectl file');
    const kubectlText = await readInput(io, kubectlPath);
    const iptablesPath = values.iptables as string | undefined;
    const iptablesText = iptablesPath === undefined ? undefined : await readInput(io, iptablesPath);
    let kubectl: KubectlData;
    let model: KubeProxyModel | undefined;
    const diagnostics: Diagnostic[] = [];
    if (iptablesText === undefined) {
      const parsed = parseKubectl(kubectlText);
      kubectl = parsed.result;
      diagnostics.push(...parsed.diagnostics);
    } else {
      const analysis = analyzeTexts({ iptables: iptablesText, kubectl: kubectlText, until: 'model' });
      // A kubectl text that is only whitespace has no Services: the same answer parseKubectl gives.
      kubectl = analysis.kubectl ?? parseKubectl(kubectlText).result;
      model = analysis.model ?? undefined;
      diagnostics.push(...analysis.diagnostics.kubectl, ...analysis.diagnostics.iptables);
    }
    const { services } = describeServices(kubectl, model);
    const json = {
      services,
      diagnostics: cliDiagnostics(diagnostics, { kubectl: kubectlText, iptables: iptablesText ?? '' }),
    };
    const files = { kubectl: kubectlPath, iptables: iptablesPath };
    return printOutput(io, mode, json, diagnostics, () =>
      formatServices(services, json.diagnostics, files, iptablesText !== undefined),
    );
  },
};
