import type { Counters, MatchNode, RuleNode, TargetNode } from './ast';
import { materializeShape } from './materialize';
import type { ParseSource } from './source';

type Body = { matches: MatchNode[]; target: TargetNode | null };

/**
 * A rule as the parser keeps it: one small object per line. A 380,000-rule dump would need ~2 KB
 * per rule as match/option objects (10 small objects each with their spans); instead the rule
 * keeps where its line is and re-reads `matches` / `target` from the text on first access (then
 * caches them); `kind`, `span`, `raw` and `chainSpan` are made on each access. Lowering uses the
 * rule's piece ids (entries.ts) and printing uses `ruleBody`, which reads without caching, so
 * nothing large is retained. The lazy members are prototype getters: JSON / structured clone of a
 * rule carries only the plain fields — send the Ruleset (or `toPlainRule`) across threads.
 */
export class SavedRule implements RuleNode {
  readonly #src: ParseSource;
  readonly #start: number;
  readonly #end: number;
  readonly #chain: number;
  readonly #pieces: number;
  readonly #jump: number;

  constructor(
    src: ParseSource,
    start: number,
    end: number,
    readonly op: 'A' | 'I',
    chain: number,
    readonly counters: Counters | null,
    readonly line: number,
    pieces: number,
    jump: number,
  ) {
    this.#src = src;
    this.#start = start;
    this.#end = end;
    this.#chain = chain;
    this.#pieces = pieces;
    this.#jump = jump;
  }

  get kind(): 'rule' {
    return 'rule';
  }

  get chain(): string {
    return this.#src.chains.names[this.#chain] as string;
  }

  /** The chain's id in the parse's chain names (chainNames.ts). */
  get chainId(): number {
    return this.#chain;
  }

  /** The user's own text of the rule line, without the line ending. */
  get raw(): string {
    return this.#src.text.slice(this.#start, this.#end);
  }

  get span(): { start: number; end: number } {
    return { start: this.#start, end: this.#end };
  }

  get chainSpan(): { start: number; end: number } {
    const { buf } = this.#src.tokenize(this.#start, this.#end);
    const start = buf.starts[this.counters === null ? 1 : 2] as number;
    return { start, end: start + this.chain.length };
  }

  get matches(): readonly MatchNode[] {
    return this.body().matches;
  }

  get target(): TargetNode | null {
    return this.body().target;
  }

  private body(): Body {
    const bodies = this.#src.bodies;
    let body = bodies.get(this);
    if (body === undefined) {
      body = this.read();
      bodies.set(this, body);
    }
    return body;
  }

  /** Re-reads the rule's words from the text (not cached). */
  read(): Body {
    const { shape, buf } = this.reread();
    return materializeShape(shape, buf, this.#src.text);
  }

  /** Where the target's name is (null: no target), re-read without making the rule's AST. */
  targetNameSpan(): { start: number; end: number } | null {
    const { shape } = this.reread();
    return shape.tGen > 0 ? { start: shape.tNameStart, end: shape.tNameEnd } : null;
  }

  /** Re-reads the rule's words into its parse's scratch shape. */
  private reread(): ReturnType<ParseSource['rereadRule']> {
    return this.#src.rereadRule(this.#start, this.#end, this.counters !== null, this.op === 'I');
  }

  /** This rule's offset in its parse's piece pool (-1: lower from the AST). */
  get pieceOffset(): number {
    return this.#pieces;
  }

  /** The chain-name id of the target of a `-j NAME` / `-g NAME` without options, else -1. */
  get jumpId(): number {
    return this.#jump;
  }

  /** The parse this rule came from. */
  get source(): ParseSource {
    return this.#src;
  }
}

/** The matches and target of any rule node, without caching them on a parsed rule. */
export function ruleBody(rule: RuleNode): { matches: readonly MatchNode[]; target: TargetNode | null } {
  return rule instanceof SavedRule ? rule.read() : { matches: rule.matches, target: rule.target };
}

/**
 * Where the target name of any rule node is, else its whole span (for a diagnostic at a jump).
 * A parsed rule is re-read without building its matches: a rule of 100,000 matches costs one read.
 */
export function targetNameSpan(rule: RuleNode): { start: number; end: number } {
  const at = rule instanceof SavedRule ? rule.targetNameSpan() : (rule.target?.nameSpan ?? null);
  return at ?? rule.span;
}

/** A plain-object copy of a rule (for JSON or postMessage). */
export function toPlainRule(rule: RuleNode): RuleNode {
  const { matches, target } = ruleBody(rule);
  const { kind, op, chain, chainSpan, counters, raw, span, line } = rule;
  return { kind, op, chain, chainSpan, counters, matches, target, raw, span, line };
}
