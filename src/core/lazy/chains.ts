import { LineReader } from '../iptables';
import { lowerToRuleset } from '../lower';
import type { TableName } from '../ruleset';
import { type Rule, ruleId } from '../ruleset';
import type { Diagnostic } from '../text';
import type { IndexKey } from '../trace';
import { textKey } from './dispatch';
import { type ChainLines, chainLines, type Scan } from './scan';

/** Chains with at least this many rules are read rule by rule (and indexed from the text). */
export const DISPATCH_MIN = 64;

/**
 * Reads and lowers the rules of a scanned text chain by chain — or, for a long chain, rule by
 * rule — when someone first asks for them, with the parser's own line readers (LineReader) and
 * `lowerToRuleset`, so each rule equals the full pipeline's (id, index, span, line, raw, matches,
 * target). Keeps the diagnostics of what it read.
 */
export class ChainStore {
  private readonly reader: LineReader;
  /** Per global chain: its rules as read so far (holes: not read). */
  private readonly rules: (Rule | undefined)[][];
  private readonly decls: (ReturnType<LineReader['read']>['decl'] | undefined)[];
  private readonly declDiagnostics: Diagnostic[][];
  private readonly complete: Uint8Array;
  private readonly keys: (IndexKey[] | undefined)[];
  private readonly where: (ChainLines | undefined)[];
  private readonly seen = new Set<string>();
  /** Diagnostics of every line read so far (each once), in reading order. */
  readonly read: Diagnostic[] = [];
  rulesRead = 0;
  chainsRead = 0;

  constructor(readonly scan: Scan) {
    this.reader = new LineReader(scan.text, scan.family);
    const n = scan.names.count;
    this.rules = new Array(n);
    this.decls = new Array(n);
    this.declDiagnostics = new Array(n);
    this.complete = new Uint8Array(n);
    this.keys = new Array(n);
    this.where = new Array(n);
  }

  /** Where chain `c`'s rule lines are (found once). */
  lines(c: number): ChainLines {
    let w = this.where[c];
    if (w === undefined) {
      w = chainLines(this.scan, c);
      this.where[c] = w;
    }
    return w;
  }

  /** Why the read lines did not read as the scan said (then trust only the full parse), or null. */
  get mismatch(): string | null {
    return this.reader.mismatch;
  }

  tableName(c: number): TableName {
    return (this.scan.tables[this.scan.chainTable[c] as number] as { name: TableName }).name;
  }

  /** Rule `k` of chain `c` (reads it, with its neighbours when the chain is read whole). */
  rule(c: number, k: number): Rule {
    const have = this.rules[c]?.[k];
    if (have !== undefined) return have;
    const n = this.scan.count[c] as number;
    if (n < DISPATCH_MIN) this.readChain(c);
    else {
      // A run of key-less rules is walked rule after rule: read it at once.
      const keys = this.indexKeys(c);
      let to = k + 1;
      while (to < n && keys[to] === null && this.rules[c]?.[to] === undefined && to - k < 256) to++;
      this.readRange(c, k, to);
    }
    return this.rules[c]?.[k] as Rule;
  }

  /** Every rule of chain `c`, and the diagnostics of its lines (as the full parse gives them). */
  chain(c: number): { rules: Rule[]; diagnostics: Diagnostic[] } {
    const diagnostics = this.readChain(c);
    return { rules: this.rules[c] as Rule[], diagnostics };
  }

  /** The index keys of chain `c`'s rules, read from their text (dispatch.ts). */
  indexKeys(c: number): IndexKey[] {
    let keys = this.keys[c];
    if (keys === undefined) {
      const { scan } = this;
      const name = scan.names.name(c);
      const { starts, ends } = this.lines(c);
      const n = starts.length;
      keys = new Array<IndexKey>(n);
      for (let j = 0; j < n; j++)
        keys[j] = textKey(scan.text, starts[j] as number, ends[j] as number, name, scan.family);
      this.keys[c] = keys;
    }
    return keys;
  }

  private chainDiagnostics = new Map<number, Diagnostic[]>();

  private readChain(c: number): Diagnostic[] {
    const cached = this.chainDiagnostics.get(c);
    if (cached !== undefined && this.complete[c] === 1) return cached;
    const diagnostics = this.readRange(c, 0, this.scan.count[c] as number, true);
    this.complete[c] = 1;
    this.chainsRead++;
    this.chainDiagnostics.set(c, diagnostics);
    return diagnostics;
  }

  /** Reads rules [from, to) of chain `c`; returns the diagnostics of its declaration and those lines. */
  private readRange(c: number, from: number, to: number, whole = false): Diagnostic[] {
    const { scan, reader } = this;
    const t = scan.tables[scan.chainTable[c] as number] as Scan['tables'][number];
    reader.table(t.name, t.start, t.end, t.line);
    if (this.decls[c] === undefined) {
      const got = reader.read(
        {
          start: scan.declStart[c] as number,
          end: scan.declEnd[c] as number,
          line: scan.declLine[c] as number,
        },
        [],
        [],
        [],
      );
      this.decls[c] = got.decl;
      this.declDiagnostics[c] = got.diagnostics;
      this.note(got.diagnostics);
    }
    const w = this.lines(c);
    const starts = w.starts.subarray(from, to);
    const ends = w.ends.subarray(from, to);
    const lines = w.lines.subarray(from, to);
    const got = reader.read(null, starts, ends, lines);
    const decl = this.decls[c];
    const doc = reader.document(t.name, decl ? [decl] : [], got.rules);
    const lowered = lowerToRuleset(doc);
    const name = scan.names.name(c);
    const lows = lowered.result.tables[t.name]?.chains[name]?.rules ?? [];
    let list = this.rules[c];
    if (list === undefined) {
      list = new Array(scan.count[c] as number);
      this.rules[c] = list;
    }
    for (let j = 0; j < lows.length; j++) {
      const r = lows[j] as Rule;
      const k = from + j;
      if (list[k] === undefined) this.rulesRead++;
      list[k] = k === r.index ? r : { ...r, id: ruleId(t.name, name, k), index: k };
    }
    const diagnostics = [
      ...(whole ? (this.declDiagnostics[c] ?? []) : []),
      ...got.diagnostics,
      ...lowered.diagnostics,
    ];
    this.note(got.diagnostics);
    this.note(lowered.diagnostics);
    return diagnostics;
  }

  private note(list: readonly Diagnostic[]): void {
    for (const d of list) {
      const key = `${d.code}|${d.span.start}|${d.span.end}|${d.message}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      this.read.push(d);
    }
  }
}
