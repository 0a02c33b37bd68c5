import { BUILTIN_OPTIONS, MATCH_MODULES, TARGET_OPTIONS } from './modules';

/**
 * String interning keyed by a range of the pasted text, so that the hot path recognises option
 * names, modules and chain names without slicing a new string per word: the tokenizer hashes every
 * word while it scans it (FNV-1a over UTF-16 code units, `hashChar`), and a lookup compares the
 * candidate with the text in place.
 */

/** FNV-1a offset basis: the hash of an empty range. */
export const HASH_SEED = 0x811c9dc5 | 0;

/** One FNV-1a step. */
export function hashChar(h: number, c: number): number {
  return Math.imul(h ^ c, 0x01000193);
}

/** The hash of `s[start, end)`: what the tokenizer computes for a word without quotes. */
export function hashRange(s: string, start: number, end: number): number {
  let h = HASH_SEED;
  for (let i = start; i < end; i++) h = hashChar(h, s.charCodeAt(i));
  return h;
}

/** True when `text[start, start + key.length)` equals `key` (a loop: cheaper than a startsWith call here). */
export function sameText(key: string, text: string, start: number): boolean {
  const n = key.length;
  for (let i = 0; i < n; i++) if (key.charCodeAt(i) !== text.charCodeAt(start + i)) return false;
  return true;
}

/**
 * An open-addressing set of strings looked up by text range. `limit` caps how many strings it
 * takes (a 50 MB paste of distinct garbage words must not grow it without end); past the cap,
 * `intern` still returns a correct (un-shared) string.
 */
export class RangeInterner {
  private keys: (string | undefined)[];
  private hashes: Int32Array;
  private mask: number;
  size = 0;

  constructor(
    capacity = 256,
    private readonly limit = Number.POSITIVE_INFINITY,
  ) {
    let cap = 16;
    while (cap < capacity * 2) cap *= 2;
    this.keys = new Array<string | undefined>(cap).fill(undefined);
    this.hashes = new Int32Array(cap);
    this.mask = cap - 1;
  }

  /** The interned string equal to `text[start, end)` (whose hash is `hash`), or undefined. */
  find(text: string, start: number, end: number, hash: number): string | undefined {
    const len = end - start;
    for (let i = hash & this.mask; ; i = (i + 1) & this.mask) {
      const k = this.keys[i];
      if (k === undefined) return undefined;
      if (this.hashes[i] === hash && k.length === len && sameText(k, text, start)) return k;
    }
  }

  /** The interned string equal to `text[start, end)`, adding it when new (below the limit). */
  intern(text: string, start: number, end: number, hash: number): string {
    const found = this.find(text, start, end, hash);
    if (found !== undefined) return found;
    const s = text.slice(start, end);
    if (this.size < this.limit) this.insert(s, hash);
    return s;
  }

  /** Adds `s` (no check for presence). */
  add(s: string): void {
    if (this.find(s, 0, s.length, hashRange(s, 0, s.length)) === undefined)
      this.insert(s, hashRange(s, 0, s.length));
  }

  private insert(s: string, hash: number): void {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    let i = hash & this.mask;
    while (this.keys[i] !== undefined) i = (i + 1) & this.mask;
    this.keys[i] = s;
    this.hashes[i] = hash;
    this.size++;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldHashes = this.hashes;
    const cap = oldKeys.length * 2;
    this.keys = new Array<string | undefined>(cap).fill(undefined);
    this.hashes = new Int32Array(cap);
    this.mask = cap - 1;
    for (let j = 0; j < oldKeys.length; j++) {
      const k = oldKeys[j];
      if (k === undefined) continue;
      let i = (oldHashes[j] as number) & this.mask;
      while (this.keys[i] !== undefined) i = (i + 1) & this.mask;
      this.keys[i] = k;
      this.hashes[i] = oldHashes[j] as number;
    }
  }
}

/**
 * Every option, module and target name the parser knows (and the words the rule grammar looks
 * for), shared by all parses: a rule's words resolve to these strings without allocation.
 */
export const KNOWN_NAMES = new RangeInterner(1024, 0);
for (const w of ['-m', '--match', '-j', '--jump', '-g', '--goto', '!', '-', 'ACCEPT', 'DROP'])
  KNOWN_NAMES.add(w);
for (const k of BUILTIN_OPTIONS.keys()) KNOWN_NAMES.add(k);
for (const [m, opts] of MATCH_MODULES) {
  KNOWN_NAMES.add(m);
  for (const k of opts.keys()) KNOWN_NAMES.add(k);
}
for (const [t, opts] of TARGET_OPTIONS) {
  KNOWN_NAMES.add(t);
  for (const k of opts.keys()) KNOWN_NAMES.add(k);
}
