import type { MatchNode, OptionNode, TargetNode } from './ast';
import type { RuleCursor } from './cursor';
import { BUILTIN_OPTIONS, IMPLICIT_PROTOCOL_MODULES, MATCH_MODULES, TARGET_OPTIONS } from './modules';
import type { DiagnosticSink } from './sink';
import { validateOption } from './validate';

/**
 * The body of one rule (after `-A CHAIN`): match groups and the target, as iptables' command line
 * parser sees them (iptables(8), xshared.c). `!` applies to the next option, before it (as
 * iptables-save prints) or — old syntax — between the option name and its value. `-m mod` opens a
 * group; built-in selectors go to the built-in group (module `''`); an option no open group knows
 * goes to the implicit protocol match of `-p tcp` / `-p udp`, else it is kept as unknown.
 */

interface Span {
  start: number;
  end: number;
}
export interface MutableMatch {
  module: string;
  explicit: boolean;
  options: OptionNode[];
  span: Span;
  unknown?: boolean;
}
export interface MutableTarget {
  kind: 'jump' | 'goto';
  name: string;
  nameSpan: Span;
  options: OptionNode[];
  span: Span;
}

/** Shared value list of options that take none (never mutated). */
const NO_VALUES: readonly string[] = Object.freeze([]);

/** Known option, module and target names, so every rule shares one string per name. */
const NAMES = new Map<string, string>();
for (const k of BUILTIN_OPTIONS.keys()) NAMES.set(k, k);
for (const [m, opts] of MATCH_MODULES) {
  NAMES.set(m, m);
  for (const k of opts.keys()) NAMES.set(k, k);
}
for (const [t, opts] of TARGET_OPTIONS) {
  NAMES.set(t, t);
  for (const k of opts.keys()) NAMES.set(k, k);
}

/** The per-parse state the rule parser needs (one object, reused for every rule). */
export interface RuleContext {
  readonly cur: RuleCursor;
  readonly sink: DiagnosticSink;
  /** Interns chain names (one string per distinct name). */
  chainNames: Map<string, string>;
  /** Set when an IPv6 address was seen. */
  ipv6: boolean;
}

/** Parses the words from the cursor position to the end of the line into matches and a target. */
export function parseRuleBody(ctx: RuleContext): { matches: MatchNode[]; target: TargetNode | null } {
  const cur = ctx.cur;
  const matches: MutableMatch[] = [];
  let builtin: MutableMatch | null = null;
  let current: MutableMatch | null = null;
  let target: MutableTarget | null = null;
  let inTarget = false;
  let protocol = '';
  let bang = -1;
  while (!cur.atEnd()) {
    const k = cur.pos;
    const v = cur.value(k);
    if (cur.isBang(k)) {
      if (bang >= 0) ctx.sink.add('iptables/bad-rule', 'Two `!` in a row.', cur.start(k), cur.end(k));
      bang = cur.start(k);
      cur.eat();
      continue;
    }
    if (!cur.isOption(k)) {
      ctx.sink.add(
        'iptables/bad-rule',
        `Unexpected word "${v}" where an option was expected.`,
        cur.start(k),
        cur.end(k),
      );
      cur.eat();
      continue;
    }
    if (v === '-m' || v === '--match' || v === '-j' || v === '--jump' || v === '-g' || v === '--goto') {
      cur.eat();
      if (cur.atEnd()) {
        ctx.sink.add('iptables/missing-value', `${v} needs a name.`, cur.start(k), cur.end(k));
        break;
      }
      const n = cur.eat();
      const raw = cur.value(n);
      if (v === '-m' || v === '--match') {
        const module = NAMES.get(raw) ?? raw;
        const known = MATCH_MODULES.has(module);
        if (!known) {
          ctx.sink.add(
            'iptables/unknown-module',
            `Match module "${raw}" is kept verbatim.`,
            cur.start(n),
            cur.end(n),
          );
        }
        current = { module, explicit: true, options: [], span: { start: cur.start(k), end: cur.end(n) } };
        if (!known) current.unknown = true;
        matches.push(current);
        inTarget = false;
      } else {
        const name = NAMES.get(raw) ?? internChain(ctx, raw);
        const nameSpan = { start: cur.start(n), end: cur.end(n) };
        const kind = v === '-g' || v === '--goto' ? 'goto' : 'jump';
        target = { kind, name, nameSpan, options: [], span: { start: cur.start(k), end: cur.end(n) } };
        inTarget = true;
      }
      bang = -1;
      continue;
    }
    // An option: find who owns it.
    let arity = BUILTIN_OPTIONS.get(v);
    let owner: MutableMatch | MutableTarget | null = null;
    let module = '';
    if (arity !== undefined) {
      if (builtin === null) {
        builtin = {
          module: '',
          explicit: false,
          options: [],
          span: { start: cur.start(k), end: cur.end(k) },
        };
        matches.push(builtin);
      }
      owner = builtin;
    } else if (inTarget && target !== null) {
      owner = target;
      module = target.name;
      arity = TARGET_OPTIONS.get(target.name)?.get(v);
      if (arity === undefined && TARGET_OPTIONS.has(target.name)) {
        ctx.sink.add(
          'iptables/unknown-option',
          `${target.name} option "${v}" is kept verbatim.`,
          cur.start(k),
          cur.end(k),
        );
      } else if (arity === undefined && target.options.length === 0) {
        ctx.sink.add(
          'iptables/unknown-target',
          `Target "${target.name}" is kept verbatim.`,
          target.nameSpan.start,
          target.nameSpan.end,
        );
      }
    } else {
      const found = findGroup(matches, current, v);
      if (found !== null) {
        owner = found;
        module = found.module;
        arity = MATCH_MODULES.get(found.module)?.get(v);
      } else if (IMPLICIT_PROTOCOL_MODULES.has(protocol) && MATCH_MODULES.get(protocol)?.has(v)) {
        const implicit: MutableMatch = {
          module: protocol,
          explicit: false,
          options: [],
          span: { start: cur.start(k), end: cur.end(k) },
        };
        matches.push(implicit);
        owner = implicit;
        module = protocol;
        arity = MATCH_MODULES.get(protocol)?.get(v);
      } else {
        owner = current ?? builtin;
        if (owner === null) {
          builtin = {
            module: '',
            explicit: false,
            options: [],
            span: { start: cur.start(k), end: cur.end(k) },
          };
          matches.push(builtin);
          owner = builtin;
        }
        module = owner.module;
        if (!(owner as MutableMatch).unknown) {
          ctx.sink.add(
            'iptables/unknown-option',
            `Option "${v}" is kept verbatim.`,
            cur.start(k),
            cur.end(k),
          );
        }
      }
    }
    const option = readOption(ctx, v, arity, bang, module);
    bang = -1;
    owner.options.push(option);
    if (option.span.end > owner.span.end) (owner.span as Span).end = option.span.end;
    if (
      owner === builtin &&
      (option.name === '-p' || option.name === '--protocol') &&
      option.values.length > 0
    ) {
      protocol = (option.values[0] as string).toLowerCase();
    }
  }
  if (bang >= 0) ctx.sink.add('iptables/bad-rule', '`!` at the end of the rule.', bang, bang + 1);
  return { matches, target };
}

