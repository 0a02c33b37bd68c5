import type { Counters } from './ast';
import { declareChain } from './chainLine';
import { sameRange } from './chainNames';
import { recordEntries } from './entries';
import { inferTable } from './infer';
import { TARGET_OPTIONS } from './modules';
import type { Parser } from './parser';
import { readRuleShape } from './readRule';
import { SavedRule } from './savedRule';
import { readCounters, type TableState } from './tableState';
import { tokenizeLine, wordValue } from './tokenize';

/** Command letters of iptables(8) by their short and long spellings. */
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

/** The command letter of word `k` (`-A` → `A`), or null. */
function opOf(p: Parser, k: number): string | null {
  const { buf, text } = p;
  if (buf.quoted[k] === 1) return null;
  const s = buf.starts[k] as number;
  if ((buf.ends[k] as number) - s === 2 && text.charCodeAt(s) === 45) {
    const c = text.charCodeAt(s + 1);
    if (c === 65) return 'A';
    if (c === 73) return 'I';
  }
  return OPS.get(text.slice(s, buf.ends[k] as number)) ?? null;
}

/** `[p:b] -A …`, `-A`, `-I`, `-N`, `-P`, `-X`, …; returns false when the line was not a command. */
export function readCommandLine(p: Parser, s: number, end: number, lineNo: number): boolean {
  const { buf, text } = p;
  const n = tokenizeLine(text, s, end, buf);
  let k = 0;
  let counters: Counters | null = null;
  if (text.charCodeAt(s) === 91) {
    counters = readCounters(text, s, buf.ends[0] as number);
    if (counters === null || n < 2) {
      p.other(s, end);
      return false;
    }
    k = 1;
  }
  if (buf.binaryAt >= 0) {
    p.extendRun('binary', s, end);
    return false;
  }
  const op = opOf(p, k);
  if (op === null || (counters !== null && op !== 'A' && op !== 'I')) {
    p.other(s, end);
    return false;
  }
  if (buf.unterminated >= 0) {
    p.sink.add(
      'iptables/unterminated-quote',
      'The quote is not closed before the end of the line.',
      buf.unterminated,
      end,
    );
  }
  if (op === 'A' || op === 'I') readRule(p, op, k, counters, s, end, lineNo);
  else readOtherCommand(p, op, k, s, end, lineNo);
  return true;
}

/** True when word `k` is all digits (`-I CHAIN 3`). */
function isNumber(p: Parser, k: number): boolean {
  const v = wordValue(p.buf, p.text, k);
  return /^\d+$/.test(v);
}

function readRule(
  p: Parser,
  op: 'A' | 'I',
  k: number,
  counters: Counters | null,
  s: number,
  end: number,
  lineNo: number,
): void {
  const { buf, text, shape } = p;
  if (k + 1 >= buf.count) {
    p.sink.add('iptables/bad-rule', `-${op} needs a chain name.`, s, end);
    return;
  }
  const cs = buf.starts[k + 1] as number;
  const ce = buf.ends[k + 1] as number;
  const chains = p.chains;
  let id = p.lastChain;
  // kube-proxy writes a chain's rules one after the other: most rules name the previous rule's
  // chain, whose word (a line above, still in cache) is compared in place.
  const quoted = buf.quoted[k + 1] === 1;
  if (
    quoted ||
    p.lastChainAt < 0 ||
    p.lastChainLength !== ce - cs ||
    !sameRange(text, p.lastChainAt, cs, ce - cs)
  )
    id = p.internChain(cs, ce, quoted ? wordValue(buf, text, k + 1) : null, buf.hashes[k + 1] as number);
  const chain = chains.names[id] as string;
  let first = k + 2;
  // `-I CHAIN 3 …`: the optional rule number of iptables(8) --insert.
  if (op === 'I' && first < buf.count && isNumber(p, first)) first++;
  readRuleShape(p.ctx, first, shape);
  const target = shape.tGen > 0 ? shape.tName : null;
  const isJump = shape.tGen > 0 && shape.tOpts === 0;
  const jump = isJump ? shape.tId : -1;
  if (p.current === null && !p.listed) {
    // An excerpt (or a rule after COMMIT): its table is decided once all chains are read (excerpt.ts).
    if (p.hasHeaders) {
      p.sink.add('iptables/outside-table', 'A rule after COMMIT and before the next `*table`.', cs, ce);
    }
    const pieces = recordEntries(p.src.entries, shape, buf);
    const rule = new SavedRule(p.src, s, end, op, id, counters, lineNo, pieces, jump);
    const ex = p.excerptLines();
    const line = text.slice(s, end);
    ex.scan(line);
    const toChain = isJump && !TARGET_OPTIONS.has(shape.tName) ? shape.tId : -1;
    ex.rules.push({ chain: id, target, jump: toChain, ctNew: line.includes('--ctstate NEW') });
    ex.saved.push(rule);
    ex.at.push(cs, ce, s);
    p.lastChain = id;
    p.lastChainAt = quoted ? -1 : cs;
    p.lastChainLength = ce - cs;
    return;
  }
  const t = p.current ?? listTable(p, s, chain, target);
  const pieces = recordEntries(p.src.entries, shape, buf);
  const rule = new SavedRule(p.src, s, end, op, id, counters, lineNo, pieces, jump);
  p.lastChain = id;
  p.lastChainAt = quoted ? -1 : cs;
  p.lastChainLength = ce - cs;
  placeRule(p, t, rule, id, cs, ce, isJump ? shape.tName : null, shape.tId);
}

