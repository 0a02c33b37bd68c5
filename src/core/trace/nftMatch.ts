import { ipKey } from '../net';
import type { Match, NftOperand, Table } from '../ruleset';
import type { CMatch } from './compiled';
import type { MatchSite } from './matchers';
import { type SetIndex, setIndexFor } from './nftSets';
import { evalOperand, partKind, partsOf, readLiteral, type Value, valueKey } from './nftValue';
import type { Walk, WalkContext } from './walk';

/*
 * nftables' own matches and statements (issue 11): comparisons, set lookups, numgen, and the
 * statements that act and let the rule go on (nft(8) STATEMENTS). What nftables shares with iptables
 * (addresses, l4proto, ports, interfaces, ct state, mark, fib type) is lowered to iptables' match
 * kinds and compiled by matchers.ts.
 */

/** What compiling an nftables match needs: the rule's table (its named sets) and the index cache. */
export interface NftCompileEnv {
  readonly table: Table | undefined;
  readonly sets: Map<string, SetIndex>;
}

type NftMatch = Extract<Match, { kind: 'nft-cmp' | 'nft-lookup' | 'nft-numgen' | 'nft-effect' }>;

const pure = (test: CMatch['test']): CMatch => ({ random: null, test });

/** The key of a value in a dynamic set's carried state (as `env.recent` keys addresses). */
const stateKey = (v: Value): string => (typeof v === 'object' && v !== null ? ipKey(v) : String(v));

/** The key operand's values for this walk (one per concatenated part). */
export function keyValues(key: NftOperand, w: Walk, ctx: WalkContext, line: number | null): Value[] {
  return partsOf(key).map((p) => evalOperand(p, w, ctx, line));
}

const SECONDS: Readonly<Record<string, number>> = { d: 86400, h: 3600, m: 60, s: 1, ms: 0.001 };

/** nft duration (`3h`, `10800s`, `2h59m`) in seconds; null when absent or unreadable. */
function durationSeconds(text: string | null): number | null {
  if (text === null) return null;
  let total = 0;
  let any = false;
  for (const m of text.matchAll(/(\d+)(ms|d|h|m|s)/g)) {
    total += Number(m[1]) * (SECONDS[m[2] as string] ?? 0);
    any = true;
  }
  return any ? total : null;
}

/**
 * Membership in a set that rules update (`update @affinity-… { ip saddr }`): this walk's own
 * updates, then the carried state (`env.recent[set]`, or what simulate learned), then the elements
 * the dump lists — which the kernel adds and expires as connections come and go.
 */
function dynamicMember(
  w: Walk,
  ctx: WalkContext,
  idx: SetIndex,
  values: Value[],
  line: number | null,
): boolean {
  const name = idx.name as string;
  const key = values.map(stateKey).join(' . ');
  for (let c = w.recent; c !== null; c = c.tail) {
    if (c.head.list !== name || c.head.key !== key) continue;
    return c.head.op === 'set';
  }
  const timeout = durationSeconds(idx.set?.timeout ?? null);
  const ages = ctx.recentLookup(name, key);
  if (ages?.some((age) => timeout === null || age <= timeout)) return true;
  const listed = idx.lookup(values) !== null;
  if (ctx.sample === null) {
    w.assume(
      'trace/nft-dynamic-set',
      `@${name} is filled by the kernel as connections come (session affinity): its members are taken as the dump lists them (${idx.size}), expiry aside.`,
      line,
    );
  }
  return listed;
}

function compileLookup(
  m: Extract<NftMatch, { kind: 'nft-lookup' }>,
  site: MatchSite,
  env: NftCompileEnv,
): CMatch {
  const idx = setIndexFor(env.sets, env.table, m.set, m.left);
  const dynamic =
    idx.set !== null && (idx.set.flags.includes('dynamic') || idx.set.flags.includes('timeout'));
  return pure((w, ctx) => {
    const values = keyValues(m.left, w, ctx, site.line);
    if (values.some((v) => v === null)) return false;
    const hit = dynamic ? dynamicMember(w, ctx, idx, values, site.line) : idx.lookup(values) !== null;
    return hit !== m.negated;
  });
}

function compileCmp(m: Extract<NftMatch, { kind: 'nft-cmp' }>, site: MatchSite): CMatch {
  const lit = readLiteral(m.right, partKind(m.left));
  const bound = Number(m.right);
  return pure((w, ctx) => {
    const v = evalOperand(m.left, w, ctx, site.line);
    if (v === null || lit === null) return false;
    let holds: boolean;
    if (m.op === '==' || m.op === '!=') {
      holds = 'exact' in lit ? valueKey(v) === lit.exact : lit.test(v);
      if (m.op === '!=') holds = !holds;
    } else {
      if (typeof v !== 'number' || !Number.isFinite(bound)) return false;
      holds = m.op === '<' ? v < bound : m.op === '>' ? v > bound : m.op === '<=' ? v <= bound : v >= bound;
    }
    return holds !== m.negated;
  });
}

function compileEffect(m: Extract<NftMatch, { kind: 'nft-effect' }>, site: MatchSite): CMatch {
  const e = m.effect;
  if (e.kind === 'mark') {
    if (e.target !== 'meta mark') return pure(() => true);
    // nft_meta_set_eval: skb->mark = the value (the expression computes `mark | 0x4000` etc.).
    return pure((w, ctx) => {
      const v = evalOperand(e.value, w, ctx, site.line);
      if (typeof v === 'number') w.mark = v >>> 0;
      return true;
    });
  }
  if (e.kind === 'set-update') {
    // nft_dynset: `update` adds the element or refreshes its timeout, `add` adds it, `delete` removes it.
    return pure((w, ctx) => {
      const values = keyValues(e.key, w, ctx, site.line);
      if (values.some((v) => v === null)) return true;
      const key = values.map(stateKey).join(' . ');
      w.recent = { head: { list: e.set, key, op: e.op === 'delete' ? 'remove' : 'set' }, tail: w.recent };
      return true;
    });
  }
  return pure(() => true);
}

/** Compiles one nftables-only match. Never throws. */
export function compileNftMatch(m: NftMatch, site: MatchSite, env: NftCompileEnv): CMatch {
  switch (m.kind) {
    case 'nft-cmp':
      return compileCmp(m, site);
    case 'nft-lookup':
      return compileLookup(m, site, env);
    case 'nft-numgen':
      // nft_numgen.c nft_ng_random_eval: reciprocal_scale(get_random_u32(), modulus) + offset —
      // every value in [0, N) equally likely; the walk forks N ways here (machine.ts).
      return { random: null, ways: Math.max(1, m.mod), test: () => true };
    case 'nft-effect':
      return compileEffect(m, site);
  }
}
