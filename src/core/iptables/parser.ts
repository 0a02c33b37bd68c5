import type { CommentLine, TableName } from './ast';
import { TABLE_NAMES } from './ast';
import { readChainLine } from './chainLine';
import { ChainNames } from './chainNames';
import { EntryTable } from './entries';
import { ExcerptLines } from './excerpt';
import { hashRange } from './names';
import { readOtherLine } from './otherLine';
import { readCommandLine } from './ruleLine';
import { type RuleContext, RuleShape } from './ruleShape';
import { RunList } from './runList';
import type { SavedChain } from './savedChain';
import type { SavedRule } from './savedRule';
import { DiagnosticSink } from './sink';
import { ParseSource } from './source';
import { newTable, type TableState } from './tableState';
import { TokenBuffer } from './tokenize';

export { BUILTIN_CHAIN_NAMES } from './tableState';

/**
 * The line state machine of iptables-restore (iptables-restore.c / xtables-restore.c):
 * `*table` → `:CHAIN POLICY [p:b]` → `-A …` → `COMMIT`, plus excerpts without headers and
 * `iptables -S` listings. One instance per parse; `finishDocument` (finish.ts) turns it into the AST.
 */
export class Parser {
  readonly sink = new DiagnosticSink();
  readonly buf = new TokenBuffer();
  readonly ctx: RuleContext;
  readonly src: ParseSource;
  /** Chain names, one string per distinct name. */
  readonly chains: ChainNames;
  /** Scratch structure of the rule being read. */
  readonly shape = new RuleShape();
  /** The chain id of the last rule (kube-proxy writes a chain's rules one after the other). */
  lastChain = -1;
  /** Where the last rule's (unquoted) chain word is in the text (-1: none), and its length. */
  lastChainAt = -1;
  lastChainLength = 0;
  /** Bit of the next table state (chainNames.ts keeps one bit per table state). */
  nextBit = 1;
  /** Rules and chain declarations in text order, handed to their tables at the end (runList.ts). */
  readonly ruleList: RunList<SavedRule>;
  readonly chainList: RunList<SavedChain>;
  readonly tables: TableState[] = [];
  readonly comments: CommentLine[] = [];
  current: TableState | null = null;
  /** Set inside `*unknowntable` … COMMIT: its lines are skipped without more errors. */
  inBadTable = false;
  /** The text has `*table` headers somewhere (else it is an excerpt). */
  hasHeaders: boolean;
  /** The text is `iptables -S` output (`-P`/`-N` lines, no headers): one table, named at the end. */
  readonly listed: boolean;
  listedTable: TableState | null = null;
  readonly policyChains: string[] = [];
  readonly votes = new Map<TableName, number>();
  /** Excerpt chains already placed in a table (restore commands outside a table, ruleLine.ts). */
  readonly knownChains = new Map<string, TableName>();
  /** Lines outside any table, placed once the whole text is read (excerpt.ts); null until one is met. */
  excerpt: ExcerptLines | null = null;
  /** `iptables -L` or nft text was recognised: further foreign lines are skipped silently. */
  foreign = false;
  private runKind: 'skipped' | 'binary' | null = null;
  private runStart = 0;
  private runEnd = 0;
  private runLines = 0;

  constructor(readonly text: string) {
    this.chains = new ChainNames(text);
    // Room for one rule per 64 characters and one chain per 128 (kube-proxy lines are longer).
    this.ruleList = new RunList(Math.min(1 << 22, (text.length >> 6) + 16));
    this.chainList = new RunList(Math.min(1 << 21, (text.length >> 7) + 16));
    this.ctx = { text, buf: this.buf, sink: this.sink, chains: this.chains, ipv6: false };
    this.src = new ParseSource(text, this.chains, new EntryTable(text));
    this.hasHeaders = text.charCodeAt(0) === 42 || text.indexOf('\n*') !== -1;
    this.listed =
      !this.hasHeaders &&
      (text.startsWith('-P ') ||
        text.startsWith('-N ') ||
        text.indexOf('\n-P ') !== -1 ||
        text.indexOf('\n-N ') !== -1);
  }

  /** The excerpt's pending lines (made on first use). */
  excerptLines(): ExcerptLines {
    if (this.excerpt === null) this.excerpt = new ExcerptLines();
    return this.excerpt;
  }

  /** Feeds every line of the text (LF or CRLF) to `line`. */
  run(): void {
    const text = this.text;
    const len = text.length;
    let pos = 0;
    let lineNo = 0;
    for (;;) {
      let nl = text.indexOf('\n', pos);
      if (nl === -1) nl = len;
      lineNo++;
      let end = nl;
      if (end > pos && text.charCodeAt(end - 1) === 13) end--;
      this.line(pos, end, lineNo);
      if (nl >= len) break;
      pos = nl + 1;
    }
    this.endRun();
  }

