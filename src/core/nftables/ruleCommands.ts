import { readRuleLine } from './blocks';
import type { Reader } from './reader';
import type { Builder, TableState } from './state';

/**
 * `delete|flush chain` and `add|insert|replace|delete rule … [handle N | position N | index N]`
 * (nft(8) "CHAINS", "RULES"): `insert` puts a rule first (or before handle N), `add` after
 * handle N or last, `replace` swaps the rule with that handle.
 */

export function removeChain(
  r: Reader,
  table: TableState,
  chainName: string,
  verb: string,
  a: number,
  end: number,
): void {
  const chain = table.chains.get(chainName);
  if (chain === undefined) {
    if (verb !== 'destroy')
      r.diagTokens('nftables/missing-object', `No chain ${chainName} to ${verb}.`, a, end);
  } else if (verb === 'flush') chain.rules.length = 0;
  else table.chains.delete(chainName);
  r.i = end;
}

export function readRuleCommand(
  r: Reader,
  b: Builder,
  table: TableState,
  chainName: string,
  verb: string,
  a: number,
  sp: { start: number; end: number },
  line: number,
): void {
  let chain = table.chains.get(chainName);
  // `handle N` / `position N` / `index N` address a rule (nft(8) "RULES").
  let handle: number | null = null;
  let index: number | null = null;
  if ((r.is('handle') || r.is('position') || r.is('index')) && /^\d+$/.test(r.word(r.i + 1))) {
    const n = Number(r.word(r.i + 1));
    if (r.is('index')) index = n;
    else handle = n;
    r.i += 2;
  }
  if (verb === 'delete' || verb === 'destroy') {
    const { end } = r.lineEnd(r.i, true);
    const s = r.start(a);
    const e = r.end(end - 1);
    b.commands.push({ verb, object: 'rule', raw: r.text.slice(s, e), span: { start: s, end: e }, line });
    const at = chain?.rules.findIndex((x) => x.handle === handle) ?? -1;
    if (chain !== undefined && at >= 0) chain.rules.splice(at, 1);
    else if (verb === 'delete')
      r.diagTokens('nftables/missing-object', `No rule with handle ${handle} in ${chainName}.`, a, end);
    r.i = end;
    return;
  }
  if (chain === undefined) {
    chain = b.chain(table, chainName, sp, line, false).chain;
    r.diagTokens(
      'nftables/undeclared-chain',
      `Chain ${chainName} is not added before its rules: created.`,
      a,
      r.i,
    );
  }
  const rule = readRuleLine(r, r.i);
  const rules = chain.rules;
  if (verb === 'insert') {
    const at = handle !== null ? rules.findIndex((x) => x.handle === handle) : (index ?? 0);
    rules.splice(Math.max(0, at), 0, rule);
  } else if (verb === 'replace' && handle !== null) {
    const at = rules.findIndex((x) => x.handle === handle);
    if (at >= 0) rules[at] = rule;
    else rules.push(rule);
  } else if (handle !== null || index !== null) {
    const at = handle !== null ? rules.findIndex((x) => x.handle === handle) : (index as number);
    if (at >= 0 && at < rules.length) rules.splice(at + 1, 0, rule);
    else rules.push(rule);
  } else rules.push(rule);
}
