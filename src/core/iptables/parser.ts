import type { ChainDecl, CommentLine, Counters, TableName } from './ast';
import { TABLE_NAMES } from './ast';
import { RuleCursor } from './cursor';
import { inferTable } from './infer';
import { TARGET_OPTIONS } from './modules';
import { parseRuleBody, type RuleContext } from './parseRule';
import { type ParseSource, SavedRule } from './savedRule';
import { DiagnosticSink } from './sink';
import { newTable, readCounters, type TableState } from './tableState';
import { TokenBuffer, tokenizeLine } from './tokenize';

const BUILTIN: Readonly<Record<TableName, readonly string[]>> = {
  raw: ['PREROUTING', 'OUTPUT'],
  mangle: ['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING'],
  nat: ['PREROUTING', 'INPUT', 'OUTPUT', 'POSTROUTING'],
  filter: ['INPUT', 'FORWARD', 'OUTPUT'],
  security: ['INPUT', 'FORWARD', 'OUTPUT'],
};

export { BUILTIN as BUILTIN_CHAIN_NAMES };

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
  /** Excerpt chains already placed in a table. */
  readonly knownChains = new Map<string, TableName>();
  /** `iptables -L` or nft text was recognised: further foreign lines are skipped silently. */
  foreign = false;
  private runKind: 'skipped' | 'binary' | null = null;
  private runStart = 0;
  private runEnd = 0;
  private runLines = 0;

  constructor(readonly text: string) {
    this.ctx = { cur: new RuleCursor(this.buf), sink: this.sink, chainNames: new Map(), ipv6: false };
    this.src = { text, chainNames: this.ctx.chainNames };
    this.hasHeaders = text.charCodeAt(0) === 42 || text.indexOf('\n*') !== -1;
    this.listed =
      !this.hasHeaders &&
      (text.startsWith('-P ') ||
        text.startsWith('-N ') ||
        text.indexOf('\n-P ') !== -1 ||
        text.indexOf('\n-N ') !== -1);
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
      if (this.command(s, end, lineNo)) this.endRun();
      return;
    }
    if (c === 42) {
      this.header(s, end, lineNo);
      return;
    }
    if (c === 58) {
      this.chainDecl(s, end, lineNo);
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
    const text = this.text;
    if (text.startsWith('Chain ', s) && /^Chain \S+ \((policy \w+|\d+ references)/.test(text.slice(s, end))) {
      this.endRun();
      if (!this.foreign) {
        this.sink.add(
          'iptables/not-save-format',
          'This is `iptables -L` output, which leaves out what a rule matches. Run `iptables-save` (or `iptables-save -t nat`) on the node and paste that instead.',
          s,
          end,
        );
      }
      this.foreign = true;
      return;
    }
    if (
      text.startsWith('table ', s) &&
      /^table (ip|ip6|inet|arp|bridge|netdev) \S+ \{/.test(text.slice(s, end))
    ) {
      this.endRun();
      if (!this.foreign) {
        this.sink.add(
          'iptables/nftables-ruleset',
          'This is an nftables ruleset (`nft list ruleset`, kube-proxy nftables mode), which is not supported yet. Paste the `iptables-save` output of a node in iptables mode.',
          s,
          end,
        );
      }
      this.foreign = true;
      return;
    }
    if (hasBinary(text, s, end)) {
      this.extendRun('binary', s, end);
      return;
    }
    if (this.foreign) return;
    if (this.current !== null) {
      this.endRun();
      this.sink.add('iptables/bad-line', 'Not a chain, rule, COMMIT or comment line.', s, end);
      return;
    }
    this.extendRun('skipped', s, end);
  }

  private extendRun(kind: 'skipped' | 'binary', s: number, end: number): void {
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
      t = newTable(table, s, end, lineNo, true);
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

  private chainDecl(s: number, end: number, lineNo: number): void {
    this.endRun();
    const buf = this.buf;
    const n = tokenizeLine(this.text, s, end, buf);
    const nameStart = s + 1;
    const nameEnd = buf.ends[0] as number;
    const t = this.current;
    if (t === null) {
      this.sink.add(
        'iptables/outside-table',
        'A chain declaration outside a `*table` … COMMIT block.',
        s,
        end,
      );
      return;
    }
    if (nameEnd <= nameStart || n < 2) {
      this.sink.add('iptables/bad-line', 'A chain line is `:NAME POLICY [packets:bytes]`.', s, end);
      return;
    }
    const name = this.internChain((buf.values[0] as string).slice(1));
    const policy = buf.values[1] as string;
    let counters: Counters | null = null;
    if (n >= 3) {
      const cs = buf.starts[2] as number;
      const ce = buf.ends[2] as number;
      const c = readCounters(this.text, cs, ce);
      if (c === null) this.sink.add('iptables/bad-line', 'Chain counters are `[packets:bytes]`.', cs, ce);
      else counters = { ...c, span: { start: cs, end: ce } };
    }
    this.declare(t, name, policy, { start: nameStart, end: nameEnd }, counters, s, end, lineNo);
  }

  /** Adds a chain declaration (`:NAME`, `-N NAME`, `-P NAME POLICY`) to a table. */
  declare(
    t: TableState,
    name: string,
    policy: string,
    nameSpan: { start: number; end: number },
    counters: Counters | null,
    s: number,
    end: number,
    lineNo: number,
  ): void {
    const builtin = BUILTIN[t.name].includes(name) || (t === this.listedTable && policy !== '-');
    const ok = policy === '-' || (builtin && (policy === 'ACCEPT' || policy === 'DROP'));
    if (!ok) {
      this.sink.add(
        'iptables/bad-policy',
        `"${policy}" is not a policy for ${name} (ACCEPT, DROP, or - for a user chain).`,
        nameSpan.end,
        end,
      );
    }
    const existing = t.declaredChains.get(name);
    if (existing !== undefined) {
      if (t === this.listedTable && existing.policy === null && policy !== '-') {
        (existing as { policy: string | null }).policy = policy;
        return;
      }
      this.sink.add(
        'iptables/duplicate-chain',
        `Chain ${name} is declared twice in *${t.name}.`,
        nameSpan.start,
        nameSpan.end,
      );
      return;
    }
    const decl: ChainDecl = {
      kind: 'chain',
      name,
      nameSpan,
      policy: policy === '-' ? null : policy,
      counters,
      span: { start: s, end },
      line: lineNo,
    };
    t.chains.push(decl);
    t.declaredChains.set(name, decl);
  }

  internChain(name: string): string {
    const names = this.ctx.chainNames;
    const known = names.get(name);
    if (known !== undefined) return known;
    names.set(name, name);
    return name;
  }

  /** `[p:b] -A …`, `-A`, `-I`, `-N`, `-P`, `-X`, …; returns false when the line was not a command. */
  private command(s: number, end: number, lineNo: number): boolean {
    const text = this.text;
    const buf = this.buf;
    const n = tokenizeLine(text, s, end, buf);
    let k = 0;
    let counters: Counters | null = null;
    if (text.charCodeAt(s) === 91) {
      const c = readCounters(text, s, buf.ends[0] as number);
      if (c === null || n < 2) {
        this.other(s, end);
        return false;
      }
      counters = { ...c, span: { start: s, end: buf.ends[0] as number } };
      k = 1;
    }
    if (buf.binaryAt >= 0) {
      this.extendRun('binary', s, end);
      return false;
    }
    const op = opOf(buf.values[k] as string, buf.quoted[k] === 1);
    if (op === null || (counters !== null && op !== 'A' && op !== 'I')) {
      this.other(s, end);
      return false;
    }
    if (buf.unterminated >= 0) {
      this.sink.add(
        'iptables/unterminated-quote',
        'The quote is not closed before the end of the line.',
        buf.unterminated,
        end,
      );
    }
    if (op === 'A' || op === 'I') this.rule(op, k, counters, s, end, lineNo);
    else this.otherCommand(op, k, s, end, lineNo);
    return true;
  }

  private rule(
    op: 'A' | 'I',
    k: number,
    counters: Counters | null,
    s: number,
    end: number,
    lineNo: number,
  ): void {
    const buf = this.buf;
    if (k + 1 >= buf.count) {
      this.sink.add('iptables/bad-rule', `-${op} needs a chain name.`, s, end);
      return;
    }
    const chain = this.internChain(buf.values[k + 1] as string);
    const chainSpan = { start: buf.starts[k + 1] as number, end: buf.ends[k + 1] as number };
    let first = k + 2;
    // `-I CHAIN 3 …`: the optional rule number of iptables(8) --insert.
    if (op === 'I' && first < buf.count && /^\d+$/.test(buf.values[first] as string)) first++;
    this.ctx.cur.reset(this.text, first);
    const { matches, target } = parseRuleBody(this.ctx);
    const t = this.tableFor(chain, target === null ? null : target.name, chainSpan, s);
    if (t === null) return;
    void matches;
    const rule = new SavedRule(
      this.src,
      first,
      op,
      chain,
      chainSpan.start,
      counters,
      this.text.slice(s, end),
      { start: s, end },
      lineNo,
    );
    t.rules.push(rule);
    if (
      target !== null &&
      target.options.length === 0 &&
      !TARGET_OPTIONS.has(target.name) &&
      !t.jumps.has(target.name)
    ) {
      t.jumps.set(target.name, { start: target.nameSpan.start, end: target.nameSpan.end, from: chain });
    }
    if (!t.declaredChains.has(chain) && !t.undeclared.has(chain)) {
      t.undeclared.set(chain, chainSpan);
      if (t.declared && t !== this.listedTable) {
        this.sink.add(
          'iptables/undeclared-chain',
          `*${t.name} has rules for ${chain} but does not declare it.`,
          chainSpan.start,
          chainSpan.end,
        );
      }
    }
  }

  /** The table of a rule (or command): the open one, the listed one, or one inferred for an excerpt. */
  tableFor(
    chain: string,
    target: string | null,
    chainSpan: { start: number; end: number },
    s: number,
  ): TableState | null {
    if (this.current !== null) return this.current;
    if (this.listed) return this.listTable(s, chainSpan, chain, target);
    const name = inferTable(chain, target, this.knownChains);
    if (this.hasHeaders) {
      this.sink.add(
        'iptables/outside-table',
        'A rule after COMMIT and before the next `*table`.',
        chainSpan.start,
        chainSpan.end,
      );
    }
    if (name === null) {
      this.sink.add(
        'iptables/unknown-table',
        `Which table ${chain} belongs to cannot be told from this excerpt; the rule is left out.`,
        chainSpan.start,
        chainSpan.end,
      );
      return null;
    }
    this.knownChains.set(chain, name);
    let t = this.tables.find((x) => x.name === name);
    if (t === undefined) {
      t = newTable(name, s, s, 0, false);
      this.tables.push(t);
      this.sink.add(
        'iptables/implied-table',
        `No *${name} header: these rules were placed in ${name} from kube-proxy's chain names.`,
        s,
        s,
      );
    }
    if (t.line === 0) t.line = this.lineOf(s);
    return t;
  }

  private listTable(
    s: number,
    chainSpan: { start: number; end: number },
    chain: string,
    target: string | null,
  ): TableState {
    if (this.listedTable === null) {
      this.listedTable = newTable('filter', s, s, this.lineOf(s), false);
      this.tables.push(this.listedTable);
      this.sink.add(
        'iptables/list-rules-format',
        '`iptables -S` output: it lists one table, whose name was inferred from its chains.',
        s,
        s,
      );
    }
    const vote = inferTable(chain, target, this.knownChains);
    if (vote !== null) this.votes.set(vote, (this.votes.get(vote) ?? 0) + 1);
    void chainSpan;
    return this.listedTable;
  }

  private otherCommand(op: string, k: number, s: number, end: number, lineNo: number): void {
    const buf = this.buf;
    const chainText = k + 1 < buf.count ? (buf.values[k + 1] as string) : null;
    const chainSpan = { start: buf.starts[k + 1] ?? s, end: buf.ends[k + 1] ?? end };
    if ((op === 'N' || op === 'P') && chainText !== null) {
      const t = this.current ?? (this.listed ? this.listTable(s, chainSpan, chainText, null) : null);
      if (t === null) {
        this.sink.add('iptables/outside-table', `-${op} outside a \`*table\` … COMMIT block.`, s, end);
        return;
      }
      const policy = op === 'N' ? '-' : ((buf.values[k + 2] as string | undefined) ?? '');
      if (op === 'P' && t === this.listedTable) this.policyChains.push(chainText);
      this.declare(t, this.internChain(chainText), policy, chainSpan, null, s, end, lineNo);
      return;
    }
    const t = this.current ?? (chainText === null ? null : this.tableFor(chainText, null, chainSpan, s));
    this.sink.add(
      'iptables/restore-only',
      `-${op} is an iptables-restore command: kept, not evaluated.`,
      s,
      end,
    );
    t?.commands.push({
      kind: 'command',
      op,
      chain: chainText,
      raw: this.text.slice(s, end),
      span: { start: s, end },
      line: lineNo,
    });
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

const OPS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    '-A': 'A',
    '--append': 'A',
    '-I': 'I',
    '--insert': 'I',
    '-N': 'N',
    '--new-chain': 'N',
    '-P': 'P',
    '--policy': 'P',
    '-X': 'X',
    '--delete-chain': 'X',
    '-F': 'F',
    '--flush': 'F',
    '-Z': 'Z',
    '--zero': 'Z',
    '-D': 'D',
    '--delete': 'D',
    '-R': 'R',
    '--replace': 'R',
    '-E': 'E',
    '--rename-chain': 'E',
  }),
);

function opOf(word: string, quoted: boolean): string | null {
  return quoted ? null : (OPS.get(word) ?? null);
}

/** NUL, control characters other than tab, or U+FFFD (bytes that were not valid UTF-8). */
function hasBinary(text: string, s: number, end: number): boolean {
  for (let i = s; i < end; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9) || c === 0xfffd) return true;
  }
  return false;
}
