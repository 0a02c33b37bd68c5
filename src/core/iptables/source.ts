import type { MatchNode, TargetNode } from './ast';
import type { ChainNames } from './chainNames';
import type { EntryTable } from './entries';
import { readRuleShape } from './readRule';
import { type RuleContext, RuleShape } from './ruleShape';
import { DiagnosticSink } from './sink';
import { TokenBuffer, tokenizeLine, wordValue } from './tokenize';

/** A sink that drops everything: re-reading a rule repeats diagnostics the parse already gave. */
class SilentSink extends DiagnosticSink {
  override add(): void {}
  override wants(): boolean {
    return false;
  }
}

/**
 * What every rule of one parse shares: the text, the interned chain names, the lowering pieces
 * (entries.ts), and the scratch the parse's nodes re-read their words into. The scratch belongs to
 * the parse — not to the module — so two parses never share mutable state; it is made on the first
 * re-read (most documents are lowered from their pieces and never re-read a rule).
 */
export class ParseSource {
  /**
   * Rule bodies read through SavedRule's `matches` / `target` getters, by rule (rare: printing and
   * lowering re-read without caching). Weak: a rule nobody holds drops its body.
   */
  readonly bodies = new WeakMap<object, { matches: MatchNode[]; target: TargetNode | null }>();
  #shape: RuleShape | null = null;
  #ctx: RuleContext | null = null;

  constructor(
    readonly text: string,
    readonly chains: ChainNames,
    readonly entries: EntryTable,
  ) {}

  /** Tokenizes `text[start, end)` into this parse's scratch buffer. */
  tokenize(start: number, end: number): RuleContext {
    let cx = this.#ctx;
    if (cx === null) {
      cx = {
        text: this.text,
        buf: new TokenBuffer(),
        sink: new SilentSink(),
        chains: this.chains,
        ipv6: false,
      };
      this.#ctx = cx;
    }
    tokenizeLine(this.text, start, end, cx.buf);
    return cx;
  }

  /**
   * Re-reads the words of a rule line `[start, end)` into the scratch shape, from the body (after
   * `[p:b]`, `-A CHAIN` / `-I CHAIN` and -I's optional rule number, ruleLine.ts).
   */
  rereadRule(
    start: number,
    end: number,
    counters: boolean,
    insert: boolean,
  ): { shape: RuleShape; buf: TokenBuffer } {
    const cx = this.tokenize(start, end);
    let first = counters ? 3 : 2;
    if (insert && first < cx.buf.count && /^\d+$/.test(wordValue(cx.buf, this.text, first))) first++;
    const shape = this.scratchShape();
    readRuleShape(cx, first, shape);
    return { shape, buf: cx.buf };
  }

  /** Re-reads piece `id` (entries.ts) on its own into the scratch shape, as a group of its module. */
  rereadPiece(id: number): { shape: RuleShape; buf: TokenBuffer; module: string } {
    const entries = this.entries;
    const module = entries.moduleOf(id);
    const start = entries.starts[id] as number;
    const cx = this.tokenize(start, start + (entries.lengths[id] as number));
    const shape = this.scratchShape();
    readRuleShape(cx, 0, shape, entries.isTarget(id) ? '' : module);
    return { shape, buf: cx.buf, module };
  }

  private scratchShape(): RuleShape {
    let shape = this.#shape;
    if (shape === null) {
      shape = new RuleShape();
      this.#shape = shape;
    }
    return shape;
  }
}
