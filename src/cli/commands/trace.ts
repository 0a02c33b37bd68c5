import { traceTexts } from '../../core/analyze';
import { ipvsModeEvidence } from '../../core/kubeproxy';
import type { Diagnostic } from '../../core/text';
import type { L4Protocol, Origin, Packet, TraceEnv } from '../../core/trace';
import { simulate } from '../../core/trace';
import type { Command } from '../args';
import { intOption, parseCommandArgs, positional } from '../args';
import { readInput, UsageError } from '../io';
import { cliDiagnostics } from '../json';
import { NODE_HELP, NODE_OPTIONS, readNodeTexts } from '../nodeTexts';
import { OUTPUT_HELP, OUTPUT_OPTIONS, outputMode, printOutput } from '../output';
import { outcomesJson, readTracePods } from './tracePods';
import { type ReadCoverage, traceText } from './traceText';

const HELP = `Usage: cli trace <iptables-save or nft file | -> --from pod|host|external --src IP --dst IP --dport N
                 [--sport N] [--proto tcp|udp|sctp|icmp] [--node-ip IP]... [--in-if NAME] [--out-if NAME]
                 [--ipvs ipvsadm-Ln-file] [--ipset ipset-list-file]
                 [--connections K --seed S] [--kubectl FILE [--this-node NAME]] [--json | --text]

Traces the first packet of a connection through the dump (iptables-save, or an nftables ruleset in
any of nft's forms: a path step's "table" is then "<family> <table>", e.g. "ip kube-proxy") and
prints JSON:
  { "outcomes": [ … ], "assumptions": [ … ], "diagnostics": [ … ] }
When the text looks like a grep'ed excerpt that lost kube-proxy's uncommented rules, the outcomes
are the text as pasted and "standard": { "assumed": [{ "table", "chain", "rules", "why" }],
"outcomes", "assumptions" } answers again with those rules assumed.
With --connections, also samples K connections with the seeded PRNG and adds
  "connections": [{ "dnat", "masquerade", "verdict", "path" }], "endpointCounts": { "ip:port" | "<none>": n }.
--node-ip (repeatable) lists the node's own addresses (addrtype LOCAL).
--proto icmp sends an echo request: it has no ports (--dport and --sport are not taken).
--kubectl reads \`kubectl get pod -o wide\` / \`get svc,ep\` output (table, json or yaml): each DNAT
outcome gains "endpoint": { "ip", "port", "pod", "node" } (pod and node where kubectl names them),
and the words name them; --this-node (else the node a pasted pod puts on a --node-ip) lets the words
of Local traffic policies say which endpoints run on this node.
${NODE_HELP}
On a kube-proxy IPVS node "ipvsMode" says so, and each outcome's "ipvs" what IPVS did
(virtual service, real server, share); without --ipvs the outcomes say that it is needed.
At a terminal: each outcome with its probability, verdict and DNAT, and its path in words.
${OUTPUT_HELP}
Only the rules this packet meets are read ("read": { "rules", "of", "whole" }); "diagnostics" are
those of the lines read, so a problem in a chain the packet never enters is not listed: \`parse\`
checks the whole file.
Exit: 0 without error diagnostics (on the lines read), 1 with errors, 2 for usage errors.
`;

const ORIGINS: readonly Origin[] = ['pod', 'host', 'external'];
const PROTOCOLS: readonly L4Protocol[] = ['tcp', 'udp', 'sctp', 'icmp'];

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], name: string): T {
  if (value === undefined) throw new UsageError(`missing --${name}`);
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  }
  return value as T;
}

function required(value: string | undefined, name: string): string {
  if (value === undefined || value === '') throw new UsageError(`missing --${name}`);
  return value;
}

