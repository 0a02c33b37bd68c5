import type { RuleCursor, TargetNode } from '../iptables';
import type { Match, Target } from '../ruleset';
import { lowerBuiltinOption, lowerGroup, lowerPerOption } from './match';
import { lowerTarget } from './target';

const NO_MATCHES: readonly Match[] = Object.freeze([]);
const NO_CHAINS = { has: (): boolean => false };
const NO_SPAN = { start: 0, end: 0 };
const noChain = (): boolean => false;

/**
 * Lowers the shared pieces of one parse (entries.ts): each distinct piece is read back from the
 * text and lowered once; a rule's matches are then looked up by its piece ids, and rules with the
 * same pieces share one (frozen-by-contract) matches array. The Ruleset is immutable data, so
 * sharing is invisible to readers and keeps a 380,000-rule dump small.
 */
export class PieceLowerer {
  private readonly byPiece: (Match | undefined)[];
  private readonly lists1: (readonly Match[] | undefined)[];
  private readonly lists2 = new Map<number, readonly Match[]>();
  /** Lowered target pieces by table (a target with options may depend on the table's chains). */
  private readonly targets = new Map<string, (Target | null | undefined)[]>();
  /** Jump / goto targets without options, by name (they do not depend on the table). */
  private readonly jumps = new Map<string, Target | null>();
  private readonly gotos = new Map<string, Target | null>();
  /** The comment of the last `matches` returned. */
  comment: string | null = null;

  constructor(
    private readonly cursor: RuleCursor,
    private readonly family: 'ipv4' | 'ipv6',
  ) {
    this.byPiece = new Array<Match | undefined>(cursor.pieceCount).fill(undefined);
    this.lists1 = new Array<readonly Match[] | undefined>(cursor.pieceCount).fill(undefined);
  }

  /** The typed matches of the rule under the cursor (shared between equal lists). */
  matches(): readonly Match[] {
    const cursor = this.cursor;
    const n = cursor.matchCount;
    let list: readonly Match[] | undefined;
    if (n === 0) list = NO_MATCHES;
    else if (n === 1) {
      const a = cursor.matchPiece(0);
      list = this.lists1[a];
      if (list === undefined) {
        list = [this.piece(a)];
        this.lists1[a] = list;
      }
    } else if (n === 2) {
      // Exact: ids are below `count` (at most a few million), so the key stays below 2^53.
      const a = cursor.matchPiece(0);
      const b = cursor.matchPiece(1);
      const key = a * cursor.pieceCount + b;
      list = this.lists2.get(key);
      if (list === undefined) {
        list = [this.piece(a), this.piece(b)];
        this.lists2.set(key, list);
      }
    } else {
      const out: Match[] = [];
      for (let i = 0; i < n; i++) out.push(this.piece(cursor.matchPiece(i)));
      list = out;
    }
    let comment: string | null = null;
    for (const m of list) {
      if (m.kind === 'comment') {
        comment = m.text;
        break;
      }
    }
    this.comment = comment;
    return list;
  }

  /** The typed match of match piece `id`. */
  piece(id: number): Match {
    let m = this.byPiece[id];
    if (m === undefined) {
      m = this.readMatch(id);
      this.byPiece[id] = m;
    }
    return m;
  }

  private readMatch(id: number): Match {
    const p = this.cursor.readMatchPiece(id);
    if (!p.perOption) return lowerGroup(p.match);
    return p.module === '' ? lowerBuiltinOption(p.option) : lowerPerOption(p.module, p.option);
  }

  /**
   * A `-j NAME` (`goto` false) or `-g NAME` without options; null when it cannot be read (MARK
   * without an option). Such a target depends on its name only.
   */
  jump(name: string, goto: boolean): Target | null {
    const cache = goto ? this.gotos : this.jumps;
    let t = cache.get(name);
    if (t === undefined) {
      t = this.jumpTo(name, goto);
      cache.set(name, t);
    }
    return t;
  }

  /** `-j NAME` / `-g NAME` without options, lowered anew (the caller caches it). */
  jumpTo(name: string, goto: boolean): Target | null {
    // One reused node per lowering: lowerTarget only reads it, and is called for each of 100,000s
    // of chains.
    const node = this.jumpNode;
    node.kind = goto ? 'goto' : 'jump';
    node.name = name;
    return lowerTarget(node, this.family, noChain);
  }

  private readonly jumpNode: { kind: 'jump' | 'goto'; name: string } & Omit<TargetNode, 'kind' | 'name'> = {
    kind: 'jump',
    name: '',
    nameSpan: NO_SPAN,
    options: Object.freeze([]),
    span: NO_SPAN,
  };

  /**
   * Target piece `id` lowered for `table`, or null when it cannot be read. A target with options is
   * a jump only when the table has a chain of that name; a "no" may turn into a "yes" as the
   * lowering meets jumps to missing chains, so only answers that cannot change are cached.
   */
  target(id: number, table: string, chains: { has(name: string): boolean }): Target | null {
    let cache = this.targets.get(table);
    if (cache === undefined) {
      cache = new Array<Target | null | undefined>(this.cursor.pieceCount).fill(undefined);
      this.targets.set(table, cache);
    }
    const hit = cache[id];
    if (hit !== undefined) return hit;
    const node = this.cursor.readTargetPiece(id);
    this.chains = chains;
    this.asked = false;
    const t = lowerTarget(node, this.family, this.isChain);
    if (!this.asked || (t !== null && t.kind === 'jump')) cache[id] = t;
    return t;
  }

  /** The table `target` asks about, and whether lowerTarget asked (one closure, not one per piece). */
  private chains: { has(name: string): boolean } = NO_CHAINS;
  private asked = false;
  private readonly isChain = (name: string): boolean => {
    this.asked = true;
    return this.chains.has(name);
  };
}
