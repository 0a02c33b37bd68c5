import type { Counters, MatchNode, RuleNode, TargetNode } from './ast';
import { RuleCursor } from './cursor';
import { parseRuleBody, type RuleContext } from './parseRule';
import { DiagnosticSink } from './sink';
import { TokenBuffer, tokenizeLine } from './tokenize';

/** What every rule of one parse shares: the text and the interned chain names. */
export interface ParseSource {
  readonly text: string;
  readonly chainNames: Map<string, string>;
}

/** A sink that drops everything: re-reading a rule repeats diagnostics the parse already gave. */
class SilentSink extends DiagnosticSink {
  override add(): void {}
}

const BUF = new TokenBuffer();
const CTX: RuleContext = {
  cur: new RuleCursor(BUF),
  sink: new SilentSink(),
  chainNames: new Map(),
  ipv6: false,
};

/**
 * A rule as the parser keeps it. A 380,000-rule dump would need ~2 KB per rule as match/option
 * objects (10 small objects each with their spans); instead the rule keeps its line and
 * re-reads `matches` / `target` from the text on first access (then caches them). Lowering and
 * printing use `ruleBody`, which reads without caching, so nothing large is retained.
 * The lazy members are prototype getters: JSON / structured clone of a rule carries only the
 * plain fields — send the Ruleset (or `toPlainRule`) across threads.
 */
export class SavedRule implements RuleNode {
  readonly kind = 'rule' as const;
  readonly #src: ParseSource;
  readonly #first: number;
  readonly #chainStart: number;
  #body: { matches: MatchNode[]; target: TargetNode | null } | null = null;

  constructor(
    src: ParseSource,
    first: number,
    readonly op: 'A' | 'I',
    readonly chain: string,
    chainStart: number,
    readonly counters: Counters | null,
    readonly raw: string,
    readonly span: { readonly start: number; readonly end: number },
    readonly line: number,
  ) {
    this.#src = src;
    this.#first = first;
    this.#chainStart = chainStart;
  }

  get chainSpan(): { start: number; end: number } {
    return { start: this.#chainStart, end: this.#chainStart + this.chain.length };
  }

  get matches(): readonly MatchNode[] {
    this.#body ??= this.read();
    return this.#body.matches;
  }

  get target(): TargetNode | null {
    this.#body ??= this.read();
    return this.#body.target;
  }

  /** Re-reads the rule's words from the text (not cached). */
  read(): { matches: MatchNode[]; target: TargetNode | null } {
    tokenizeLine(this.#src.text, this.span.start, this.span.end, BUF);
    CTX.chainNames = this.#src.chainNames;
    CTX.cur.reset(this.#src.text, this.#first);
    return parseRuleBody(CTX);
  }
}

/** The matches and target of any rule node, without caching them on a parsed rule. */
export function ruleBody(rule: RuleNode): { matches: readonly MatchNode[]; target: TargetNode | null } {
  return rule instanceof SavedRule ? rule.read() : { matches: rule.matches, target: rule.target };
}

/** A plain-object copy of a rule (for JSON or postMessage). */
export function toPlainRule(rule: RuleNode): RuleNode {
  const { matches, target } = ruleBody(rule);
  const { kind, op, chain, chainSpan, counters, raw, span, line } = rule;
  return { kind, op, chain, chainSpan, counters, matches, target, raw, span, line };
}
