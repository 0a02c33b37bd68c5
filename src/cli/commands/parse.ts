import { parseIptablesSave } from '../../core/iptables';
import { detectRulesetFormat, parseNftables } from '../../core/nftables';
import type { Diagnostic } from '../../core/text';
import type { Command } from '../args';
import { parseCommandArgs, positional } from '../args';
import { readInput } from '../io';
import { cliDiagnostics } from '../json';
import { OUTPUT_HELP, OUTPUT_OPTIONS, outputMode, printOutput } from '../output';
import { formatParse } from '../text/parseText';

const HELP = `Usage: cli parse <iptables-save or nft file | -> [--json | --text]

Parses an iptables-save (or iptables-restore input) text, or an nftables ruleset (\`nft list
ruleset\`, \`nft -j list ruleset\`, an \`nft -f\` transaction; detected), and prints JSON:
  { "tables": [{ "name", "chains": [{ "name", "policy", "rules" }] }], "rules": N,
    "diagnostics": [{ "severity", "code", "source", "line", "column", "message" }] }
"policy" is null for user-defined chains; "rules" per chain is its rule count.
At a terminal: a table of tables, chains and rule counts, and the diagnostics at file:line:col.
${OUTPUT_HELP}
Exit: 0 without error diagnostics, 1 with errors (JSON still printed), 2 for usage errors.
`;

/** `cli parse <file>`: the document's tables and chains with rule counts, and the diagnostics. */
export const parseCommand: Command = {
  name: 'parse',
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, OUTPUT_OPTIONS);
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
    const json = { tables, rules: total, diagnostics: cliDiagnostics(diagnostics, { iptables: text }) };
    return printOutput(io, mode, json, diagnostics, () => formatParse(json, { iptables: file }));
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
