import { hashRange, sameText } from './names';

/**
 * The chain names of one parse, each interned once and numbered, looked up by a range of the text
 * (names.ts hashing) so that a rule's chain and target resolve without slicing a string. Per name
 * it keeps which tables declare it and which have rules for it without declaring it, as one bit
 * per table: the parser asks this for every rule, and an array read is much cheaper than a Map
 * lookup on a 130,000-chain dump. The open-addressing slots hold [hash, id + 1, start, length] side
 * by side, and a name first met in the text is compared with that text in place: one cache line
 * per probe.
 */
export class ChainNames {
  /** Name by id (0..count-1; preallocated, so read `count`, not `names.length`). */
  readonly names: string[];
  count = 0;
  /** Per id: bit `TableState.bit` set when that table declares the chain. */
  declared: Uint16Array;
  /** Per id: bit set when that table has rules for the chain without declaring it. */
  undeclared: Uint16Array;
  /** [hash, id + 1 (0: empty), start in `text` (-1: compare with `names[id]`), length] per slot. */
  private slots: Int32Array;
  private mask: number;

  /** `text`: the parsed text; sized for about one chain per 256 characters of it (grows if need be). */
  constructor(private readonly text: string) {
    const cap = capacityFor(text.length >> 8);
    this.names = new Array<string>(cap);
    this.declared = new Uint16Array(cap);
    this.undeclared = new Uint16Array(cap);
    this.slots = new Int32Array(8 * cap);
    this.mask = 2 * cap - 1;
  }

  /** The id of the name `text[start, end)` (whose hashRange is `hash`), or -1. */
  find(text: string, start: number, end: number, hash: number): number {
    const slots = this.slots;
    const len = end - start;
    const own = text === this.text;
    for (let i = hash & this.mask; ; i = (i + 1) & this.mask) {
      const at = i << 2;
      const id = (slots[at + 1] as number) - 1;
      if (id < 0) return -1;
      if (slots[at] !== hash || slots[at + 3] !== len) continue;
      const from = slots[at + 2] as number;
      if (
        own && from >= 0 ? sameRange(text, from, start, len) : sameText(this.names[id] as string, text, start)
      )
        return id;
    }
  }

  /** The id of `name`, or -1. */
  idOf(name: string): number {
    return this.find(name, 0, name.length, hashRange(name, 0, name.length));
  }

  /** The id of the name `text[start, end)`, added when new. */
  intern(text: string, start: number, end: number, hash: number): number {
    const found = this.find(text, start, end, hash);
    if (found >= 0) return found;
    const id = this.count++;
    const name = start === 0 && end === text.length ? text : text.slice(start, end);
    if (id < this.names.length) this.names[id] = name;
    else this.names.push(name);
    if (id === this.declared.length) this.grow();
    if (this.count * 2 > this.mask + 1) this.rehash();
    placeSlot(this.slots, this.mask, hash, id, text === this.text ? start : -1, end - start);
    return id;
  }

  private rehash(): void {
    const old = this.slots;
    const mask = this.mask * 2 + 1;
    const slots = new Int32Array(4 * (mask + 1));
    for (let at = 0; at < old.length; at += 4) {
      if (old[at + 1] === 0) continue;
      const hash = old[at] as number;
      placeSlot(slots, mask, hash, (old[at + 1] as number) - 1, old[at + 2] as number, old[at + 3] as number);
    }
    this.slots = slots;
    this.mask = mask;
  }

  private grow(): void {
    const cap = this.declared.length * 2;
    const declared = new Uint16Array(cap);
    declared.set(this.declared);
    this.declared = declared;
    const undeclared = new Uint16Array(cap);
    undeclared.set(this.undeclared);
    this.undeclared = undeclared;
  }
}

/** A power of two ≥ `n` (at least 1024). */
export function capacityFor(n: number): number {
  let cap = 1024;
  while (cap < n && cap < 1 << 24) cap *= 2;
  return cap;
}

/** True when `text[a, a + len)` equals `text[b, b + len)`. */
export function sameRange(text: string, a: number, b: number, len: number): boolean {
  if (a === b) return true;
  for (let i = 0; i < len; i++) if (text.charCodeAt(a + i) !== text.charCodeAt(b + i)) return false;
  return true;
}

/**
 * Puts `id` into an open-addressed slot table (linear probing; 4 ints a slot: hash, id + 1, text
 * offset or -1, length). Shared by ChainNames and the entry pool (entries.ts).
 */
export function placeSlot(
  slots: Int32Array,
  mask: number,
  hash: number,
  id: number,
  from: number,
  len: number,
): void {
  let i = hash & mask;
  while (slots[(i << 2) + 1] !== 0) i = (i + 1) & mask;
  const at = i << 2;
  slots[at] = hash;
  slots[at + 1] = id + 1;
  slots[at + 2] = from;
  slots[at + 3] = len;
}
