import type { Diagnostic } from '../text';
import type { IptablesDocument } from './ast';
import { printRule } from './print';

/**
 * A compact, reviewable JSON summary of a parse (golden files, CLI `--summary`): tables, chains,
 * each rule printed canonically, commands, and diagnostics as `line:severity:code`.
 */
export function summarizeDocument(
  doc: IptablesDocument,
  diagnostics: readonly Diagnostic[],
  text: string,
): unknown {
  const lineOf = (offset: number) => {
    let n = 1;
    for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) n++;
    return n;
  };
  return {
    flavour: doc.flavour,
    family: doc.family,
    tables: doc.tables.map((t) => ({
      name: t.name,
      declared: t.declared,
      committed: t.committed,
      chains: t.chains.map((c) => `${c.name} ${c.policy ?? '-'}`),
      rules: t.rules.map((r) => printRule(r)),
      commands: t.commands.map((c) => c.raw),
    })),
    diagnostics: diagnostics.map((d) => `${lineOf(d.span.start)}:${d.severity}:${d.code}`),
  };
}
