/**
 * The scan's chain names, kept as ranges of the text (no string per chain until one is asked for)
 * and found by an FNV-1a hash of their characters: a 10,000-Service dump declares 130,000 chains,
 * and a string plus a Map entry each would cost the scan more than reading its lines.
 */
export class ScanNames {
  private slots: Int32Array;
  private mask: number;
  private starts = new Int32Array(1024);
  private lengths = new Int32Array(1024);
  private hashes = new Int32Array(1024);
  private tables = new Int32Array(1024);
  private readonly strings: (string | undefined)[] = [];
  count = 0;

  constructor(private readonly text: string) {
    this.slots = new Int32Array(2048);
    this.mask = 1023;
  }

  /** The hash seed of table `t` (names are per table). */
  static seed(t: number): number {
    return Math.imul(0x811c9dc5 ^ t, 0x9e3779b1) | 0;
  }

  /** FNV-1a step. */
  static step(h: number, c: number): number {
    return Math.imul(h ^ c, 16777619);
  }

  /** The id of the name `text[start, start + length)` of table `t` (its hash `h`), or -1. */
  find(t: number, start: number, length: number, h: number): number {
    const { slots, text } = this;
    for (let i = h & this.mask; ; i = (i + 1) & this.mask) {
      const id = (slots[2 * i + 1] as number) - 1;
      if (id < 0) return -1;
      if (slots[2 * i] !== h || this.lengths[id] !== length || this.tables[id] !== t) continue;
      const s = this.starts[id] as number;
      let k = 0;
      while (k < length && text.charCodeAt(s + k) === text.charCodeAt(start + k)) k++;
      if (k === length) return id;
    }
  }

  /** The id of `name` in table `t`, or -1. */
  findName(t: number, name: string): number {
    let h = ScanNames.seed(t);
    for (let i = 0; i < name.length; i++) h = ScanNames.step(h, name.charCodeAt(i));
    const { slots, text } = this;
    for (let i = h & this.mask; ; i = (i + 1) & this.mask) {
      const id = (slots[2 * i + 1] as number) - 1;
      if (id < 0) return -1;
      if (slots[2 * i] !== h || this.lengths[id] !== name.length || this.tables[id] !== t) continue;
      if (text.startsWith(name, this.starts[id] as number)) return id;
    }
  }

  /** True when the text at `start` (before `end`) is chain `id`'s name of table `t`, then a space or the end. */
  isAt(id: number, t: number, start: number, end: number): boolean {
    if (id < 0 || id >= this.count || this.tables[id] !== t) return false;
    const length = this.lengths[id] as number;
    const e = start + length;
    if (e > end || (e < end && this.text.charCodeAt(e) !== 32)) return false;
    const s = this.starts[id] as number;
    const { text } = this;
    for (let k = 0; k < length; k++) if (text.charCodeAt(s + k) !== text.charCodeAt(start + k)) return false;
    return true;
  }

  /** The length of chain `id`'s name. */
  lengthOf(id: number): number {
    return this.lengths[id] as number;
  }

  /** Adds a name; returns its id, or -1 when table `t` has it already. */
  add(t: number, start: number, length: number, h: number): number {
    if (this.find(t, start, length, h) >= 0) return -1;
    const id = this.count++;
    if (id === this.starts.length) this.grow();
    this.starts[id] = start;
    this.lengths[id] = length;
    this.hashes[id] = h;
    this.tables[id] = t;
    if (2 * this.count > this.mask) this.rehash();
    else this.place(id, h);
    return id;
  }

  /** The name of chain `id` (sliced once). */
  name(id: number): string {
    let s = this.strings[id];
    if (s === undefined) {
      const start = this.starts[id] as number;
      s = this.text.slice(start, start + (this.lengths[id] as number));
      this.strings[id] = s;
    }
    return s;
  }

  private place(id: number, h: number): void {
    let i = h & this.mask;
    while (this.slots[2 * i + 1] !== 0) i = (i + 1) & this.mask;
    this.slots[2 * i] = h;
    this.slots[2 * i + 1] = id + 1;
  }

  private rehash(): void {
    const size = (this.mask + 1) * 4;
    this.slots = new Int32Array(2 * size);
    this.mask = size - 1;
    for (let id = 0; id < this.count; id++) this.place(id, this.hashes[id] as number);
  }

  private grow(): void {
    const n = this.starts.length * 2;
    const grow = (a: Int32Array) => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.starts = grow(this.starts);
    this.lengths = grow(this.lengths);
    this.hashes = grow(this.hashes);
    this.tables = grow(this.tables);
  }
}