function internChain(ctx: RuleContext, name: string): string {
  const known = ctx.chainNames.get(name);
  if (known !== undefined) return known;
  ctx.chainNames.set(name, name);
  return name;
}

/** The open group that knows option `v`: the current one first, then earlier ones (latest first). */
function findGroup(matches: MutableMatch[], current: MutableMatch | null, v: string): MutableMatch | null {
  if (current !== null && MATCH_MODULES.get(current.module)?.has(v)) return current;
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i] as MutableMatch;
    if (m.module !== '' && MATCH_MODULES.get(m.module)?.has(v)) return m;
  }
  return null;
}

/** Reads option `name` at the cursor with its values (`arity` undefined = unknown option). */
function readOption(
  ctx: RuleContext,
  name: string,
  arity: number | undefined,
  bang: number,
  module: string,
): OptionNode {
  const cur = ctx.cur;
  const k = cur.eat();
  const start = bang >= 0 ? bang : cur.start(k);
  let negated = bang >= 0;
  let end = cur.end(k);
  if (arity !== 0 && cur.isBang()) {
    negated = true;
    end = cur.end(cur.eat());
  }
  let n = arity ?? 0;
  if (arity === undefined)
    while (cur.pos + n < cur.buf.count && !cur.isOption(cur.pos + n) && !cur.isBang(cur.pos + n)) n++;
  const first = cur.pos;
  const got = cur.expect(n);
  const interned = NAMES.get(name) ?? name;
  if (got < n) {
    ctx.sink.add(
      'iptables/missing-value',
      `${name} needs ${n === 1 ? 'a value' : `${n} values`}.`,
      start,
      end,
    );
  }
  if (got === 0)
    return { name: interned, negated, values: NO_VALUES, rawValues: NO_VALUES, span: { start, end } };
  end = cur.end(first + got - 1);
  let values: string[];
  let rawValues: string[];
  if (name === '--comment' && module === 'comment' && !cur.atEnd() && !cur.isOption() && !cur.isBang()) {
    // kube-proxy's test dumps write `--comment kubernetes service portals` unquoted: the fake
    // iptables accepted it; iptables-restore would not. Take the words as the comment, and say so.
    let last = first;
    while (!cur.atEnd() && !cur.isOption() && !cur.isBang()) last = cur.eat();
    const words: string[] = [];
    for (let i = first; i <= last; i++) words.push(cur.value(i));
    end = cur.end(last);
    values = [words.join(' ')];
    rawValues = [cur.text.slice(cur.start(first), end)];
    ctx.sink.add(
      'iptables/unquoted-comment',
      'Unquoted comment with spaces: words joined into one comment.',
      start,
      end,
    );
  } else {
    values = [];
    let quoted = false;
    for (let i = first; i < first + got; i++) {
      values.push(cur.value(i));
      if (cur.buf.quoted[i] === 1) quoted = true;
    }
    rawValues = values;
    if (quoted) {
      rawValues = [];
      for (let i = first; i < first + got; i++) rawValues.push(cur.raw(i));
    }
    validateOption(ctx, module, interned, values, cur.start(first), end);
  }
  return { name: interned, negated, values, rawValues, span: { start, end } };
}
