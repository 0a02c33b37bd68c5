import { hashRange } from './names';
import type { Parser } from './parser';
import { knownOrValue } from './ruleShape';
import { SavedChain } from './savedChain';
import { BUILTIN_CHAIN_NAMES, isCounters, type TableState } from './tableState';
import { tokenizeLine, wordValue } from './tokenize';

/** `:NAME POLICY [packets:bytes]` (iptables-save prints one per chain of the table). */
export function readChainLine(p: Parser, s: number, end: number, lineNo: number): void {
  p.endRun();
  const { buf, text } = p;
  const n = tokenizeLine(text, s, end, buf);
  const nameStart = s + 1;
  const nameEnd = buf.ends[0] as number;
  const t = p.current;
  if (t === null && (p.hasHeaders || p.listed)) {
    p.sink.add('iptables/outside-table', 'A chain declaration outside a `*table` … COMMIT block.', s, end);
    return;
  }
  if (nameEnd <= nameStart || n < 2) {
    p.sink.add('iptables/bad-line', 'A chain line is `:NAME POLICY [packets:bytes]`.', s, end);
    return;
  }
  let id: number;
  if (buf.quoted[0] === 1) {
    const v = wordValue(buf, text, 0).slice(1);
    id = p.chains.intern(v, 0, v.length, hashRange(v, 0, v.length));
  } else {
    id = p.chains.intern(text, nameStart, nameEnd, hashRange(text, nameStart, nameEnd));
  }
  const policy = knownOrValue(buf, text, 1);
  let cs = -1;
  let ce = -1;
  if (n >= 3) {
    cs = buf.starts[2] as number;
    ce = buf.ends[2] as number;
    if (!isCounters(text, cs, ce)) {
      p.sink.add('iptables/bad-line', 'Chain counters are `[packets:bytes]`.', cs, ce);
      cs = -1;
      ce = -1;
    }
  }
  if (t === null) {
    // `iptables-save | grep NAME` keeps the chain's `:NAME - [0:0]` line: its table is decided
    // with the chain's rules (excerpt.ts).
    const ex = p.excerptLines();
    ex.scan(text.slice(s, end));
    ex.decls.push({ id, policy, ns: nameStart, ne: nameEnd, cs, ce, s, end, lineNo });
    return;
  }
  declareChain(p, t, id, policy, nameStart, nameEnd, cs, ce, s, end, lineNo);
}

/** Adds a chain declaration (`:NAME`, `-N NAME`, `-P NAME POLICY`) to a table. */
export function declareChain(
  p: Parser,
  t: TableState,
  id: number,
  policy: string,
  nameStart: number,
  nameEnd: number,
  countersStart: number,
  countersEnd: number,
  s: number,
  end: number,
  lineNo: number,
): void {
  const name = p.chains.names[id] as string;
  const builtin = BUILTIN_CHAIN_NAMES[t.name].includes(name) || (t === p.listedTable && policy !== '-');
  const ok = policy === '-' || (builtin && (policy === 'ACCEPT' || policy === 'DROP'));
  if (!ok) {
    p.sink.add(
      'iptables/bad-policy',
      `"${policy}" is not a policy for ${name} (ACCEPT, DROP, or - for a user chain).`,
      nameEnd,
      end,
    );
  }
  const declared = p.chains.declared;
  const existing =
    ((declared[id] as number) & t.bit) === 0 ? undefined : p.chainList.find(t, (c) => c.name === name);
  if (existing !== undefined) {
    if (t === p.listedTable && existing.policy === null && policy !== '-') {
      existing.policy = policy;
      return;
    }
    p.sink.add(
      'iptables/duplicate-chain',
      `Chain ${name} is declared twice in *${t.name}.`,
      nameStart,
      nameEnd,
    );
    return;
  }
  const decl = new SavedChain(
    p.src,
    id,
    name,
    nameStart,
    nameEnd,
    policy === '-' ? null : policy,
    countersStart,
    countersEnd,
    s,
    end,
    lineNo,
  );
  p.chainList.add(t, decl);
  declared[id] = (declared[id] as number) | t.bit;
}