/** `cli trace …`: every outcome of a packet, and optionally a seeded simulation of K connections. */
export const traceCommand: Command = {
  name: 'trace',
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      from: { type: 'string' },
      src: { type: 'string' },
      dst: { type: 'string' },
      dport: { type: 'string' },
      sport: { type: 'string' },
      proto: { type: 'string' },
      'node-ip': { type: 'string', multiple: true },
      'in-if': { type: 'string' },
      'out-if': { type: 'string' },
      connections: { type: 'string' },
      seed: { type: 'string' },
      kubectl: { type: 'string' },
      'this-node': { type: 'string' },
      ...NODE_OPTIONS,
      ...OUTPUT_OPTIONS,
    });
    if (values.help) {
      io.stdout(HELP);
      return 0;
    }
    const mode = outputMode(values, io);
    const file = positional(positionals, 0, 'iptables-save file');
    const v = values as Record<string, string | string[] | boolean | undefined>;
    const proto = oneOf((v.proto as string | undefined) ?? 'tcp', PROTOCOLS, 'proto');
    const ported = proto !== 'icmp';
    if (!ported && (v.dport !== undefined || v.sport !== undefined))
      throw new UsageError('--proto icmp has no ports: leave out --dport and --sport');
    const packet: Packet = {
      origin: oneOf(v.from as string | undefined, ORIGINS, 'from'),
      src: required(v.src as string | undefined, 'src'),
      dst: required(v.dst as string | undefined, 'dst'),
      proto,
      dport: ported
        ? (intOption(required(v.dport as string | undefined, 'dport'), 'dport', 0, 65535) ?? null)
        : null,
      sport: ported ? (intOption(v.sport as string | undefined, 'sport', 0, 65535) ?? null) : null,
      inIface: (v['in-if'] as string | undefined) ?? null,
      outIface: (v['out-if'] as string | undefined) ?? null,
    };
    const connections = intOption(v.connections as string | undefined, 'connections', 1, 1_000_000);
    const seed = intOption(v.seed as string | undefined, 'seed', 0, 2 ** 32 - 1);
    if (seed !== undefined && connections === undefined) throw new UsageError('--seed needs --connections');
    const env: TraceEnv = { localAddresses: (v['node-ip'] as string[] | undefined) ?? [] };

    const text = await readInput(io, file);
    const pods = await readTracePods(
      io,
      v.kubectl as string | undefined,
      v['this-node'] as string | undefined,
      env.localAddresses,
    );
    const node = await readNodeTexts(io, v);
    // Reads only what the trace needs (core/lazy); the outcomes are the full pipeline's.
    const texts = traceTexts({ iptables: text, packet, env, ...node });
    const { ruleset, trace: traced } = texts;
    const diagnostics: Diagnostic[] = [
      ...texts.diagnostics.iptables,
      ...traced.diagnostics,
      ...(pods?.diagnostics ?? []),
    ];
    const nodeDiagnostics = [...(texts.diagnostics.ipvs ?? []), ...(texts.diagnostics.ipset ?? [])];
    const ipvsMode = ipvsModeEvidence(ruleset);
    const json: Record<string, unknown> = { outcomes: outcomesJson(traced.outcomes, pods) };
    const sim =
      connections === undefined ? null : simulate(ruleset, packet, env, { connections, seed: seed ?? 1 });
    if (sim !== null) {
      json.connections = sim.connections.map((c) => ({
        dnat: c.dnat,
        masquerade: c.masquerade,
        verdict: c.verdict,
        path: c.path,
      }));
      json.endpointCounts = sim.endpointCounts;
    }
    json.assumptions = traced.assumptions;
    // Issue 12: the same packet with kube-proxy's cut (grep'ed) rules assumed, labelled as such.
    if (traced.standard !== undefined) json.standard = traced.standard;
    const printed = cliDiagnostics([...diagnostics, ...nodeDiagnostics], {
      iptables: text,
      kubectl: pods?.text ?? '',
      ...(node.ipvs === undefined ? {} : { ipvs: node.ipvs }),
      ...(node.ipset === undefined ? {} : { ipset: node.ipset }),
    });
    json.diagnostics = printed;
    // Said in the output, not only in --help: the diagnostics cover what was read.
    json.read = { rules: texts.read.rules, of: texts.read.of, whole: !texts.lazy };
    if (ipvsMode !== null) json.ipvsMode = ipvsMode;
    return printOutput(io, mode, json, diagnostics, () =>
      traceText(
        {
          ruleset,
          packet,
          traced,
          endpointCounts: sim?.endpointCounts,
          diagnostics: printed,
          read: json.read as ReadCoverage,
          pods,
          ipvsMode,
        },
        { iptables: file, kubectl: v.kubectl as string | undefined, ...node.files },
      ),
    );
  },
};
