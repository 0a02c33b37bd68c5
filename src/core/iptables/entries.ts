import { capacityFor, placeSlot, sameRange } from './chainNames';
import type { RuleShape } from './ruleShape';
import type { TokenBuffer } from './tokenize';

/**
 * Lowering units shared between rules. kube-proxy dumps repeat the same pieces over and over
 * (`-p tcp`, `-m tcp --dport 80`, `-m comment --comment "ns/svc:port"`, `-j KUBE-MARK-MASQ`), so
 * the parser keeps each distinct piece once — its module and its raw text — and every rule keeps
 * the ids of its pieces in a shared Int32Array. `lowerToRuleset` then lowers each distinct piece
 * once and builds a rule from ids, without reading the rule's text again.
 *
 * A piece is one option of a built-in or per-option group (`-s …`, `--dport …`), a whole group of
 * any other module (its options' text), or the target (`-j NAME …`). Equal raw text under the same
 * module reads to equal options (the words, quotes and `!`s are all in the text), so the raw text
 * is a faithful key. A rule whose group's options are not adjacent (`-m recent --set -m tcp
 * --name x`) gets no pieces and is lowered from its AST instead.
 */

/** The `module` of target pieces. */
const TARGET_PIECE = '\u0000target';
/** Target slot codes in the pool: no target; `-j NAME` / `-g NAME` without options (name on the rule). */
export const TARGET_NONE = -1;
export const TARGET_JUMP = -2;
export const TARGET_GOTO = -3;

/** Modules whose options lower one by one (lowerMatch.ts): the built-in group and these. */
export const PER_OPTION_MODULES: ReadonlySet<string> = new Set([
  '',
  'tcp',
  'udp',
  'udplite',
  'sctp',
  'dccp',
  'multiport',
  'conntrack',
  'mark',
]);

/** The distinct pieces of one parse, and every rule's piece ids. */
export class EntryTable {
  /** Where each piece's text is in the parsed text: `[start, start + length)`, and its module. */
  starts: Int32Array;
  lengths: Int32Array;
  private moduleIds: Int32Array;
  /** Module names by module id (`module` of `lookup`), and back. */
  private readonly moduleNames: string[] = [];
  private readonly moduleIndex = new Map<string, number>();
  count = 0;
  /** Open addressing, [hash, id + 1 (0: empty), start, length] per slot: one cache line per probe. */
  private slots: Int32Array;
  private mask: number;
  /** Per rule: [number of match pieces, match piece ids…, target piece id or a `TARGET_*` code]. */
  pool: Int32Array;
  poolLength = 0;

  /** `text`: the parsed text; sized for about one piece per 128 characters of it (grows if need be). */
  constructor(readonly text: string) {
    const cap = capacityFor(text.length >> 7);
    this.starts = new Int32Array(cap);
    this.lengths = new Int32Array(cap);
    this.moduleIds = new Int32Array(cap);
    this.slots = new Int32Array(8 * cap);
    this.mask = 2 * cap - 1;
    this.pool = new Int32Array(capacityFor(text.length >> 4));
  }

  /** The module id of a module name (`TARGET_PIECE` for targets). */
  moduleId(module: string): number {
    let m = this.moduleIndex.get(module);
    if (m === undefined) {
      m = this.moduleNames.length;
      this.moduleNames.push(module);
      this.moduleIndex.set(module, m);
    }
    return m;
  }

  /** The module of piece `id`. */
  moduleOf(id: number): string {
    return this.moduleNames[this.moduleIds[id] as number] as string;
  }

  /** True when piece `id` is a target (`-j NAME …`), not a match piece. */
  isTarget(id: number): boolean {
    return this.moduleOf(id) === TARGET_PIECE;
  }

  /** The id of piece (module id, text[start, end)), added when new. */
  lookup(start: number, end: number, module: number, hash: number): number {
    const { text, slots } = this;
    const len = end - start;
    let i = hash & this.mask;
    for (; ; i = (i + 1) & this.mask) {
      const at = i << 2;
      const id = (slots[at + 1] as number) - 1;
      if (id < 0) break;
      if (slots[at] === hash && slots[at + 3] === len && this.moduleIds[id] === module) {
        if (sameRange(text, slots[at + 2] as number, start, len)) return id;
      }
    }
    const id = this.count++;
    if (id === this.starts.length) this.growPieces();
    this.starts[id] = start;
    this.lengths[id] = len;
    this.moduleIds[id] = module;
    if (this.count * 2 > this.mask + 1) this.rehash();
    placeSlot(this.slots, this.mask, hash, id, start, len);
    return id;
  }

