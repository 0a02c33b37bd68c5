import type { IptablesDocument, RuleCursor, RuleNode, TableNode } from '../iptables';
import { openRules, severityOf } from '../iptables';
import {
  BUILTIN_CHAINS,
  type Chain,
  type Match,
  type Rule,
  type Ruleset,
  ruleId,
  type Table,
  type Target,
} from '../ruleset';
import type { Diagnostic } from '../text';
import { type ChainBuild, ChainIndex, newChain, ruleOrder, setChain, span } from './chainIndex';
import { MatchLowerer } from './match';
import { PieceLowerer } from './pieces';
import { lowerTarget } from './target';

interface LowerContext {
  readonly doc: IptablesDocument;
  /** The parse's shared storage, read through its cursor (ids only when every node came from one parse). */
  readonly cursor: RuleCursor;
  /** Set by fastRule: the rule's jump target is a chain the table has. */
  jumpKnown: boolean;
  readonly diagnostics: Diagnostic[];
  readonly generic: MatchLowerer;
  /** Lowers the parse's shared pieces (null when the document is not from one parse). */
  readonly pieces: PieceLowerer | null;
  ruleCount: number;
}

/**
 * Gives a parsed document its meaning: typed matches and targets, chains with their rules, jump
 * targets resolved. Built-in chains always exist (policy ACCEPT unless the dump says DROP); a rule
 * for an undeclared chain creates it (origin 'implied'); a jump to a missing chain creates an empty
 * one (origin 'referenced') and, unless the parser already said so, a 'model/undeclared-jump-target'
 * warning. `-I` rules go to the head of their chain, as iptables-restore inserts them.
 *
 * @returns `result`: the Ruleset (plain, structured-clone safe, immutable data: equal matches — and
 *   rules' equal match lists — are shared objects); `diagnostics`: lowering's own findings
 *   (source 'iptables').
 */
export function lowerToRuleset(doc: IptablesDocument): { result: Ruleset; diagnostics: Diagnostic[] } {
  const cursor = openRules(doc);
  const cx: LowerContext = {
    doc,
    cursor,
    jumpKnown: false,
    diagnostics: [],
    generic: new MatchLowerer(),
    pieces: cursor.fromOneParse ? new PieceLowerer(cursor, doc.family) : null,
    ruleCount: 0,
  };
  const tables: Partial<Record<TableNode['name'], Table>> = {};
  for (const t of doc.tables) tables[t.name] = lowerTable(cx, t);
  return { result: { family: doc.family, tables, ruleCount: cx.ruleCount }, diagnostics: cx.diagnostics };
}

