import type { Diagnostic } from '../text';
import type { ChainDecl, IptablesDocument, RuleNode, TableName, TableNode } from './ast';
import { readChainLine } from './chainLine';
import { Parser } from './parser';
import { readCommandLine } from './ruleLine';
import type { TableState } from './tableState';

/**
 * Reads chosen lines of one iptables-save text with the parser's own line readers, so that a
 * chain read on its own (core/lazy) has exactly the nodes, spans and diagnostics a full
 * `parseIptablesSave` gives for those lines. One parser (and its chain names and lowering pieces)
 * serves every read of the text. It takes only what the lazy scan accepts: `*table` … COMMIT
 * blocks of `:CHAIN` and `-A CHAIN` lines; document-wide findings (jumps to missing chains, jump
 * loops and depth, missing COMMIT) are not its business: the full parse reports them.
 */
export class LineReader {
  private readonly p: Parser;
  private readonly states = new Map<TableName, TableState>();
  /** Set when a line did not read as the scan expected (the caller falls back to the full parse). */
  mismatch: string | null = null;

  constructor(
    readonly text: string,
    readonly family: 'ipv4' | 'ipv6',
  ) {
    this.p = new Parser(text);
    this.p.ctx.ipv6 = family === 'ipv6';
  }

  /** Opens table `name` (its `*name` header at [start, end), 1-based `line`) for the next reads. */
  table(name: TableName, start: number, end: number, line: number): void {
    let t = this.states.get(name);
    if (t === undefined) {
      t = this.p.newTable(name, start, end, line, true);
      t.committed = true;
      this.p.tables.push(t);
      this.states.set(name, t);
    }
    this.p.current = t;
  }

  /**
   * Reads a `:CHAIN` line and the given `-A` lines (each `[start, end)` as Parser.run cuts lines,
   * with its 1-based line) of the open table. Returns the declaration, the rules in the order
   * given, and the diagnostics of those lines.
   */
  read(
    decl: { start: number; end: number; line: number } | null,
    starts: ArrayLike<number>,
    ends: ArrayLike<number>,
    lines: ArrayLike<number>,
  ): { decl: ChainDecl | null; rules: RuleNode[]; diagnostics: Diagnostic[] } {
    const p = this.p;
    const t = p.current as TableState;
    const chainsBefore = t.chains.length;
    const rulesBefore = t.rules.length;
    const sink = p.sink;
    if (decl !== null) readChainLine(p, decl.start, trimEnd(this.text, decl.start, decl.end), decl.line);
    for (let i = 0; i < starts.length; i++) {
      const s = starts[i] as number;
      const e = trimEnd(this.text, s, ends[i] as number);
      if (!readCommandLine(p, s, e, lines[i] as number)) this.mismatch = `line ${lines[i]} is not a rule`;
    }
    p.endRun();
    p.placeLists();
    const rules = t.rules.slice(rulesBefore);
    const declNode = decl === null ? null : (t.chains[chainsBefore] ?? null);
    if (rules.length !== starts.length || (decl !== null && declNode === null))
      this.mismatch ??= 'a line did not read as one rule';
    if (p.ctx.ipv6 !== (this.family === 'ipv6')) this.mismatch ??= 'the address family differs';
    const diagnostics = sink.list.slice();
    sink.list.length = 0;
    return { decl: declNode, rules, diagnostics };
  }

  /** A one-table document of `chains` and `rules` read here, ready for lowerToRuleset. */
  document(name: TableName, chains: readonly ChainDecl[], rules: readonly RuleNode[]): IptablesDocument {
    const t = this.states.get(name) as TableState;
    const table: TableNode = {
      name,
      span: t.span,
      declared: true,
      chains,
      rules,
      commands: [],
      committed: true,
      line: t.line,
    };
    return {
      tables: [table],
      comments: [],
      family: this.family,
      flavour: 'iptables-save',
      checkedJumps: true,
    };
  }
}

/** Parser.line trims trailing spaces and tabs before reading a line. */
function trimEnd(text: string, start: number, end: number): number {
  let e = end;
  while (e > start && (text.charCodeAt(e - 1) === 32 || text.charCodeAt(e - 1) === 9)) e--;
  return e;
}
