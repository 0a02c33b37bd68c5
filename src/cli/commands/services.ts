import { analyzeTexts } from '../../core/analyze';
import { canonicalAddress, formatEndpoint, type IpvsTable, modelService } from '../../core/ipvs';
import type { KubectlData } from '../../core/kubectl';
import { parseKubectl } from '../../core/kubectl';
import type { KubeProxyModel } from '../../core/kubeproxy';
import { type DescribedService, describeServices } from '../../core/kubeproxy';
import type { Diagnostic } from '../../core/text';
import type { Command } from '../args';
import { parseCommandArgs, positional } from '../args';
import { readInput } from '../io';
import { cliDiagnostics } from '../json';
import { NODE_HELP, NODE_OPTIONS, readNodeTexts } from '../nodeTexts';
import { OUTPUT_HELP, OUTPUT_OPTIONS, outputMode, printOutput } from '../output';
import { formatServices } from '../text/servicesText';

const HELP = `Usage: cli services <kubectl file | -> [--iptables <iptables-save file>]
                    [--ipvs file] [--ipset file] [--json | --text]

Reads \`kubectl get svc,ep\` output (table, -o json or -o yaml) and prints JSON:
  { "services": [ …describeServices… ], "diagnostics": [ … ] }
With --iptables, each Service port also lists kube-proxy's chains for it from the dump.
${NODE_HELP}
With --ipvs, "ipvs" lists each IPVS virtual service with the kubectl Service whose address and
port it serves, how its scheduler chooses, and each real server's share of new connections.
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
      ...NODE_OPTIONS,
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
    const node = await readNodeTexts(io, values);
    const nodeRead = analyzeTexts({ iptables: '', until: 'ruleset', ...node });
    const nodeDiagnostics = [...nodeRead.diagnostics.ipvs, ...nodeRead.diagnostics.ipset];
    const json: {
      services: typeof services;
      diagnostics: ReturnType<typeof cliDiagnostics>;
      ipvs?: unknown;
    } = {
      services,
      diagnostics: cliDiagnostics([...diagnostics, ...nodeDiagnostics], {
        kubectl: kubectlText,
        iptables: iptablesText ?? '',
        ...node,
      }),
    };
    if (nodeRead.ipvs !== null) json.ipvs = ipvsServices(nodeRead.ipvs, services);
    const files = { kubectl: kubectlPath, iptables: iptablesPath };
    return printOutput(io, mode, json, diagnostics, () =>
      formatServices(services, json.diagnostics, files, iptablesText !== undefined),
    );
  },
};

/** Each IPVS virtual service, the kubectl Service it serves (by address and port), its shares. */
function ipvsServices(table: IpvsTable, services: readonly DescribedService[]) {
  return table.services.map((vs) => {
    const model = modelService(vs);
    const address = vs.endpoint?.address ?? null;
    const owner = services.find((svc) =>
      [...svc.clusterIPs, ...svc.externalIPs, ...svc.loadBalancerIPs].some(
        (ip) =>
          address !== null &&
          canonicalAddress(ip) === address &&
          svc.ports.some((p) => p.port === vs.endpoint?.port && p.protocol.toUpperCase() === vs.protocol),
      ),
    );
    const shares = model.choice.kind === 'shares' ? model.choice.shares : [];
    return {
      virtualService: vs.key,
      service: owner === undefined ? null : `${owner.namespace ? `${owner.namespace}/` : ''}${owner.name}`,
      scheduling: model.scheduling,
      persistence: model.persistence,
      realServers: vs.realServers.map((rs) => ({
        server: formatEndpoint(rs),
        forward: rs.forward,
        weight: rs.weight,
        share: shares.find((x) => x.server === rs)?.share ?? null,
      })),
    };
  });
}
