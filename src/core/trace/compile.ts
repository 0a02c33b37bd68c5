import { isMarkChain } from '../kubeproxy';
import { parseIp } from '../net';
import type { TableId, TableName } from '../ruleset';
import { BUILTIN_CHAINS, type Chain, type Match, type Rule, type Ruleset, type Target } from '../ruleset';
import type { CChain, CMatch, CompiledRuleset, CRule, CTarget } from './compiled';
import { prepareFromKeys, ruleSourceOf } from './compileLazy';
import { compileConntrack } from './conntrackMatch';
import { cutAtEnd } from './cutChains';
import { buildHookOrder } from './hookOrder';
import { HOOK_TABLES, type HookName } from './hooks';
import { hasKubeProxyChains, type ImpliedJump, impliedJumpsFor } from './implied';
import { buildSegments } from './indexChains';
import { compileMatch } from './matchers';
import type { NftCompileEnv } from './nftMatch';
import { setIndexFor } from './nftSets';
import { isAssumedRule, markChainRules } from './standardRules';

const cache = new WeakMap<Ruleset, CompiledRuleset>();

/** IP-header selectors: ip_packet_match() tests them before any `-m` extension (ip_tables.c). */
const HEADER_KINDS = new Set<Match['kind']>(['addr', 'proto', 'iface', 'fragment']);

function targetName(t: Target): string {
  switch (t.kind) {
    case 'none':
      return '';
    case 'jump':
      return t.chain;
    case 'other':
      return t.name;
    case 'nft-vmap':
      return 'vmap';
    case 'nft-nat-map':
      return t.nat;
    default:
      return t.kind;
  }
}

const optionName = (o: { readonly name: string }) => o.name.replace(/^-+/, '');

function compileTarget(t: Target, resolve: (name: string) => CChain, env: NftCompileEnv | null): CTarget {
  switch (t.kind) {
    case 'none':
      return { kind: 'none' };
    case 'jump':
      return { kind: 'jump', chain: resolve(t.chain), goto: t.goto };
    case 'DNAT':
    case 'SNAT': {
      const r = t.ranges[0];
      const multi =
        t.ranges.length > 1 ||
        (r !== undefined &&
          ((r.maxIp !== null && r.maxIp !== r.minIp) || (r.maxPort !== null && r.maxPort !== r.minPort)));
      const ip = r?.minIp == null ? null : parseIp(r.minIp);
      return { kind: t.kind, nat: { ip, port: r?.minPort ?? null, multi } };
    }
    case 'MASQUERADE':
      return { kind: 'MASQUERADE' };
    case 'MARK':
      return { kind: 'MARK', value: t.value >>> 0, mask: t.mask >>> 0 };
    case 'other': {
      const name = t.name.toUpperCase();
      const has = (o: string) => t.options.some((x) => optionName(x) === o);
      if (name === 'NOTRACK' || (name === 'CT' && has('notrack'))) return { kind: 'NOTRACK' };
      if (name === 'REDIRECT') {
        const ports = t.options.find((x) => optionName(x) === 'to-ports')?.values[0];
        const port = ports === undefined ? Number.NaN : Number.parseInt(ports, 10);
        return { kind: 'REDIRECT', port: Number.isFinite(port) ? port : null };
      }
      if (name === 'NFQUEUE') return { kind: 'NFQUEUE', bypass: has('queue-bypass') };
      return t.terminal ? { kind: 'unknown-terminal', name: t.name } : { kind: 'continue', name: t.name };
    }
    case 'nft-vmap':
      return {
        kind: 'vmap',
        key: t.key,
        index: setIndexFor(env?.sets ?? new Map(), env?.table, t.map, t.key),
        resolve,
      };
    case 'nft-nat-map':
      return {
        kind: 'nat-map',
        nat: t.nat,
        key: t.key,
        index: setIndexFor(env?.sets ?? new Map(), env?.table, t.map, t.key),
      };
    default:
      return { kind: t.kind };
  }
}

/** An iptables-nft rule nft lists with `xt match …`/`xt target …`: its options were lost. */
const XT = /\bxt (match|target) /;
const xtAssumed = (line: number | null): CMatch => ({
  random: null,
  test: (w) => {
    w.assume(
      'trace/xt-options-assumed',
      "The nft listing lost this rule's iptables extension options (`xt …`): kube-proxy's iptables-mode conventions stand in for them (recent --rcheck --seconds 10800 / --set on the KUBE-SEP list, the statistic cascade, MARK 0x4000).",
      line,
    );
    return true;
  },
});

function compileRule(
  rule: Rule,
  family: Ruleset['family'],
  resolve: (name: string) => CChain,
  env: NftCompileEnv | null,
): CRule {
  // nftables evaluates a rule's expressions strictly in order (nft_do_chain); iptables tests the IP
  // header first.
  // A rule assumed from kube-proxy's standard shape is not in the text: no line, no id.
  const assumed = isAssumedRule(rule);
  const line = assumed ? null : rule.line;
  const header = env !== null ? [] : rule.matches.filter((m) => HEADER_KINDS.has(m.kind));
  const ordered =
    header.length === 0
      ? rule.matches
      : [...header, ...rule.matches.filter((m) => !HEADER_KINDS.has(m.kind))];
  const matches = ordered.map((m, i) =>
    compileMatch(m, { line, ruleId: rule.id, index: i }, family, env ?? undefined),
  );
  if (env !== null && XT.test(rule.raw)) matches.push(xtAssumed(line));
  return {
    rule,
    id: assumed ? null : rule.id,
    line,
    table: rule.table,
    chain: rule.chain,
    matches,
    target: compileTarget(rule.target, resolve, env),
    targetName: targetName(rule.target),
  };
}

