import type { IptablesDocument, RuleNode, TableNode } from '../iptables/ast';
import { severityOf } from '../iptables/codes';
import { MatchLowerer } from '../iptables/lowerMatch';
import { lowerTarget } from '../iptables/lowerTarget';
import { ruleBody } from '../iptables/savedRule';
import type { Diagnostic } from '../text/diagnostic';
import {
  BUILTIN_CHAINS,
  type Chain,
  chainId,
  type Match,
  type Rule,
  type Ruleset,
  ruleId,
  type Table,
  type Target,
} from './ruleset';

interface ChainDraft {
  name: string;
  builtin: boolean;
  policy: 'ACCEPT' | 'DROP' | null;
  origin: Chain['origin'];
  span: { start: number; end: number };
  line: number;
  nodes: RuleNode[];
}

/**
 * Gives a parsed document its meaning: typed matches and targets, chains with their rules, jump
 * targets resolved. Built-in chains always exist (policy ACCEPT unless the dump says DROP); a rule
 * for an undeclared chain creates it (origin 'implied'); a jump to a missing chain creates an empty
 * one (origin 'referenced') and, unless the parser already said so, a 'model/undeclared-jump-target'
 * warning. `-I` rules go to the head of their chain, as iptables-restore inserts them.
 *
 * @returns `result`: the Ruleset (plain, structured-clone safe data; equal matches are shared
 *   objects); `diagnostics`: lowering's own findings (source 'iptables').
 */
export function lowerToRuleset(doc: IptablesDocument): { result: Ruleset; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const matches = new MatchLowerer();
  const tables: Partial<Record<TableNode['name'], Table>> = {};
  let ruleCount = 0;
  for (const t of doc.tables) {
    const drafts = new Map<string, ChainDraft>();
    const builtins = BUILTIN_CHAINS[t.name];
    const declaredBuiltins = new Set<string>();
    for (const c of t.chains) if (builtins.includes(c.name)) declaredBuiltins.add(c.name);
    for (const name of builtins) {
      if (!declaredBuiltins.has(name))
        drafts.set(name, draft(name, true, 'ACCEPT', 'implied', t.span.start, t.line));
    }
    for (const c of t.chains) {
      if (drafts.get(c.name)?.origin === 'declared') continue;
      const builtin = declaredBuiltins.has(c.name);
      const policy = builtin ? (c.policy === 'DROP' ? 'DROP' : 'ACCEPT') : null;
      const d = draft(c.name, builtin, policy, 'declared', c.span.start, c.line);
      d.span = c.span;
      drafts.set(c.name, d);
    }
    for (const r of t.rules) {
      let d = drafts.get(r.chain);
      if (d === undefined) {
        d = draft(r.chain, false, null, 'implied', r.chainSpan.start, r.line);
        drafts.set(r.chain, d);
      }
      if (r.op === 'I') d.nodes.unshift(r);
      else d.nodes.push(r);
    }
    const lowered = new Map<string, Chain>();
    const isChain = (name: string) => drafts.has(name);
    for (const d of [...drafts.values()]) {
      const rules: Rule[] = [];
      for (let i = 0; i < d.nodes.length; i++) {
        const node = d.nodes[i] as RuleNode;
        const rule = lowerRule(node, t.name, i, doc.family, matches, isChain, diagnostics);
        rules.push(rule);
        const target = rule.target;
        if (target.kind === 'jump' && !drafts.has(target.chain)) {
          const span = ruleBody(node).target?.nameSpan ?? node.span;
          drafts.set(target.chain, draft(target.chain, false, null, 'referenced', span.start, node.line));
          lowered.set(target.chain, toChain(t.name, drafts.get(target.chain) as ChainDraft, []));
          if (!doc.checkedJumps) {
            const message = `${d.name} jumps to ${target.chain}, which does not exist: treated as an empty chain.`;
            diagnostics.push(diag('model/undeclared-jump-target', message, span.start, span.end));
          }
        }
      }
      ruleCount += rules.length;
      lowered.set(d.name, toChain(t.name, d, rules));
    }
    tables[t.name] = { name: t.name, chains: Object.fromEntries(lowered), order: [...drafts.keys()] };
  }
  return { result: { family: doc.family, tables, ruleCount }, diagnostics };
}

function draft(
  name: string,
  builtin: boolean,
  policy: ChainDraft['policy'],
  origin: Chain['origin'],
  at: number,
  line: number,
): ChainDraft {
  return { name, builtin, policy, origin, span: { start: at, end: at }, line, nodes: [] };
}

function toChain(table: TableNode['name'], d: ChainDraft, rules: Rule[]): Chain {
  return {
    id: chainId(table, d.name),
    table,
    name: d.name,
    builtin: d.builtin,
    policy: d.policy,
    origin: d.origin,
    rules,
    span: d.span,
    line: d.line,
  };
}

function lowerRule(
  node: RuleNode,
  table: TableNode['name'],
  index: number,
  family: IptablesDocument['family'],
  lowerer: MatchLowerer,
  isChain: (name: string) => boolean,
  diagnostics: Diagnostic[],
): Rule {
  const body = ruleBody(node);
  const matches: Match[] = [];
  for (const m of body.matches) lowerer.lower(m, matches);
  let comment: string | null = null;
  for (const m of matches) {
    if (m.kind === 'comment') {
      comment = m.text;
      break;
    }
  }
  let target: Target | null = lowerTarget(body.target, family, isChain);
  if (target === null) {
    const t = body.target;
    const span = t?.span ?? node.span;
    diagnostics.push(
      diag(
        'model/unreadable-value',
        `The options of ${t?.name} could not be read; kept verbatim.`,
        span.start,
        span.end,
      ),
    );
    target = {
      kind: 'other',
      name: t?.name ?? '',
      terminal: true,
      options: t?.options.map((o) => ({ name: o.name, negated: o.negated, values: o.values })) ?? [],
    };
  }
  return {
    id: ruleId(table, node.chain, index),
    table,
    chain: node.chain,
    index,
    line: node.line,
    span: node.span,
    raw: node.raw,
    matches,
    target,
    comment,
  };
}

function diag(
  code: 'model/undeclared-jump-target' | 'model/unreadable-value',
  message: string,
  start: number,
  end: number,
): Diagnostic {
  return { source: 'iptables', severity: severityOf(code), code, message, span: { start, end } };
}
