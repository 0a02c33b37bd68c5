import { TABLE_NAMES, type TableName } from '../ruleset';
import { scanFamily } from './family';
import { ScanNames } from './names';

/**
 * The one pass of the lazy reader: where the tables, chain declarations and each chain's rule
 * lines are — offsets only, no rule is read, no string made per line. Per rule line it costs one
 * `indexOf('\n')` and one in-place comparison of the chain word with the previous rule's; per
 * chain declaration, a hash of the name (names.ts); a chain's rules are kept as runs of lines.
 * Measured on the 10,000-Service dump: 4–5× `split('\n')` (the address-family pass, family.ts,
 * is ~15% of it).
 *
 * It accepts only the plain shape of `iptables-save` output and kube-proxy's restore input —
 * `*table`, `:CHAIN POLICY [p:b]`, `[p:b] -A CHAIN …` for a declared chain, `#` comments, `COMMIT`,
 * blank lines — so that reading a chain's lines on their own gives what the full parse gives for
 * them. Anything else (excerpts, listings, `-I`/`-N`/`-X`, quoted chain names, tabs, a table
 * without COMMIT or twice, a rule for an undeclared chain, an address family it cannot settle)
 * makes it return the reason instead: the caller then runs the full parse.
 */

export interface ScannedTable {
  readonly name: TableName;
  /** The `*table` header line (trimmed) and its 1-based line. */
  readonly start: number;
  readonly end: number;
  readonly line: number;
  /** Offset just past this table's COMMIT line. */
  readonly close: number;
  /** Global chain numbers of this table's declarations, in text order. */
  readonly chains: number[];
  /** Chain name → global chain number. */
  readonly byName: { get(name: string): number | undefined; has(name: string): boolean };
}

export interface Scan {
  readonly text: string;
  readonly family: 'ipv4' | 'ipv6';
  readonly tables: ScannedTable[];
  /** Per global chain: its table (index in `tables`), name, declaration line offsets and 1-based line. */
  readonly chainTable: Int32Array;
  readonly names: ScanNames;
  readonly declStart: Int32Array;
  readonly declEnd: Int32Array;
  readonly declLine: Int32Array;
  /** Per global chain: its number of rules. */
  readonly count: Int32Array;
  /**
   * Runs of consecutive rule lines of one chain (kube-proxy writes a chain's rules one after the
   * other, so a chain has one run): the first line's offset and 1-based line, the number of lines,
   * and the chain's next run (-1: none). `firstRun[c]` is chain c's first run (-1: no rules).
   */
  readonly runStart: Int32Array;
  readonly runLine: Int32Array;
  readonly runCount: Int32Array;
  readonly runNext: Int32Array;
  readonly firstRun: Int32Array;
  readonly ruleCount: number;
}

/** Where a chain's rule lines are: `[starts[j], ends[j])` as Parser.run cuts line j, and its line. */
export interface ChainLines {
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly lines: Int32Array;
}

/** The rule lines of chain `c`, found by walking its runs (one `indexOf` per line). */
export function chainLines(scan: Scan, c: number): ChainLines {
  const n = scan.count[c] as number;
  const starts = new Int32Array(n);
  const ends = new Int32Array(n);
  const lines = new Int32Array(n);
  const { text } = scan;
  let j = 0;
  for (let r = scan.firstRun[c] as number; r !== -1; r = scan.runNext[r] as number) {
    let pos = scan.runStart[r] as number;
    let line = scan.runLine[r] as number;
    for (let i = scan.runCount[r] as number; i > 0; i--) {
      let nl = text.indexOf('\n', pos);
      if (nl === -1) nl = text.length;
      let end = nl;
      if (end > pos && text.charCodeAt(end - 1) === 13) end--;
      starts[j] = pos;
      ends[j] = end;
      lines[j] = line++;
      j++;
      pos = nl + 1;
    }
  }
  return { starts, ends, lines };
}

export type ScanResult =
  | { readonly ok: true; readonly scan: Scan }
  | { readonly ok: false; readonly reason: string };

