import type { MatchNode, TargetNode } from '../iptables';
import { materializeShape, optionNode, type ParseSource, PER_OPTION_MODULES, rereadPiece } from '../iptables';
import type { Match, Target } from '../ruleset';
import { lowerBuiltinOption, lowerGroup, lowerPerOption } from './match';
import { lowerTarget } from './target';

const NO_MATCHES: readonly Match[] = Object.freeze([]);

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
    private readonly src: ParseSource,
    private readonly family: 'ipv4' | 'ipv6',
  ) {
    this.byPiece = new Array<Match | undefined>(src.entries.count).fill(undefined);
    this.lists1 = new Array<readonly Match[] | undefined>(src.entries.count).fill(undefined);
  }

  /** The typed matches of the `n` match pieces at `pool[at…]` (shared between equal lists). */
  matches(pool: Int32Array, at: number, n: number): readonly Match[] {
    let list: readonly Match[] | undefined;
    if (n === 0) list = NO_MATCHES;
    else if (n === 1) {
      const a = pool[at] as number;
      list = this.lists1[a];
      if (list === undefined) {
        list = [this.piece(a)];
        this.lists1[a] = list;
      }
    } else if (n === 2) {
      // Exact: ids are below `count` (at most a few million), so the key stays below 2^53.
      const key = (pool[at] as number) * this.src.entries.count + (pool[at + 1] as number);
      list = this.lists2.get(key);
      if (list === undefined) {
        list = [this.piece(pool[at] as number), this.piece(pool[at + 1] as number)];
        this.lists2.set(key, list);
      }
    } else {
      const out: Match[] = [];
      for (let i = 0; i < n; i++) out.push(this.piece(pool[at + i] as number));
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
    const { entries, text } = this.src;
    const module = entries.moduleOf(id);
    const start = entries.starts[id] as number;
    const end = start + (entries.lengths[id] as number);
    const { shape, buf } = rereadPiece(this.src, start, end, module);
    if (module === '') return lowerBuiltinOption(optionNode(shape, buf, text, 0));
    if (PER_OPTION_MODULES.has(module)) return lowerPerOption(module, optionNode(shape, buf, text, 0));
    const group = materializeShape(shape, buf, text).matches[0] as MatchNode;
    return lowerGroup(group);
  }

  /**
   * A `-j NAME` (`goto` false) or `-g NAME` without options; null when it cannot be read (MARK
   * without an option). Such a target depends on its name only.
   */
  jump(name: string, goto: boolean): Target | null {
    const cache = goto ? this.gotos : this.jumps;
    let t = cache.get(name);
    if (t === undefined) {
      t = lowerJump(name, goto, this.family);
      cache.set(name, t);
    }
    return t;
  }

  /**
   * Target piece `id` lowered for `table`, or null when it cannot be read. A target with options is
   * a jump only when the table has a chain of that name; a "no" may turn into a "yes" as the
   * lowering meets jumps to missing chains, so only answers that cannot change are cached.
   */
  target(id: number, table: string, chains: { has(name: string): boolean }): Target | null {
    let cache = this.targets.get(table);
    if (cache === undefined) {
      cache = new Array<Target | null | undefined>(this.src.entries.count).fill(undefined);
      this.targets.set(table, cache);
    }
    const hit = cache[id];
    if (hit !== undefined) return hit;
    const { entries, text } = this.src;
    const start = entries.starts[id] as number;
    const end = start + (entries.lengths[id] as number);
    const { shape, buf } = rereadPiece(this.src, start, end, '');
    const node = materializeShape(shape, buf, text).target;
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

const NO_CHAINS = { has: (): boolean => false };

const NO_SPAN = { start: 0, end: 0 };
const noChain = (): boolean => false;

/** The target of `-j NAME` / `-g NAME` without options, as lowerTarget reads it. */
export function lowerJump(name: string, goto: boolean, family: 'ipv4' | 'ipv6'): Target | null {
  // One reused node: lowerTarget only reads it, and is called for each of 100,000s of chains.
  JUMP_NODE.kind = goto ? 'goto' : 'jump';
  JUMP_NODE.name = name;
  return lowerTarget(JUMP_NODE, family, noChain);
}

const JUMP_NODE: { kind: 'jump' | 'goto'; name: string } & Omit<TargetNode, 'kind' | 'name'> = {
  kind: 'jump',
  name: '',
  nameSpan: NO_SPAN,
  options: Object.freeze([]),
  span: NO_SPAN,
};