/**
 * Hands a rule to table `t` and keeps the table's indexes: jumps to chains not (yet) declared, and
 * chains with rules but no declaration. `jumpName`/`jumpId`: the target of a `-j NAME` without
 * options (null / -1 otherwise).
 */
export function placeRule(
  p: Parser,
  t: TableState,
  rule: SavedRule,
  id: number,
  cs: number,
  ce: number,
  jumpName: string | null,
  jumpId: number,
): void {
  const chains = p.chains;
  const chain = chains.names[id] as string;
  p.ruleList.add(t, rule);
  const bit = t.bit;
  if (jumpName !== null) {
    // Only a jump to a chain not (yet) declared can end up reported (finish.ts); declarations
    // never go away, so the usual jump to a declared chain need not be remembered.
    const declared = jumpId >= 0 && ((chains.declared[jumpId] as number) & bit) !== 0;
    if (!declared && !TARGET_OPTIONS.has(jumpName) && !t.jumps.has(jumpName)) t.jumps.set(jumpName, rule);
  }
  if ((((chains.declared[id] as number) | (chains.undeclared[id] as number)) & bit) === 0) {
    chains.undeclared[id] = (chains.undeclared[id] as number) | bit;
    t.undeclared.set(chain, { start: cs, end: ce });
    if (t.declared && t !== p.listedTable) {
      p.sink.add(
        'iptables/undeclared-chain',
        `*${t.name} has rules for ${chain} but does not declare it.`,
        cs,
        ce,
      );
    }
  }
}

/** The table of a rule (or command) outside an open table: the listed one, or one inferred for an excerpt. */
function tableFor(
  p: Parser,
  chain: string,
  target: string | null,
  cs: number,
  ce: number,
  s: number,
): TableState | null {
  if (p.current !== null) return p.current;
  if (p.listed) return listTable(p, s, chain, target);
  const name = inferTable(chain, target, p.knownChains);
  if (p.hasHeaders) {
    p.sink.add('iptables/outside-table', 'A rule after COMMIT and before the next `*table`.', cs, ce);
  }
  if (name === null) {
    p.sink.add(
      'iptables/unknown-table',
      `Which table ${chain} belongs to cannot be told from this excerpt; the command is left out.`,
      cs,
      ce,
    );
    return null;
  }
  p.knownChains.set(chain, name);
  let t = p.tables.find((x) => x.name === name);
  if (t === undefined) {
    t = p.newTable(name, s, s, 0, false);
    p.tables.push(t);
    p.sink.add(
      'iptables/implied-table',
      `No *${name} header: these rules were placed in ${name} from kube-proxy's chain names.`,
      s,
      s,
    );
  }
  if (t.line === 0) t.line = p.lineOf(s);
  return t;
}

function listTable(p: Parser, s: number, chain: string, target: string | null): TableState {
  if (p.listedTable === null) {
    p.listedTable = p.newTable('filter', s, s, p.lineOf(s), false);
    p.tables.push(p.listedTable);
    p.sink.add(
      'iptables/list-rules-format',
      '`iptables -S` output: it lists one table, whose name was inferred from its chains.',
      s,
      s,
    );
  }
  const vote = inferTable(chain, target, p.knownChains);
  if (vote !== null) p.votes.set(vote, (p.votes.get(vote) ?? 0) + 1);
  return p.listedTable;
}

function readOtherCommand(p: Parser, op: string, k: number, s: number, end: number, lineNo: number): void {
  const { buf, text } = p;
  const chainText = k + 1 < buf.count ? wordValue(buf, text, k + 1) : null;
  const cs = k + 1 < buf.count ? (buf.starts[k + 1] as number) : s;
  const ce = k + 1 < buf.count ? (buf.ends[k + 1] as number) : end;
  if ((op === 'N' || op === 'P') && chainText !== null) {
    const t = p.current ?? (p.listed ? listTable(p, s, chainText, null) : null);
    if (t === null) {
      p.sink.add('iptables/outside-table', `-${op} outside a \`*table\` … COMMIT block.`, s, end);
      return;
    }
    const policy = op === 'N' ? '-' : k + 2 < buf.count ? wordValue(buf, text, k + 2) : '';
    if (op === 'P' && t === p.listedTable) p.policyChains.push(chainText);
    const id = p.internChain(0, 0, chainText);
    declareChain(p, t, id, policy, cs, ce, -1, -1, s, end, lineNo);
    return;
  }
  const t = p.current ?? (chainText === null ? null : tableFor(p, chainText, null, cs, ce, s));
  p.sink.add('iptables/restore-only', `-${op} is an iptables-restore command: kept, not evaluated.`, s, end);
  t?.commands.push({
    kind: 'command',
    op,
    chain: chainText,
    raw: text.slice(s, end),
    span: { start: s, end },
    line: lineNo,
  });
}