class Grow {
  a: Int32Array;
  n = 0;
  constructor(cap: number) {
    this.a = new Int32Array(Math.max(16, cap));
  }
  push(v: number): void {
    if (this.n === this.a.length) {
      const b = new Int32Array(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.n++] = v;
  }
  done(): Int32Array {
    return this.a.subarray(0, this.n);
  }
}

/** `[digits:digits]` in `text[start, end)`. */
function isCounters(text: string, start: number, end: number): boolean {
  let colon = -1;
  for (let i = start + 1; i < end - 1; i++) {
    const c = text.charCodeAt(i);
    if (c === 58 && colon === -1) colon = i;
    else if (c < 48 || c > 57) return false;
  }
  return text.charCodeAt(end - 1) === 93 && colon > start + 1 && colon < end - 2;
}

const fail = (reason: string, line: number): ScanResult => ({ ok: false, reason: `line ${line}: ${reason}` });

/** Scans `text` (see the file comment); never throws. */
export function scanIptablesSave(text: string): ScanResult {
  if (text.indexOf('\t') !== -1) return { ok: false, reason: 'tabs' };
  const family = scanFamily(text);
  if (family === null) return { ok: false, reason: 'address family not certain' };
  const len = text.length;
  const runs = { start: new Grow(4096), line: new Grow(4096), count: new Grow(4096), next: new Grow(4096) };
  const decl = { table: new Grow(1024), start: new Grow(1024), end: new Grow(1024), line: new Grow(1024) };
  const perChain = { count: new Grow(1024), first: new Grow(1024), last: new Grow(1024) };
  let ruleCount = 0;
  let lastRuleLine = -2;
  const names = new ScanNames(text);
  let tableIndex = -1;
  let seed = 0;
  const tables: ScannedTable[] = [];
  let table: ScannedTable | null = null;
  let prevChain = -1;
  let prevAt = 0;
  let prevLength = 0;
  let prevRunChain = -1;
  let pos = 0;
  let lineNo = 0;
  for (;;) {
    let nl = text.indexOf('\n', pos);
    if (nl === -1) nl = len;
    lineNo++;
    let end = nl;
    if (end > pos && text.charCodeAt(end - 1) === 13) end--;
    while (end > pos && text.charCodeAt(end - 1) === 32) end--;
    if (end > pos) {
      const c = text.charCodeAt(pos);
      if (c === 45 || c === 91) {
        // `-A CHAIN …`, or `[packets:bytes] -A CHAIN …` (iptables-save -c).
        if (table === null) return fail('a rule outside a table', lineNo);
        let a = pos;
        if (c === 91) {
          a = text.indexOf('] ', pos) + 2;
          if (a === 1 || a > end || !isCounters(text, pos, a - 1)) return fail('bad counters', lineNo);
        }
        if (text.charCodeAt(a) !== 45 || text.charCodeAt(a + 1) !== 65 || text.charCodeAt(a + 2) !== 32)
          return fail('not an -A rule', lineNo);
        const cs = a + 3;
        const pl = prevLength;
        let id = prevChain;
        let same = id >= 0 && (cs + pl === end || text.charCodeAt(cs + pl) === 32);
        for (let k = 0; same && k < pl; k++)
          if (text.charCodeAt(prevAt + k) !== text.charCodeAt(cs + k)) same = false;
        // iptables-save writes the rules chain by chain in declaration order: try the next chain.
        const guess = id >= 0 ? id + 1 : (table.chains[0] ?? -1);
        if (!same && names.isAt(guess, tableIndex, cs, end)) {
          id = guess;
          prevChain = id;
          prevAt = cs;
          prevLength = names.lengthOf(id);
        } else if (!same) {
          let h = seed;
          let ce = cs;
          for (; ce < end; ce++) {
            const ch = text.charCodeAt(ce);
            if (ch === 32) break;
            if (ch === 34) return fail('a quoted chain name', lineNo);
            h = ScanNames.step(h, ch);
          }
          id = names.find(tableIndex, cs, ce - cs, h);
          if (id < 0) return fail('a rule for an undeclared chain', lineNo);
          prevChain = id;
          prevAt = cs;
          prevLength = ce - cs;
        }
        ruleCount++;
        perChain.count.a[id] = (perChain.count.a[id] as number) + 1;
        if (lineNo === lastRuleLine + 1 && id === prevRunChain)
          runs.count.a[runs.count.n - 1] = (runs.count.a[runs.count.n - 1] as number) + 1;
        else {
          const r = runs.start.n;
          runs.start.push(pos);
          runs.line.push(lineNo);
          runs.count.push(1);
          runs.next.push(-1);
          const last = perChain.last.a[id] as number;
          if (last === -1) perChain.first.a[id] = r;
          else runs.next.a[last] = r;
          perChain.last.a[id] = r;
          prevRunChain = id;
        }
        lastRuleLine = lineNo;
      } else if (c === 58) {
        if (table === null) return fail('a chain outside a table', lineNo);
        let h = seed;
        let ne = pos + 1;
        for (; ne < end; ne++) {
          const ch = text.charCodeAt(ne);
          if (ch === 32) break;
          if (ch === 34) return fail('a quoted chain line', lineNo);
          h = ScanNames.step(h, ch);
        }
        if (ne >= end || ne === pos + 1) return fail('a chain line without policy', lineNo);
        if (names.find(tableIndex, pos + 1, ne - pos - 1, h) >= 0)
          return fail('a chain declared twice', lineNo);
        // Quotes in the policy would make the parser's policy differ from this word.
        for (let i = ne + 1; i < end && text.charCodeAt(i) !== 32; i++)
          if (text.charCodeAt(i) === 34) return fail('a quoted chain line', lineNo);
        ne = names.add(tableIndex, pos + 1, ne - pos - 1, h);
        if (ne < 0) return fail('a chain declared twice', lineNo);
        table.chains.push(ne);
        decl.table.push(tableIndex);
        decl.start.push(pos);
        decl.end.push(end);
        decl.line.push(lineNo);
        perChain.count.push(0);
        perChain.first.push(-1);
        perChain.last.push(-1);
      } else if (c === 42) {
        if (table !== null) return fail('a table without COMMIT', lineNo);
        const name = text.slice(pos + 1, end) as TableName;
        if (!TABLE_NAMES.includes(name) || tables.some((t) => t.name === name))
          return fail('an unknown or repeated table', lineNo);
        tableIndex = tables.length;
        seed = ScanNames.seed(tableIndex);
        const t = tableIndex;
        table = {
          name,
          start: pos,
          end,
          line: lineNo,
          close: -1,
          chains: [],
          byName: {
            get: (chain: string) => {
              const id = names.findName(t, chain);
              return id < 0 ? undefined : id;
            },
            has: (chain: string) => names.findName(t, chain) >= 0,
          },
        };
        tables.push(table);
        prevChain = -1;
      } else if (c === 67 && end - pos === 6 && text.startsWith('COMMIT', pos)) {
        if (table === null) return fail('COMMIT outside a table', lineNo);
        (table as { close: number }).close = nl;
        table = null;
      } else if (c !== 35) return fail('a line the lazy reader does not take', lineNo);
    }
    if (nl >= len) break;
    pos = nl + 1;
  }
  if (table !== null) return fail('a table without COMMIT', lineNo);
  if (tables.length === 0) return { ok: false, reason: 'no table' };
  return {
    ok: true,
    scan: {
      text,
      family,
      tables,
      chainTable: decl.table.done(),
      names,
      declStart: decl.start.done(),
      declEnd: decl.end.done(),
      declLine: decl.line.done(),
      count: perChain.count.done(),
      runStart: runs.start.done(),
      runLine: runs.line.done(),
      runCount: runs.count.done(),
      runNext: runs.next.done(),
      firstRun: perChain.first.done(),
      ruleCount,
    },
  };
}
