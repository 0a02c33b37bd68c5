import { TABLE_NAMES, type TableName } from '../iptables';
import { scanFamily } from './family';

/**
 * The one pass of the lazy reader: where the tables, chain declarations and each chain's rule
 * lines are — offsets only, no rule is read. It costs about what finding every line end costs
 * (`indexOf('\n')` per line, one in-place comparison of a rule's chain word with the previous
 * rule's, a string only per chain declaration and per change of chain).
 *
 * It accepts only the plain shape of `iptables-save` output and kube-proxy's restore input —
 * `*table`, `:CHAIN POLICY [p:b]`, `[p:b] -A CHAIN …` for a declared chain, `#` comments, `COMMIT`,
 * blank lines — so that reading a chain's lines on their own gives what the full parse gives for
 * them. Anything else (excerpts, listings, `-I`/`-N`/`-X`, quoted chain
 * names, tabs, a table without COMMIT or twice, a rule for an undeclared chain, an address family
 * it cannot settle) makes it return the reason instead: the caller then runs the full parse.
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
  readonly byName: Map<string, number>;
}

export interface Scan {
  readonly text: string;
  readonly family: 'ipv4' | 'ipv6';
  readonly tables: ScannedTable[];
  /** Per global chain: its table (index in `tables`), name, declaration line offsets and 1-based line. */
  readonly chainTable: Int32Array;
  readonly chainName: string[];
  readonly declStart: Int32Array;
  readonly declEnd: Int32Array;
  readonly declLine: Int32Array;
  /** Per global chain: its rules are `order[first[c] .. first[c] + count[c])` (rule numbers, text order). */
  readonly first: Int32Array;
  readonly count: Int32Array;
  readonly order: Int32Array;
  /** Per rule number: its line `[ruleStart, ruleEnd)` as Parser.run hands it over (CR removed), and line. */
  readonly ruleStart: Int32Array;
  readonly ruleEnd: Int32Array;
  readonly ruleLine: Int32Array;
  readonly ruleCount: number;
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
  const rules = { start: new Grow(len >> 7), end: new Grow(len >> 7), line: new Grow(len >> 7) };
  const ruleChain = new Grow(len >> 7);
  const decl = { table: new Grow(1024), start: new Grow(1024), end: new Grow(1024), line: new Grow(1024) };
  const names: string[] = [];
  const tables: ScannedTable[] = [];
  let table: ScannedTable | null = null;
  let prevChain = -1;
  let prevName = '';
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
        const pl = prevName.length;
        let id = prevChain;
        if (
          id < 0 ||
          !text.startsWith(prevName, cs) ||
          (cs + pl !== end && text.charCodeAt(cs + pl) !== 32)
        ) {
          let ce = text.indexOf(' ', cs);
          if (ce === -1 || ce > end) ce = end;
          const name = text.slice(cs, ce);
          const found = table.byName.get(name);
          if (found === undefined || name.includes('"'))
            return fail('a rule for an undeclared chain', lineNo);
          id = found;
          prevChain = id;
          prevName = name;
        }
        rules.start.push(pos);
        rules.end.push(end);
        rules.line.push(lineNo);
        ruleChain.push(id);
      } else if (c === 58) {
        if (table === null) return fail('a chain outside a table', lineNo);
        let ne = text.indexOf(' ', pos + 1);
        if (ne === -1 || ne > end) return fail('a chain line without policy', lineNo);
        const name = text.slice(pos + 1, ne);
        if (name === '' || table.byName.has(name)) return fail('a chain declared twice', lineNo);
        for (let i = ne; i < end; i++)
          if (text.charCodeAt(i) === 34) return fail('a quoted chain line', lineNo);
        ne = names.length;
        names.push(name);
        table.byName.set(name, ne);
        table.chains.push(ne);
        decl.table.push(tables.length - 1);
        decl.start.push(pos);
        decl.end.push(end);
        decl.line.push(lineNo);
      } else if (c === 42) {
        if (table !== null) return fail('a table without COMMIT', lineNo);
        const name = text.slice(pos + 1, end) as TableName;
        if (!TABLE_NAMES.includes(name) || tables.some((t) => t.name === name))
          return fail('an unknown or repeated table', lineNo);
        table = { name, start: pos, end, line: lineNo, close: -1, chains: [], byName: new Map() };
        tables.push(table);
        prevChain = -1;
        prevName = '';
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
  const nChains = names.length;
  const nRules = rules.start.n;
  const chainOf = ruleChain.done();
  const count = new Int32Array(nChains);
  for (let i = 0; i < nRules; i++) count[chainOf[i] as number] = (count[chainOf[i] as number] as number) + 1;
  const first = new Int32Array(nChains);
  for (let c = 1; c < nChains; c++) first[c] = (first[c - 1] as number) + (count[c - 1] as number);
  const next = first.slice();
  const order = new Int32Array(nRules);
  for (let i = 0; i < nRules; i++) {
    const c = chainOf[i] as number;
    const at = next[c] as number;
    order[at] = i;
    next[c] = at + 1;
  }
  return {
    ok: true,
    scan: {
      text,
      family,
      tables,
      chainTable: decl.table.done(),
      chainName: names,
      declStart: decl.start.done(),
      declEnd: decl.end.done(),
      declLine: decl.line.done(),
      first,
      count,
      order,
      ruleStart: rules.start.done(),
      ruleEnd: rules.end.done(),
      ruleLine: rules.line.done(),
      ruleCount: nRules,
    },
  };
}
