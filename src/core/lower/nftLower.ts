import type { NftChain, NftDocument, NftSet, NftTable } from '../nftables';
import {
  type BaseChain,
  type Chain,
  chainId,
  type HookName,
  type NftSetModel,
  type Rule,
  type Ruleset,
  ruleId,
  type Table,
  type TableId,
} from '../ruleset';
import type { Diagnostic } from '../text';
import { elementOf } from './nftOperand';
import { lowerNftStatements } from './nftRule';
import { lowerXt } from './nftXt';

/**
 * Gives an nftables document its meaning in the one netfilter model: every table becomes a Table
 * "<family> <name>" beside (or instead of) iptables' five, its base chains declared with hook, type,
 * priority (symbolic ones resolved by the reader, nft(8) PRIORITY) and policy, its sets and maps
 * kept whole. iptables-nft's own tables (`table ip nat` on an iptables-nft node) are nftables tables
 * here too: they are what the kernel runs. Tables of the arp/bridge/netdev families and hooks other
 * than the five IP ones (ingress, egress) are kept but not traced ('model/nft-not-traced').
 */

const HOOKS: Readonly<Record<string, HookName>> = {
  prerouting: 'PREROUTING',
  input: 'INPUT',
  forward: 'FORWARD',
  output: 'OUTPUT',
  postrouting: 'POSTROUTING',
};
const TRACED_FAMILIES = new Set(['ip', 'ip6', 'inet']);

function setModel(s: NftSet): NftSetModel {
  return {
    kind: s.kind,
    name: s.name,
    line: s.line,
    keyType: s.type ?? (s.typeOf === null ? [] : [s.typeOf]),
    dataType: s.dataType,
    flags: s.flags,
    timeout: s.timeout,
    comment: s.comment,
    elements: s.elements.map(elementOf),
  };
}

function lowerChain(id: TableId, c: NftChain): Chain {
  const rules: Rule[] = c.rules.map((r, index) => {
    const { matches, target } = lowerNftStatements(r.statements, (s) =>
      lowerXt(s, { chain: c.name, rules: c.rules, index }),
    );
    return {
      id: ruleId(id, c.name, index),
      table: id,
      chain: c.name,
      index,
      line: r.line,
      span: r.span,
      raw: r.raw,
      matches,
      target,
      comment: r.comment,
    };
  });
  const base = c.base;
  return {
    id: chainId(id, c.name),
    table: id,
    name: c.name,
    builtin: base !== null,
    policy: base === null ? null : base.policy.toLowerCase() === 'drop' ? 'DROP' : 'ACCEPT',
    origin: 'declared',
    rules,
    span: c.span,
    line: c.line,
  };
}

function lowerTable(t: NftTable, diagnostics: Diagnostic[]): Table {
  const id = `${t.family} ${t.name}` as TableId;
  const chains: Record<string, Chain> = {};
  const order: string[] = [];
  const baseChains: BaseChain[] = [];
  for (const c of t.chains) {
    if (chains[c.name] !== undefined) continue;
    const chain = lowerChain(id, c);
    chains[c.name] = chain;
    order.push(c.name);
    if (c.base === null) continue;
    const hook = HOOKS[c.base.hook.toLowerCase()];
    if (hook === undefined || !TRACED_FAMILIES.has(t.family)) {
      diagnostics.push({
        source: 'iptables',
        severity: 'info',
        code: 'model/nft-not-traced',
        message: `${id} chain ${c.name} (hook ${c.base.hook}) is shown but not traced: only the ip, ip6 and inet families' prerouting, input, forward, output and postrouting hooks are.`,
        span: c.span,
      });
      continue;
    }
    const type = c.base.type === 'nat' || c.base.type === 'route' ? c.base.type : 'filter';
    baseChains.push({
      table: id,
      chain: c.name,
      hook,
      type,
      priority: c.base.priority.value ?? 0,
      policy: chain.policy ?? 'ACCEPT',
    });
  }
  // Jumps to chains the text does not have (a partial dump): empty chains, as for iptables.
  for (const name of [...order]) {
    for (const r of (chains[name] as Chain).rules) {
      const to = r.target.kind === 'jump' ? r.target.chain : null;
      if (to === null || chains[to] !== undefined) continue;
      chains[to] = {
        id: chainId(id, to),
        table: id,
        name: to,
        builtin: false,
        policy: null,
        origin: 'referenced',
        rules: [],
        span: { start: r.span.start, end: r.span.start },
        line: r.line,
      };
      order.push(to);
    }
  }
  const sets: Record<string, NftSetModel> = {};
  for (const s of t.sets) sets[s.name] = setModel(s);
  return {
    name: id,
    chains,
    order,
    family: t.family,
    baseChains,
    sets,
    ...(t.iptablesNft ? { iptablesNft: true } : {}),
  };
}

/** An nftables document (any of the three forms) → the Ruleset the tracer and the graph read. */
export function lowerNftables(doc: NftDocument): { result: Ruleset; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const tables: Partial<Record<TableId, Table>> = {};
  let ruleCount = 0;
  for (const t of doc.tables) {
    const table = lowerTable(t, diagnostics);
    tables[table.name] = table;
    for (const c of Object.values(table.chains)) ruleCount += c.rules.length;
  }
  const families = new Set(doc.tables.map((t) => t.family));
  const family = !families.has('ip') && families.has('ip6') ? 'ipv6' : 'ipv4';
  return { result: { family, tables, ruleCount, source: 'nftables' }, diagnostics };
}
