import { describe, expect, it } from 'vitest';
import { lowerToRuleset } from '../lower';
import type { Match } from '../ruleset';
import { ChainNames } from './chainNames';
import { EntryTable, recordEntries } from './entries';
import { materializeShape } from './materialize';
import { parseIptablesSave } from './parse';
import { readRuleShape } from './readRule';
import { type RuleContext, RuleShape } from './ruleShape';
import type { SavedRule } from './savedRule';
import { DiagnosticSink, MAX_MESSAGE } from './sink';
import { TokenBuffer, tokenizeLine } from './tokenize';

/**
 * One rule can be very long (a generated rule with 100,000 matches, a pasted blob), and reading it
 * must cost its length, not its length squared. Timing a test would be flaky and prove little;
 * instead these tests count the work: every element the reader reads from the rule's shape
 * (RuleShape's arrays, wrapped in counting proxies) while it reads the rule, records its lowering
 * pieces and builds its AST. A reader that scans all options for each group, or all groups for
 * each option, reads about n² elements for n groups; a linear one a few dozen per group.
 */

/** Reads of shape elements per word of the rule that a linear reader stays under (this one needs 4). */
const READS_PER_WORD = 10;
/** Groups per test rule: a quadratic reader needs ~1,000,000 reads, 25× READS_PER_WORD × words. */
const N = 1000;

/** The shape's array fields, replaced by proxies that count element reads into `counter.reads`. */
function countReads(shape: RuleShape, counter: { reads: number }): void {
  const fields = shape as unknown as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (!(value instanceof Int32Array) && !Array.isArray(value)) continue;
    fields[key] = new Proxy(value as object, {
      get(target, prop) {
        if (typeof prop === 'string' && prop.charCodeAt(0) >= 48 && prop.charCodeAt(0) <= 57) counter.reads++;
        return Reflect.get(target, prop);
      },
      set(target, prop, v) {
        return Reflect.set(target, prop, v);
      },
    });
  }
}

/**
 * Reads rule line `line` (`-A X …`) twice: once to size the shape's arrays, then counted. Returns
 * the reads of each stage, the rule's words and its AST sizes.
 */
function measure(line: string) {
  const buf = new TokenBuffer();
  const words = tokenizeLine(line, 0, line.length, buf);
  const ctx: RuleContext = {
    text: line,
    buf,
    sink: new DiagnosticSink(),
    chains: new ChainNames(line),
    ipv6: false,
  };
  const shape = new RuleShape();
  readRuleShape(ctx, 2, shape);
  const counter = { reads: 0 };
  countReads(shape, counter);
  readRuleShape(ctx, 2, shape);
  const read = counter.reads;
  counter.reads = 0;
  const pieces = recordEntries(new EntryTable(line), shape, buf);
  const record = counter.reads;
  counter.reads = 0;
  const ast = materializeShape(shape, buf, line);
  const materialize = counter.reads;
  const options = ast.matches.reduce((n, m) => n + m.options.length, 0);
  return {
    words,
    read,
    record,
    materialize,
    pieces,
    matches: ast.matches.length,
    options,
    target: ast.target,
  };
}

describe('reading one long rule costs its length', () => {
  it('reads 1000 comment groups in linear work', () => {
    const m = measure(`-A X${' -m comment --comment x'.repeat(N)} -j ACCEPT`);
    expect(m.matches).toBe(N);
    expect(m.options).toBe(N);
    expect(m.pieces).toBe(0);
    for (const reads of [m.read, m.record, m.materialize])
      expect(reads).toBeLessThan(READS_PER_WORD * m.words);
  });

  it('reads 1000 tcp groups (per-option pieces) in linear work', () => {
    const parts: string[] = [];
    for (let i = 0; i < N; i++) parts.push(`-m tcp --dport ${i}`);
    const m = measure(`-A X -p tcp ${parts.join(' ')} -j ACCEPT`);
    expect(m.matches).toBe(N + 1);
    expect(m.options).toBe(N + 1);
    for (const reads of [m.read, m.record, m.materialize])
      expect(reads).toBeLessThan(READS_PER_WORD * m.words);
  });

  it('finds the group of an option among 1000 groups in linear work', () => {
    // `--sport` is not the comment's: it goes back to the latest group that knows it (tcp), and
    // `--bar` is nobody's: a search through every earlier group for each would be quadratic.
    const m = measure(`-A X${' -m tcp --dport 1 -m comment --comment x --sport 2 -m foo --bar y'.repeat(N)}`);
    expect(m.matches).toBe(3 * N);
    expect(m.options).toBe(4 * N);
    for (const reads of [m.read, m.record, m.materialize])
      expect(reads).toBeLessThan(READS_PER_WORD * m.words);
  });

  // The reader was already linear here (one target, one scan); kept so that it stays so.
  it('reads a target with 1000 options in linear work', () => {
    const m = measure(`-A X -j DNAT${' --to-destination 10.0.0.1:80'.repeat(N)}`);
    expect(m.target?.options).toHaveLength(N);
    expect(m.pieces).toBe(0);
    for (const reads of [m.read, m.record, m.materialize])
      expect(reads).toBeLessThan(READS_PER_WORD * m.words);
  });
});