  private line(start: number, end: number, lineNo: number): void {
    const text = this.text;
    let s = start;
    while (s < end && (text.charCodeAt(s) === 32 || text.charCodeAt(s) === 9)) s++;
    while (end > s && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--;
    if (s === end) return;
    const c = text.charCodeAt(s);
    if (c === 35) {
      this.endRun();
      this.comments.push({ text: text.slice(s, end), span: { start: s, end }, line: lineNo });
      return;
    }
    if (this.inBadTable && c !== 42 && !(c === 67 && text.startsWith('COMMIT', s))) return;
    if (c === 45 || c === 91) {
      if (readCommandLine(this, s, end, lineNo)) this.endRun();
      return;
    }
    if (c === 42) {
      this.header(s, end, lineNo);
      return;
    }
    if (c === 58) {
      readChainLine(this, s, end, lineNo);
      return;
    }
    if (c === 67 && end - s === 6 && text.startsWith('COMMIT', s)) {
      this.commit(s, end);
      return;
    }
    this.other(s, end);
  }

  /** A line that is not iptables-save text: foreign format, binary data, prose or a bad line. */
  other(s: number, end: number): void {
    readOtherLine(this, s, end);
  }

  extendRun(kind: 'skipped' | 'binary', s: number, end: number): void {
    if (this.runKind !== kind) {
      this.endRun();
      this.runKind = kind;
      this.runStart = s;
      this.runLines = 0;
    }
    this.runEnd = end;
    this.runLines++;
  }

  /** Reports the pending run of skipped or binary lines as one diagnostic. */
  endRun(): void {
    if (this.runKind === null) return;
    const n = this.runLines;
    if (this.runKind === 'binary') {
      this.sink.add(
        'iptables/binary-data',
        `${n} line(s) of binary data (NUL or control characters): not text.`,
        this.runStart,
        this.runEnd,
      );
    } else {
      this.sink.add(
        'iptables/skipped-line',
        `${n} line(s) that are not iptables rules were skipped.`,
        this.runStart,
        this.runEnd,
      );
    }
    this.runKind = null;
  }

  private header(s: number, end: number, lineNo: number): void {
    this.endRun();
    const name = this.text.slice(s + 1, end).trim();
    const prev = this.current;
    if (prev !== null && !prev.committed) {
      this.sink.add(
        'iptables/missing-commit',
        `*${prev.name} ends without COMMIT.`,
        prev.span.start,
        prev.span.end,
      );
    }
    this.current = null;
    this.inBadTable = false;
    // The prescan only sees headers at a line start; an indented one counts from here on.
    this.hasHeaders = true;
    if (!(TABLE_NAMES as readonly string[]).includes(name)) {
      this.sink.add(
        'iptables/bad-table',
        `"${name}" is not a table (filter, nat, mangle, raw, security).`,
        s,
        end,
      );
      this.inBadTable = true;
      return;
    }
    const table = name as TableName;
    let t = this.tables.find((x) => x.name === table);
    if (t === undefined) {
      t = this.newTable(table, s, end, lineNo, true);
      this.tables.push(t);
    } else if (!t.declared) {
      t.declared = true;
      t.span = { start: s, end };
      t.line = lineNo;
    }
    t.committed = false;
    this.current = t;
  }

  private commit(s: number, end: number): void {
    this.endRun();
    if (this.inBadTable) {
      this.inBadTable = false;
      return;
    }
    if (this.current === null) {
      this.sink.add('iptables/outside-table', 'COMMIT without a `*table` before it.', s, end);
      return;
    }
    this.current.committed = true;
    this.current = null;
  }

  /**
   * The chain id of `text[start, end)` (its hashRange is `hash`, or -1 to compute it), or of
   * `value` when the word was quoted; added when new.
   */
  internChain(start: number, end: number, value: string | null, hash = -1): number {
    if (value !== null) return this.chains.intern(value, 0, value.length, hashRange(value, 0, value.length));
    const h = hash === -1 ? hashRange(this.text, start, end) : hash;
    return this.chains.intern(this.text, start, end, h);
  }

  /** Moves the recorded rules and chain declarations into their tables (in text order). */
  placeLists(): void {
    this.ruleList.place(
      (t) => t.rules,
      (t, rules) => {
        t.rules = rules;
      },
    );
    this.chainList.place(
      (t) => t.chains,
      (t, chains) => {
        t.chains = chains;
      },
    );
  }

  /** A new table state with its own bit. */
  newTable(name: TableName, start: number, end: number, line: number, declared: boolean): TableState {
    const t = newTable(name, start, end, line, declared, this.nextBit);
    this.nextBit <<= 1;
    return t;
  }

  /** 1-based line of an offset (only used for the rare implied tables). */
  lineOf(offset: number): number {
    let n = 1;
    let i = this.text.indexOf('\n');
    while (i !== -1 && i < offset) {
      n++;
      i = this.text.indexOf('\n', i + 1);
    }
    return n;
  }
}