  private growPieces(): void {
    const cap = this.starts.length * 2;
    const starts = new Int32Array(cap);
    starts.set(this.starts);
    this.starts = starts;
    const lengths = new Int32Array(cap);
    lengths.set(this.lengths);
    this.lengths = lengths;
    const moduleIds = new Int32Array(cap);
    moduleIds.set(this.moduleIds);
    this.moduleIds = moduleIds;
  }

  private rehash(): void {
    const old = this.slots;
    const mask = this.mask * 2 + 1;
    const slots = new Int32Array(4 * (mask + 1));
    for (let at = 0; at < old.length; at += 4) {
      if (old[at + 1] === 0) continue;
      const id = (old[at + 1] as number) - 1;
      placeSlot(slots, mask, old[at] as number, id, old[at + 2] as number, old[at + 3] as number);
    }
    this.slots = slots;
    this.mask = mask;
  }

  push(v: number): void {
    if (this.poolLength === this.pool.length) {
      const grown = new Int32Array(this.pool.length * 2);
      grown.set(this.pool);
      this.pool = grown;
    }
    this.pool[this.poolLength++] = v;
  }

  /** Drops the lookup index and spare capacity once parsing is over. */
  seal(): void {
    this.slots = new Int32Array(0);
    this.mask = 0;
    this.pool = this.pool.slice(0, this.poolLength);
    this.starts = this.starts.slice(0, this.count);
    this.lengths = this.lengths.slice(0, this.count);
    this.moduleIds = this.moduleIds.slice(0, this.count);
  }
}

/** Hash of words a..b (their tokenizer hashes) under module id `m`. */
function wordsHash(buf: TokenBuffer, a: number, b: number, m: number): number {
  let h = Math.imul(m + 1, 0x9e3779b1);
  for (let w = a; w <= b; w++) h = Math.imul(h ^ (buf.hashes[w] as number), 0x01000193);
  return h;
}

/**
 * Records the pieces of the rule in `shape` (read from `buf`); returns the rule's offset in
 * `table.pool`, or -1 when the rule must be lowered from its AST.
 */
export function recordEntries(table: EntryTable, shape: RuleShape, buf: TokenBuffer): number {
  const off = table.poolLength;
  table.push(0);
  let n = 0;
  for (let g = 0; g < shape.nGroup; g++) {
    const module = shape.gModule[g] as string;
    if (shape.gQuoted[g] === 1) return abandon(table, off);
    const m = table.moduleId(module);
    if (PER_OPTION_MODULES.has(module)) {
      for (let o = shape.gFirst[g] as number; o >= 0; o = shape.oNext[o] as number) {
        const name = shape.oName[o];
        if (module === '' && (name === '-c' || name === '--set-counters')) continue;
        const hash = wordsHash(buf, shape.oW0[o] as number, shape.oW1[o] as number, m);
        table.push(table.lookup(shape.oStart[o] as number, shape.oEnd[o] as number, m, hash));
        n++;
      }
      continue;
    }
    const first = shape.gFirst[g] as number;
    let last = first;
    for (let o = first; o >= 0; o = shape.oNext[o] as number) {
      if (o !== first && shape.oW0[o] !== (shape.oW1[last] as number) + 1) return abandon(table, off);
      last = o;
    }
    const id =
      first < 0
        ? table.lookup(0, 0, m, wordsHash(buf, 0, -1, m))
        : table.lookup(
            shape.oStart[first] as number,
            shape.oEnd[last] as number,
            m,
            wordsHash(buf, shape.oW0[first] as number, shape.oW1[last] as number, m),
          );
    table.push(id);
    n++;
  }
  table.pool[off] = n;
  if (shape.tGen === 0) {
    table.push(TARGET_NONE);
    return off;
  }
  if (shape.tOpts === 0) {
    table.push(shape.tGoto ? TARGET_GOTO : TARGET_JUMP);
    return off;
  }
  let lastWord = shape.tWord + 1;
  for (let o = shape.tFirst; o >= 0; o = shape.oNext[o] as number) {
    if (shape.oW0[o] !== lastWord + 1) return abandon(table, off);
    lastWord = shape.oW1[o] as number;
  }
  const m = table.moduleId(TARGET_PIECE);
  table.push(table.lookup(shape.tStart, shape.tEnd, m, wordsHash(buf, shape.tWord, lastWord, m)));
  return off;
}

function abandon(table: EntryTable, off: number): number {
  table.poolLength = off;
  return -1;
}