/**
 * The shapes of issue 10 at full size, parsed and lowered as the worker and the CLI do: exact
 * counts of what comes out (the linearity itself is shown by the counts of work above; a quadratic
 * reader would also run these for minutes). `-A X <body>` in a filter table declaring X.
 */
function readRule(body: string) {
  const text = `*filter\n:X - [0:0]\n-A X ${body}\nCOMMIT\n`;
  const parsed = parseIptablesSave(text);
  const lowered = lowerToRuleset(parsed.result);
  const node = parsed.result.tables[0]?.rules[0] as SavedRule;
  const rule = lowered.result.tables.filter?.chains.X?.rules[0];
  if (rule === undefined) throw new Error('no rule');
  const pool = node.source.entries.pool;
  return { parsed, lowered, node, rule, pool, pieces: node.source.entries.count };
}

const BIG = 100_000;

describe('one rule of 100,000 matches, read and lowered', () => {
  it('100,000 `-m comment --comment x`: one piece, one shared match', () => {
    const { parsed, lowered, node, rule, pool, pieces } = readRule(
      `${'-m comment --comment x '.repeat(BIG)}-j ACCEPT`,
    );
    expect(parsed.diagnostics).toEqual([]);
    expect(lowered.diagnostics).toEqual([]);
    expect(parsed.result.tables[0]?.rules).toHaveLength(1);
    expect(node.matches).toHaveLength(BIG);
    // Pool: [count, BIG piece ids, target code]; every group is the same piece.
    expect(pieces).toBe(1);
    expect(pool[node.pieceOffset]).toBe(BIG);
    expect(lowered.result.ruleCount).toBe(1);
    expect(rule.matches).toHaveLength(BIG);
    expect(rule.matches[0]).toEqual({ kind: 'comment', text: 'x' });
    expect(rule.matches.every((m) => m === rule.matches[0])).toBe(true);
    expect(rule.comment).toBe('x');
    expect(rule.target).toEqual({ kind: 'ACCEPT' });
  });

  it('100,000 `-m tcp --dport N`: one piece per distinct port', () => {
    const parts: string[] = [];
    for (let i = 0; i < BIG; i++) parts.push(`-m tcp --dport ${i % 1000}`);
    const { parsed, node, rule, pieces } = readRule(`-p tcp ${parts.join(' ')} -j ACCEPT`);
    expect(parsed.diagnostics).toEqual([]);
    expect(node.matches).toHaveLength(BIG + 1);
    expect(pieces).toBe(1 + 1000);
    expect(rule.matches).toHaveLength(BIG + 1);
    expect(rule.matches[0]).toEqual({ kind: 'proto', negated: false, proto: 'tcp' });
    const port = (m: Match | undefined) => (m?.kind === 'port' ? m.range.from : -1);
    expect(port(rule.matches[1])).toBe(0);
    expect(port(rule.matches[BIG])).toBe((BIG - 1) % 1000);
  });

  it('100,000 `!`: capped diagnostics, no matches', () => {
    const { parsed, rule } = readRule(`${'! '.repeat(BIG)}-j ACCEPT`);
    expect(parsed.diagnostics).toHaveLength(1000);
    expect(parsed.diagnostics.at(-1)?.code).toBe('iptables/too-many-diagnostics');
    expect(parsed.diagnostics[0]?.code).toBe('iptables/bad-rule');
    expect(rule.matches).toEqual([]);
    expect(rule.target).toEqual({ kind: 'ACCEPT' });
  });

  it('100,000 `-s`: one piece, one shared address match', () => {
    const { parsed, rule, pieces } = readRule(`${'-s 10.0.0.1 '.repeat(BIG)}-j DROP`);
    expect(parsed.diagnostics).toEqual([]);
    expect(pieces).toBe(1);
    expect(rule.matches).toHaveLength(BIG);
    expect(rule.matches[BIG - 1]).toBe(rule.matches[0]);
    expect(rule.matches[0]?.kind).toBe('addr');
  });

  it('a 1 MB comment: one match with all of it', () => {
    const text = 'c'.repeat(1_000_000);
    const { parsed, rule } = readRule(`-m comment --comment "${text}" -j ACCEPT`);
    expect(parsed.diagnostics).toEqual([]);
    expect(rule.comment).toBe(text);
    expect(rule.matches).toHaveLength(1);
  });

  it('a 1 MB word: one diagnostic whose message is clipped, spanning the word', () => {
    const word = 'w'.repeat(1_000_000);
    const { parsed, rule } = readRule(word);
    expect(parsed.diagnostics).toHaveLength(1);
    const d = parsed.diagnostics[0];
    expect(d?.code).toBe('iptables/bad-rule');
    expect(d?.message.length).toBeLessThan(MAX_MESSAGE + 100);
    expect(d?.message).toContain('characters left out');
    expect((d?.span.end ?? 0) - (d?.span.start ?? 0)).toBe(word.length);
    expect(rule.matches).toEqual([]);
    expect(rule.target).toEqual({ kind: 'none' });
  });
});

