import { analyzeTexts } from '../../core/analyze';
import { parseIptablesSave } from '../../core/iptables';
import { ipvsModeEvidence } from '../../core/kubeproxy';
import { detectRulesetFormat, parseNftables } from '../../core/nftables';
import type { Diagnostic } from '../../core/text';
import type { Command } from '../args';
import { parseCommandArgs, positional } from '../args';
import { readInput } from '../io';
import { cliDiagnostics } from '../json';
import { NODE_HELP, NODE_OPTIONS, readNodeTexts } from '../nodeTexts';
import { OUTPUT_HELP, OUTPUT_OPTIONS, outputMode, printOutput } from '../output';
import { formatParse } from '../text/parseText';

const HELP = `Usage: cli parse <iptables-save or nft file | -> [--ipvs file] [--ipset file] [--json | --text]

Parses an iptables-save (or iptables-restore input) text, or an nftables ruleset (\`nft list
ruleset\`, \`nft -j list ruleset\`, an \`nft -f\` transaction; detected), and prints JSON:
  { "tables": [{ "name", "chains": [{ "name", "policy", "rules" }] }], "rules": N,
    "diagnostics": [{ "severity", "code", "source", "line", "column", "message" }] }
"policy" is null for user-defined chains; "rules" per chain is its rule count.
At a terminal: a table of tables, chains and rule counts, and the diagnostics at file:line:col.
${NODE_HELP}
With them, "ipvs" counts virtual services and real servers, "ipsets" sets and members, and their
readers' diagnostics join the list; "ipvsMode" says when the rules are kube-proxy's IPVS mode.
${OUTPUT_HELP}
Exit: 0 without error diagnostics, 1 with errors (JSON still printed), 2 for usage errors.
`;

/** `cli parse <file>`: the document's tables and chains with rule counts, and the diagnostics. */
export const parseCommand: Command = {
  name: 'parse',
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, { ...NODE_OPTIONS, ...OUTPUT_OPTIONS });
    if (values.help) {
      io.stdout(HELP);
      return 0;
    }
    const mode = outputMode(values, io);
    const file = positional(positionals, 0, 'iptables-save file');
    const text = await readInput(io, file);
    if (detectRulesetFormat(text).startsWith('nft-')) {
      const nft = parseNftables(text);
      const json = {
        ...nftTables(nft.result),
        diagnostics: cliDiagnostics(nft.diagnostics, { iptables: text }),
      };
      return printOutput(io, mode, json, nft.diagnostics as Diagnostic[], () =>
        formatParse(json, { iptables: file }),
      );
    }
    const { result, diagnostics } = parseIptablesSave(text);
    let total = 0;
    const tables = result.tables.map((table) => {
      const counts = new Map<string, number>();
      for (const rule of table.rules) counts.set(rule.chain, (counts.get(rule.chain) ?? 0) + 1);
      total += table.rules.length;
      const chains = table.chains.map((c) => ({
        name: c.name,
        policy: c.policy,
        rules: counts.get(c.name) ?? 0,
      }));
      // Chains that only appear in rules (grep'ed excerpts) are listed too, after the declared ones.
      const declared = new Set(table.chains.map((c) => c.name));
      for (const [name, rules] of counts) if (!declared.has(name)) chains.push({ name, policy: null, rules });
      return { name: table.name, chains };
    });
    const node = await readNodeTexts(io, values);
    // The rules are read a second time (lowered) only when node texts come with them.
    const given = node.ipvs !== undefined || node.ipset !== undefined;
    const nodeRead = analyzeTexts({ iptables: given ? text : '', until: 'ruleset', ...node });
    const nodeDiagnostics = [...nodeRead.diagnostics.ipvs, ...nodeRead.diagnostics.ipset];
    const json: Record<string, unknown> & { diagnostics: ReturnType<typeof cliDiagnostics> } = {
      tables,
      rules: total,
      diagnostics: cliDiagnostics([...diagnostics, ...nodeDiagnostics], { iptables: text, ...node }),
    };
    const ipvsMode = ipvsModeEvidence(nodeRead.ruleset);
    if (ipvsMode !== null) json.ipvsMode = ipvsMode;
    if (nodeRead.ipvs !== null) {
      const services = nodeRead.ipvs.services;
      json.ipvs = {
        services: services.length,
        realServers: services.reduce((n, s) => n + s.realServers.length, 0),
      };
    }
    if (nodeRead.ipsets !== null) {
      const sets = nodeRead.ipsets;
      json.ipsets = { sets: sets.length, members: sets.reduce((n, s) => n + (s.members?.length ?? 0), 0) };
    }
    const printed = { tables, rules: total, diagnostics: json.diagnostics };
    return printOutput(io, mode, json, diagnostics, () => {
      const head = [
        ipvsMode,
        nodeRead.ipvs === null
          ? null
          : `ipvsadm: ${(json.ipvs as { services: number }).services} virtual service(s).`,
        nodeRead.ipsets === null ? null : `ipset: ${nodeRead.ipsets.length} set(s).`,
      ].filter((x) => x !== null);
      const prefix = head.length === 0 ? '' : `${head.join('\n')}\n`;
      return prefix + formatParse(printed, { iptables: file, ...node.files });
    });
  },
};

/** An nftables document in parse's JSON: tables "<family> <name>", base chains with their policy. */
function nftTables(doc: ReturnType<typeof parseNftables>['result']) {
  let rules = 0;
  const tables = doc.tables.map((t) => ({
    name: `${t.family} ${t.name}`,
    chains: t.chains.map((c) => {
      rules += c.rules.length;
      return {
        name: c.name,
        policy: c.base === null ? null : c.base.policy.toUpperCase(),
        rules: c.rules.length,
      };
    }),
  }));
  return { tables, rules };
}
