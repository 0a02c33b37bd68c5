import type { TableState } from './tableState';

/**
 * Items (rules, chain declarations) of several tables in text order, handed to each table's array
 * once parsing is over. A 100,000s-long array that grows one `push` at a time costs several times
 * more than filling a preallocated one, and a table's items usually form one run: `place` copies
 * that run with one `slice`.
 */
export class RunList<T> {
  private readonly items: T[];
  private count = 0;
  /** Runs of consecutive items of one table state. */
  private readonly runs: { table: TableState; from: number }[] = [];

  /** `capacity`: expected number of items (more is fine). */
  constructor(capacity: number) {
    this.items = new Array<T>(capacity);
  }

  add(table: TableState, item: T): void {
    const n = this.count++;
    if (n < this.items.length) this.items[n] = item;
    else this.items.push(item);
    const runs = this.runs;
    const last = runs[runs.length - 1];
    if (last === undefined || last.table !== table) runs.push({ table, from: n });
  }

  /** The first item of `table` that `test` accepts (a linear search: for rare questions only). */
  find(table: TableState, test: (item: T) => boolean): T | undefined {
    for (let r = 0; r < this.runs.length; r++) {
      const run = this.runs[r] as { table: TableState; from: number };
      if (run.table !== table) continue;
      const to = this.end(r);
      for (let i = run.from; i < to; i++) if (test(this.items[i] as T)) return this.items[i];
    }
    return undefined;
  }

  private end(r: number): number {
    return r + 1 < this.runs.length ? (this.runs[r + 1] as { from: number }).from : this.count;
  }

  /** Appends every item to its table's array (`arrayOf(table)`, `set` when it is still empty), then empties. */
  place(
    arrayOf: (table: TableState) => { readonly length: number; push(item: T): number },
    set: (table: TableState, items: T[]) => void,
  ): void {
    for (let r = 0; r < this.runs.length; r++) {
      const { table, from } = this.runs[r] as { table: TableState; from: number };
      const to = this.end(r);
      const into = arrayOf(table);
      if (into.length === 0) set(table, this.items.slice(from, to));
      else for (let i = from; i < to; i++) into.push(this.items[i] as T);
    }
    this.runs.length = 0;
    this.items.length = 0;
    this.count = 0;
  }
}