function lowerTable(cx: LowerContext, t: TableNode): Table {
  const index = new ChainIndex(cx.cursor, t.chains.length + 8);
  const list = index.list;
  const builtins = BUILTIN_CHAINS[t.name];
  const declaredBuiltins = new Set<string>();
  for (const c of t.chains) if (builtins.includes(c.name)) declaredBuiltins.add(c.name);
  for (const name of builtins) {
    if (!declaredBuiltins.has(name))
      index.add(newChain(t.name, name, true, 'ACCEPT', 'implied', span(t.span.start), t.line));
  }
  for (const c of t.chains) {
    const id = cx.cursor.declId(c);
    const k = index.find(c.name, id);
    if (k >= 0 && (list[k] as ChainBuild).origin === 'declared') continue;
    const builtin = declaredBuiltins.has(c.name);
    const policy = builtin ? (c.policy === 'DROP' ? 'DROP' : 'ACCEPT') : null;
    const declared = newChain(t.name, c.name, builtin, policy, 'declared', c.span, c.line);
    if (k < 0) index.add(declared, id);
    else list[k] = declared;
  }
  // Bucket the rules by chain (one pass, no array per chain).
  const rules = t.rules;
  const which = new Int32Array(rules.length);
  let last = -1;
  let lastId = -1;
  for (let i = 0; i < rules.length; i++) {
    const r = rules[i] as RuleNode;
    const id = cx.cursor.ruleChainId(r);
    let k = id >= 0 && id === lastId ? last : index.find(r.chain, id);
    if (k < 0)
      k = index.add(newChain(t.name, r.chain, false, null, 'implied', span(r.chainSpan.start), r.line), id);
    last = k;
    lastId = id;
    which[i] = k;
    index.counts[k] = (index.counts[k] as number) + 1;
    if (r.op === 'I') index.inserts[k] = (index.inserts[k] as number) + 1;
  }
  const order = ruleOrder(rules, which, index);

  const chains: Record<string, Chain> = {};
  const isChain = (name: string): boolean => index.has(name);
  const scratch: Rule[] = [];
  const initial = index.size;
  for (let k = 0; k < initial; k++) {
    const c = list[k] as ChainBuild;
    const count = index.counts[k] as number;
    const start = index.starts[k] as number;
    const prefix = `${c.id}#`;
    for (let j = 0; j < count; j++) {
      const node = rules[order[start + j] as number] as RuleNode;
      cx.jumpKnown = false;
      const rule = fastRule(cx, node, t.name, prefix, j, index) ?? lowerRule(cx, node, t.name, j, isChain);
      scratch[j] = rule;
      const target = rule.target;
      if (target.kind === 'jump' && !cx.jumpKnown && !index.has(target.chain)) {
        const at = cx.cursor.targetNameSpan(node);
        const ref = newChain(t.name, target.chain, false, null, 'referenced', span(at.start), node.line, []);
        index.add(ref);
        setChain(chains, target.chain, ref);
        if (!cx.doc.checkedJumps) {
          const message = `${c.name} jumps to ${target.chain}, which does not exist: treated as an empty chain.`;
          cx.diagnostics.push(diag('model/undeclared-jump-target', message, at.start, at.end));
        }
      }
    }
    cx.ruleCount += count;
    c.rules = scratch.slice(0, count);
    setChain(chains, c.name, c);
  }
  scratch.length = 0;
  return { name: t.name, chains, order: index.order() };
}

/**
 * The fast path: a rule the parser recorded pieces for (entries.ts, read through the cursor) is
 * built from its piece ids (pieces.ts) without re-reading its text. Returns null for any other
 * rule, and when the target cannot be read (the slow path then says so).
 */
function fastRule(
  cx: LowerContext,
  node: RuleNode,
  table: TableNode['name'],
  prefix: string,
  index: number,
  chains: ChainIndex,
): Rule | null {
  const pl = cx.pieces;
  const cursor = cx.cursor;
  if (pl === null || !cursor.seek(node)) return null;
  const matches = pl.matches();
  const comment = pl.comment;
  const kind = cursor.targetKind;
  let target: Target | null;
  if (kind === 'none') target = NO_TARGET;
  else if (kind === 'piece') target = pl.target(cursor.target, table, chains);
  else {
    const id = cursor.target;
    const name = cursor.chainName(id);
    const goto = kind === 'goto';
    const k = chains.find(name, id);
    if (k < 0) target = pl.jump(name, goto);
    else {
      // Cached per chain: every jump to a chain shares one (immutable) target object.
      cx.jumpKnown = true;
      const cache = goto ? chains.gotos : chains.jumps;
      let hit = cache[k];
      if (hit === undefined) {
        hit = pl.jumpTo(name, goto);
        cache[k] = hit;
      }
      target = hit;
    }
  }
  if (target === null) return null;
  return {
    id: (prefix + index) as Rule['id'],
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

const NO_TARGET = lowerTarget(null, 'ipv4', () => false) as Target;

/** The slow path: any rule, from its AST (also says when a target's options cannot be read). */
function lowerRule(
  cx: LowerContext,
  node: RuleNode,
  table: TableNode['name'],
  index: number,
  isChain: (name: string) => boolean,
): Rule {
  const body = cx.cursor.body(node);
  const matches: Match[] = [];
  for (const m of body.matches) cx.generic.lower(m, matches);
  let comment: string | null = null;
  for (const m of matches) {
    if (m.kind === 'comment') {
      comment = m.text;
      break;
    }
  }
  let target: Target | null = lowerTarget(body.target, cx.doc.family, isChain);
  if (target === null) {
    const t = body.target;
    const span = t?.span ?? node.span;
    const message = `The options of ${t?.name} could not be read; kept verbatim.`;
    cx.diagnostics.push(diag('model/unreadable-value', message, span.start, span.end));
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
