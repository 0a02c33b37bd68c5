import type { CommentLine, IptablesDocument, MatchNode, OptionNode, RuleNode, TableNode } from './ast';
import { BUILTIN_CANONICAL, BUILTIN_OPTIONS, MATCH_MODULES } from './modules';
import { formatValue } from './quote';
import { ruleBody } from './savedRule';

/**
 * Built-in selectors in the order iptables-save prints them (iptables.c print_rule4 /
 * nft-ipv4.c): source, destination, in/out interface, protocol, fragment.
 */
const BUILTIN_ORDER = ['-s', '-d', '-i', '-o', '-p', '-f'];

/**
 * Prints a document as canonical iptables-save text: `*table`, chain declarations (declared ones,
 * then chains only implied by rules), rules with built-in selectors first in iptables-save order,
 * then `-m module` groups (implicit protocol matches get their `-m`), then the target; values
 * quoted as iptables-save quotes them; `COMMIT`. `#` comments stay between the tables they were
 * between. Values are printed as written (normalisation is lowering's job), so
 * `print(parse(print(x))) === print(x)`.
 */
export function printIptablesSave(doc: IptablesDocument): string {
  const out: string[] = [];
  const comments = [...doc.comments].sort((a, b) => a.line - b.line);
  let c = 0;
  for (const table of doc.tables) {
    while (c < comments.length && (comments[c] as CommentLine).line < table.line)
      out.push((comments[c++] as CommentLine).text);
    printTable(table, out);
  }
  while (c < comments.length) out.push((comments[c++] as CommentLine).text);
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}

function printTable(table: TableNode, out: string[]): void {
  out.push(`*${table.name}`);
  const declared = new Set<string>();
  for (const chain of table.chains) {
    declared.add(chain.name);
    const counters = chain.counters === null ? '' : ` [${chain.counters.packets}:${chain.counters.bytes}]`;
    out.push(`:${formatValue('', chain.name)} ${chain.policy ?? '-'}${counters}`);
  }
  for (const rule of table.rules) {
    if (declared.has(rule.chain)) continue;
    declared.add(rule.chain);
    out.push(`:${formatValue('', rule.chain)} -`);
  }
  for (const rule of table.rules) out.push(printRule(rule));
  for (const command of table.commands) out.push(command.raw);
  out.push('COMMIT');
}

/** One rule line in iptables-save form (without a line ending). */
export function printRule(rule: RuleNode): string {
  let line = rule.counters === null ? '' : `[${rule.counters.packets}:${rule.counters.bytes}] `;
  line += `-${rule.op} ${formatValue('', rule.chain)}`;
  const { matches, target: t } = ruleBody(rule);
  const builtin: OptionNode[] = [];
  for (const m of matches) if (m.module === '') for (const o of m.options) builtin.push(o);
  // An option that lost its value(s) at the end of the line must stay last, or on re-reading it
  // would take the next word as its value.
  let tail = '';
  for (const name of BUILTIN_ORDER) {
    for (const o of builtin) {
      if ((BUILTIN_CANONICAL[o.name] ?? o.name) !== name) continue;
      if (incomplete(BUILTIN_OPTIONS, o)) tail = printOption(o, name);
      else line += printOption(o, name);
    }
  }
  for (const o of builtin) {
    if (BUILTIN_ORDER.includes(BUILTIN_CANONICAL[o.name] ?? o.name)) continue;
    if (incomplete(BUILTIN_OPTIONS, o)) tail = printOption(o, o.name);
    else line += printOption(o, o.name);
  }
  for (const m of matches) {
    if (m.module === '') continue;
    const last = m.options[m.options.length - 1];
    if (last !== undefined && incomplete(MATCH_MODULES.get(m.module), last)) {
      if (m.options.length > 1) line += printMatch(m, m.options.slice(0, -1));
      tail = printMatch(m, [last]);
    } else line += printMatch(m, m.options);
  }
  if (t !== null) {
    line += ` ${t.kind === 'goto' ? '-g' : '-j'} ${formatValue('', t.name)}`;
    for (const o of t.options) line += printOption(o, o.name);
  }
  return line + tail;
}

function incomplete(arities: ReadonlyMap<string, number> | undefined, o: OptionNode): boolean {
  const arity = arities?.get(o.name);
  return arity !== undefined && o.values.length < arity;
}

function printMatch(m: MatchNode, options: readonly OptionNode[]): string {
  let s = ` -m ${formatValue('', m.module)}`;
  for (const o of options) s += printOption(o, o.name);
  return s;
}

function printOption(o: OptionNode, name: string): string {
  let s = o.negated ? ` ! ${name}` : ` ${name}`;
  for (const v of o.values) s += ` ${formatValue(o.name, v)}`;
  return s;
}