describe('a long rule and the rules after it', () => {
  it('gives back the room it took in the reused buffers', () => {
    // The re-reading shape and token buffer outlive a parse (savedRule.ts): one pasted 20 MB rule
    // must not keep ~100 MB of their arrays alive until the page closes.
    const long = `-A X${' -s 10.0.0.1'.repeat(100_000)}`;
    const short = '-A X -s 10.0.0.1';
    const buf = new TokenBuffer();
    const ctx: RuleContext = {
      text: long,
      buf,
      sink: new DiagnosticSink(),
      chains: new ChainNames(long),
      ipv6: false,
    };
    const shape = new RuleShape();
    tokenizeLine(long, 0, long.length, buf);
    readRuleShape(ctx, 2, shape);
    expect(shape.nOpt).toBe(100_000);
    expect(buf.starts.length).toBeGreaterThan(200_000);
    ctx.text = short;
    tokenizeLine(short, 0, short.length, buf);
    readRuleShape(ctx, 2, shape);
    expect(shape.nOpt).toBe(1);
    expect(buf.starts.length).toBe(64);
    expect(shape.oStart.length).toBe(64);
    expect(shape.oName.length).toBeLessThanOrEqual(64);
  });

  it('reads the next rule right after a rule that outgrew the shared arrays', () => {
    // 20,000 options: past the capacity that reset() gives back (RuleShape), then a short rule.
    const text = `*filter\n:X - [0:0]\n-A X ${'-s 10.0.0.1 '.repeat(20_000)}-j DROP\n-A X -p tcp -m tcp --dport 80 -j ACCEPT\nCOMMIT\n`;
    const parsed = parseIptablesSave(text);
    expect(parsed.diagnostics).toEqual([]);
    const [long, short] = parsed.result.tables[0]?.rules ?? [];
    expect(long?.matches[0]?.options).toHaveLength(20_000);
    expect(short?.matches.map((m) => m.module)).toEqual(['', 'tcp']);
    const rules = lowerToRuleset(parsed.result).result.tables.filter?.chains.X?.rules ?? [];
    expect(rules.map((r) => r.matches.length)).toEqual([20_000, 2]);
    expect(rules[1]?.matches[1]).toEqual({
      kind: 'port',
      module: 'tcp',
      dir: 'dst',
      negated: false,
      range: { from: 80, to: 80 },
    });
  });
});
