import type { ChainDecl, IptablesDocument, MatchNode, OptionNode, RuleNode, TargetNode } from './ast';
import { PER_OPTION_MODULES, TARGET_GOTO, TARGET_JUMP, TARGET_NONE } from './entries';
import { materializeShape, optionNode } from './materialize';
import { SavedChain } from './savedChain';
import { ruleBody, SavedRule, targetNameSpan } from './savedRule';
import type { ParseSource } from './source';

/**
 * A distinct match piece read back from the text: one option of the built-in group or of a module
 * whose options lower one by one (tcp/udp/… ports, multiport, conntrack, mark), or a whole group.
 */
export type MatchPiece =
  | { readonly perOption: true; readonly module: string; readonly option: OptionNode }
  | { readonly perOption: false; readonly module: string; readonly match: MatchNode };

/** What the target of the rule under the cursor is (see `RuleCursor.target`). */
export type TargetKind = 'none' | 'jump' | 'goto' | 'piece';

/**
 * The one way to read a parsed document's shared storage (chain-name ids, piece pool, pieces)
 * without seeing it. kube-proxy dumps repeat the same pieces (`-p tcp`, `-m comment --comment …`,
 * `-j KUBE-MARK-MASQ`) over and over; the parser keeps each distinct piece once and every rule
 * the ids of its pieces (entries.ts), so that lowering can lower each piece once.
 *
 * Ids exist only when every chain and rule of the document came from one parse (`fromOneParse`);
 * otherwise — a document built or edited by hand — every id is -1, `seek` is always false and the
 * caller reads the AST (`body`). Positioning is allocation-free: `seek` sets the fields below.
 */
export class RuleCursor {
  /** Number of distinct pieces (piece ids are `0..pieceCount-1`). */
  readonly pieceCount: number;
  /** The rule under the cursor: its number of match pieces… */
  matchCount = 0;
  /** …what its target is: none; `-j NAME` / `-g NAME` without options; or a target piece… */
  targetKind: TargetKind = 'none';
  /** …and the target's chain-name id (jump, goto) or piece id (piece); -1 for none. */
  target = -1;
  /** Where the rule's match piece ids start in the pool. */
  private at = 0;
  private readonly pool: Int32Array;

  constructor(private readonly src: ParseSource | null) {
    this.pieceCount = src === null ? 0 : src.entries.count;
    this.pool = src === null ? new Int32Array(0) : src.entries.pool;
  }

  /** Number of chain-name ids (ids are `0..chainIdCount-1`; 0 when not `fromOneParse`). */
  get chainIdCount(): number {
    return this.src === null ? 0 : this.src.chains.count;
  }

  get fromOneParse(): boolean {
    return this.src !== null;
  }

  /** The chain-name id of `name`, or -1 (never seen by the parse, or not `fromOneParse`). */
  chainIdOf(name: string): number {
    return this.src === null ? -1 : this.src.chains.idOf(name);
  }

  /** The chain name of id `id`. */
  chainName(id: number): string {
    return (this.src as ParseSource).chains.names[id] as string;
  }

  /** The chain-name id of a chain declaration of the document, or -1. */
  declId(c: ChainDecl): number {
    return this.src === null ? -1 : (c as SavedChain).chainId;
  }

  /** The chain-name id of the chain a rule of the document is in, or -1. */
  ruleChainId(r: RuleNode): number {
    return this.src === null ? -1 : (r as SavedRule).chainId;
  }

  /**
   * Puts the cursor on rule `r` of the document; false when the rule has no pieces (its groups'
   * options are not adjacent, entries.ts) or the document is not from one parse: read `body(r)`.
   */
  seek(r: RuleNode): boolean {
    if (this.src === null) return false;
    const rule = r as SavedRule;
    const off = rule.pieceOffset;
    if (off < 0) return false;
    const pool = this.pool;
    const n = pool[off] as number;
    this.at = off + 1;
    this.matchCount = n;
    const code = pool[off + 1 + n] as number;
    if (code === TARGET_NONE) {
      this.targetKind = 'none';
      this.target = -1;
    } else if (code === TARGET_JUMP || code === TARGET_GOTO) {
      this.targetKind = code === TARGET_JUMP ? 'jump' : 'goto';
      this.target = rule.jumpId;
    } else {
      this.targetKind = 'piece';
      this.target = code;
    }
    return true;
  }

  /** The piece id of match `i` (`0..matchCount-1`) of the rule under the cursor. */
  matchPiece(i: number): number {
    return this.pool[this.at + i] as number;
  }

  /** Match piece `id`, read back from the text (a new object each call: callers keep the result). */
  readMatchPiece(id: number): MatchPiece {
    const src = this.src as ParseSource;
    const { shape, buf, module } = src.rereadPiece(id);
    if (PER_OPTION_MODULES.has(module)) {
      return { perOption: true, module, option: optionNode(shape, buf, src.text, 0) };
    }
    return {
      perOption: false,
      module,
      match: materializeShape(shape, buf, src.text).matches[0] as MatchNode,
    };
  }

  /** Target piece `id` (`targetKind` 'piece'), read back from the text. */
  readTargetPiece(id: number): TargetNode | null {
    const src = this.src as ParseSource;
    const { shape, buf } = src.rereadPiece(id);
    return materializeShape(shape, buf, src.text).target;
  }

  /** The matches and target of any rule node (a parsed rule is re-read, not cached). */
  body(r: RuleNode): { matches: readonly MatchNode[]; target: TargetNode | null } {
    return ruleBody(r);
  }

  /** Where the target name of any rule node is, else its whole span (for a diagnostic at a jump). */
  targetNameSpan(r: RuleNode): { start: number; end: number } {
    return targetNameSpan(r);
  }
}

/** A cursor over `doc`: with ids when every chain and rule came from one parse (see RuleCursor). */
export function openRules(doc: IptablesDocument): RuleCursor {
  let src: ParseSource | null = null;
  for (const t of doc.tables) {
    for (const c of t.chains) {
      if (!(c instanceof SavedChain) || (src !== null && c.source !== src)) return new RuleCursor(null);
      src = c.source;
    }
    for (const r of t.rules) {
      if (!(r instanceof SavedRule) || (src !== null && r.source !== src)) return new RuleCursor(null);
      src = r.source;
    }
  }
  return new RuleCursor(src);
}
