import type { Counters, MatchNode, RuleNode, TargetNode } from './ast';
import type { ChainNames } from './chainNames';
import type { EntryTable } from './entries';
import { materializeShape } from './materialize';
import { readRuleShape } from './readRule';
import { type RuleContext, RuleShape } from './ruleShape';
import { DiagnosticSink } from './sink';
import { TokenBuffer, tokenizeLine, wordValue } from './tokenize';

/** What every rule of one parse shares: the text, the interned chain names, the lowering pieces. */
export interface ParseSource {
  readonly text: string;
  readonly chains: ChainNames;
  readonly entries: EntryTable;
}

/** A sink that drops everything: re-reading a rule repeats diagnostics the parse already gave. */
class SilentSink extends DiagnosticSink {
  override add(): void {}
  override wants(): boolean {
    return false;
  }
}

const SHAPE = new RuleShape();
const CTX: RuleContext = {
  text: '',
  buf: new TokenBuffer(),
  sink: new SilentSink(),
  chains: undefined as unknown as ChainNames,
  ipv6: false,
};

function tokenizeRule(src: ParseSource, start: number, end: number): RuleContext {
  tokenizeLine(src.text, start, end, CTX.buf);
  CTX.text = src.text;
  CTX.chains = src.chains;
  return CTX;
}

/** Reads one lowering piece (`src.text[start, end)`, entries.ts) on its own into the shared shape. */
export function rereadPiece(
  src: ParseSource,
  start: number,
  end: number,
  preset: string,
): { shape: RuleShape; buf: TokenBuffer } {
  const cx = tokenizeRule(src, start, end);
  readRuleShape(cx, 0, SHAPE, preset);
  return { shape: SHAPE, buf: cx.buf };
}

type Body = { matches: MatchNode[]; target: TargetNode | null };

/** Bodies read through the `matches` / `target` getters (rare: printing uses `ruleBody`). */
const BODIES = new WeakMap<SavedRule, Body>();

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
    const { buf } = tokenizeRule(this.#src, this.#start, this.#end);
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
    let body = BODIES.get(this);
    if (body === undefined) {
      body = this.read();
      BODIES.set(this, body);
    }
    return body;
  }

  /** Re-reads the rule's words from the text (not cached). */
  read(): Body {
    this.readShape();
    return materializeShape(SHAPE, CTX.buf, this.#src.text);
  }

  /** Where the target's name is (null: no target), re-read without making the rule's AST. */
  targetNameSpan(): { start: number; end: number } | null {
    this.readShape();
    return SHAPE.tGen > 0 ? { start: SHAPE.tNameStart, end: SHAPE.tNameEnd } : null;
  }

  /** Re-reads the rule's words into the shared shape. */
  private readShape(): void {
    const src = this.#src;
    const cx = tokenizeRule(src, this.#start, this.#end);
    // The body starts after `[p:b]`, `-A CHAIN` / `-I CHAIN` and -I's optional rule number (ruleLine.ts).
    let first = this.counters === null ? 2 : 3;
    if (this.op === 'I' && first < cx.buf.count && /^\d+$/.test(wordValue(cx.buf, src.text, first))) first++;
    readRuleShape(cx, first, SHAPE);
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