function impliedRule(j: ImpliedJump, target: CChain): CRule {
  const site = { line: null, ruleId: `implied/${j.table}/${j.hook}/${j.target}`, index: 0 };
  const matches = j.ctstateNew
    ? [
        compileConntrack(
          { kind: 'conntrack', conditions: [{ option: 'ctstate', negated: false, values: ['NEW'] }] },
          site,
        ),
      ]
    : [];
  return {
    rule: null,
    id: null,
    line: null,
    table: j.table,
    chain: j.hook,
    matches,
    target: { kind: 'jump', chain: target, goto: false },
    targetName: j.target,
  };
}

function newChain(
  table: TableId,
  name: string,
  model: Chain | undefined,
  extra: Partial<CChain> = {},
): CChain {
  return {
    table,
    name,
    builtin: model?.builtin ?? false,
    policy: model?.policy === 'DROP' ? 'DROP' : 'ACCEPT',
    source: model?.rules ?? [],
    rules: [],
    seg: null,
    ready: false,
    missing: model === undefined || (model.origin === 'referenced' && model.rules.length === 0),
    implied: false,
    declLine: model?.origin === 'declared' && model.line > 0 ? model.line : null,
    cutAtEnd: null,
    onEntry: [],
    ...extra,
  };
}

/**
 * Prepares a Ruleset for tracing (cached per Ruleset object, so call it freely). Chains are compiled
 * when a walk first enters them. Pure; never throws on any Ruleset shape: jumps to unknown chains
 * resolve to an empty chain flagged `missing`. `index: false` (tests only) skips the
 * KUBE-SERVICES-style index and the cache.
 */
export function compileRuleset(
  ruleset: Ruleset,
  options: { readonly index?: boolean } = {},
): CompiledRuleset {
  const index = options.index ?? true;
  const hit = index ? cache.get(ruleset) : undefined;
  if (hit !== undefined) return hit;
  const chains = new Map<string, CChain>();
  const setIndexes: NftCompileEnv['sets'] = new Map();
  const envs = new Map<TableId, NftCompileEnv | null>();
  const envOf = (table: TableId): NftCompileEnv | null => {
    let env = envs.get(table);
    if (env === undefined) {
      const model = ruleset.tables[table];
      env = model?.family === undefined ? null : { table: model, sets: setIndexes };
      envs.set(table, env);
    }
    return env;
  };
  const chainOf = (table: TableId, name: string): CChain => {
    const key = `${table}/${name}`;
    let c = chains.get(key);
    if (c === undefined) {
      c = newChain(table, name, ruleset.tables[table]?.chains[name], {
        cutAtEnd: cutAtEnd(ruleset, table, name),
        onEntry: isMarkChain(name) ? markChainRules(ruleset, name) : [],
      });
      chains.set(key, c);
    }
    return c;
  };
  // A lazily read Ruleset (core/lazy) may index a long chain from its text (compileLazy.ts).
  const source = index ? ruleSourceOf(ruleset) : undefined;
  const prepare = (c: CChain): void => {
    if (c.ready) return;
    c.ready = true;
    const resolve = (name: string) => chainOf(c.table, name);
    const env = envOf(c.table);
    if (
      source !== undefined &&
      prepareFromKeys(c, source, (r) => compileRule(r, ruleset.family, resolve, env))
    )
      return;
    c.rules = c.source.map((r) => compileRule(r, ruleset.family, resolve, env));
    if (index && env === null) c.seg = buildSegments(c.rules);
  };
  const hooks = new Map<string, CChain>();
  const kube = hasKubeProxyChains(ruleset);
  const implied: string[] = [];
  for (const table of Object.keys(BUILTIN_CHAINS) as TableName[]) {
    const model = ruleset.tables[table];
    if (model === undefined) continue;
    for (const hook of BUILTIN_CHAINS[table]) {
      const jumps = kube ? impliedJumpsFor(ruleset, table, hook) : [];
      const existing = model.chains[hook];
      if (jumps.length > 0) {
        const rules = jumps.map((j) => impliedRule(j, chainOf(table, j.target)));
        const chain = newChain(table, hook, existing, {
          builtin: true,
          source: [],
          rules,
          ready: true,
          implied: true,
        });
        hooks.set(`${table}/${hook}`, { ...chain, missing: false });
        implied.push(`${table} ${hook} → ${jumps.map((x) => x.target).join(', ')}`);
      } else if (existing !== undefined) hooks.set(`${table}/${hook}`, chainOf(table, hook));
    }
  }
  const hookTables = Object.fromEntries(
    (Object.keys(HOOK_TABLES) as HookName[]).map((h) => [
      h,
      HOOK_TABLES[h].map((t) => hooks.get(`${t.table}/${h}`)),
    ]),
  ) as unknown as CompiledRuleset['hookTables'];
  const { order: hookOrder, ties } = buildHookOrder(ruleset, hookTables, chainOf);
  const compiled: CompiledRuleset = {
    family: ruleset.family,
    chains,
    hooks,
    hookTables,
    hookOrder,
    equalPriority: ties.length > 0 ? ties.join('; ') : null,
    prepare,
    impliedSummary: implied.length > 0 ? implied.join('; ') : null,
  };
  if (index) cache.set(ruleset, compiled);
  return compiled;
}
