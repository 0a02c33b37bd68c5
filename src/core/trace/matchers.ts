import { compilePrefix, prefixContains } from '../net';
import type { Match, PortRange } from '../ruleset';
import { addressType } from './addressType';
import type { CMatch } from './compiled';
import { compileConntrack, compileState } from './conntrackMatch';
import { compileNftMatch, type NftCompileEnv } from './nftMatch';
import { compileOpaque } from './opaque';
import { protoNumber } from './protoNumbers';
import { compileRecent } from './recentMatch';
import type { Walk, WalkContext } from './walk';

/** Where a match sits, for assumptions and nth counters. */
export interface MatchSite {
  /** null for rules that are not in the text (implied or assumed). */
  readonly line: number | null;
  readonly ruleId: string;
  readonly index: number;
}

const ALWAYS: CMatch = { random: null, test: () => true };
const NEVER: CMatch = { random: null, test: () => false };
const pure = (test: CMatch['test']): CMatch => ({ random: null, test });

/** iptables(8) `-i`/`-o`: a trailing `+` matches every name with that prefix (`+` alone: any). */
function ifaceMatches(pattern: string, name: string): boolean {
  return pattern.endsWith('+') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;
}

const inRange = (r: PortRange, p: number) => p >= r.from && p <= r.to;

function portOf(w: Walk, dir: 'src' | 'dst', line: number | null): number {
  if (dir === 'src' && w.sport < 0) {
    w.assume('trace/assumed-sport', 'Source port unknown: an ephemeral port (40000) is assumed.', line);
    return 40000;
  }
  return dir === 'src' ? w.sport : w.dport;
}

const SURE_ENOUGH = new Set(['LOCAL', 'UNICAST', 'MULTICAST']);

function compileAddrtype(m: Extract<Match, { kind: 'addrtype' }>, site: MatchSite): CMatch {
  const side = (which: 'src' | 'dst') => {
    const spec = m[which];
    if (spec === null) return null;
    const types = new Set(spec.types.map((t) => t.toUpperCase()));
    const doubtful = [...types].some((t) => !SURE_ENOUGH.has(t));
    return (w: Walk, ctx: WalkContext) => {
      const ip = which === 'src' ? w.src : w.dst;
      const { type, sure } = addressType(ip, ctx);
      if (!sure && doubtful) {
        w.assume(
          'trace/addrtype-assumed',
          `${ip.text} is taken as ${type}: only the node's routing table knows subnet broadcasts and anycast.`,
          site.line,
        );
      }
      if (type === 'LOCAL' && (m.limitIfaceIn || m.limitIfaceOut)) {
        w.assume(
          'trace/addrtype-iface',
          `${ip.text} is assumed to be configured on the ${m.limitIfaceIn ? 'input' : 'output'} interface.`,
          site.line,
        );
      }
      return types.has(type) !== spec.negated;
    };
  };
  const src = side('src');
  const dst = side('dst');
  return pure((w, ctx) => (src === null || src(w, ctx)) && (dst === null || dst(w, ctx)));
}

function compileNth(m: Extract<Match, { kind: 'statistic'; mode: 'nth' }>, site: MatchSite): CMatch {
  const every = Math.max(1, m.every);
  // libxt_statistic stores every-1 and starts the counter at (every-1) - packet; xt_statistic then
  // does `nval = (count == every-1) ? 0 : count+1` and matches when nval == 0.
  const start = (((every - 1 - m.packet) % every) + every) % every;
  const key = `${site.ruleId}@${site.index}`;
  return pure((w, ctx) => {
    let count: number | undefined;
    for (let c = w.nth; c !== null && count === undefined; c = c.tail)
      if (c.head.key === key) count = c.head.value;
    if (count === undefined) count = ctx.nthBase?.get(key);
    if (count === undefined) {
      count = start;
      if (ctx.sample === null) {
        w.assume(
          'trace/assumed-nth-counter',
          `statistic --mode nth: the counter is assumed at its start (every ${every}, packet ${m.packet}).`,
          site.line,
        );
      }
    }
    const next = count === every - 1 ? 0 : count + 1;
    w.nth = { head: { key, value: next }, tail: w.nth };
    return (next === 0) !== m.negated;
  });
}

/** Compiles one typed match. Never throws: unusable data compiles to a match that never holds. */
export function compileMatch(
  m: Match,
  site: MatchSite,
  family: 'ipv4' | 'ipv6',
  env?: NftCompileEnv,
): CMatch {
  switch (m.kind) {
    case 'addr': {
      const p = compilePrefix(m.cidr);
      if (p === null) return m.negated ? ALWAYS : NEVER;
      return m.dir === 'src'
        ? pure((w) => prefixContains(p, w.src) !== m.negated)
        : pure((w) => prefixContains(p, w.dst) !== m.negated);
    }
    case 'proto': {
      const n = protoNumber(m.proto);
      if (n === 0) return m.negated ? NEVER : ALWAYS;
      const want = n === 1 && family === 'ipv6' ? 58 : n;
      return pure((w) => (w.proto === want) !== m.negated);
    }
    case 'iface': {
      const out = m.dir === 'out';
      return pure((w, ctx) => {
        const name = out ? w.hookOut : w.hookIn;
        if (name !== '' && name !== 'lo' && m.name !== '+' && !(out ? ctx.userOutIface : ctx.userInIface)) {
          w.assume(
            out ? 'trace/assumed-out-iface' : 'trace/assumed-in-iface',
            `The ${out ? 'output' : 'input'} interface is assumed to be "${name}".`,
            site.line,
          );
        }
        return ifaceMatches(m.name, name) !== m.negated;
      });
    }
    case 'fragment':
      // The first packet of a connection is whole (conntrack defragments before raw's successors).
      return m.negated ? ALWAYS : NEVER;
    case 'port': {
      const want = protoNumber(m.module);
      return pure((w) => {
        if (want !== null && w.proto !== want) return false;
        return inRange(m.range, portOf(w, m.dir, site.line)) !== m.negated;
      });
    }
    case 'multiport':
      return pure((w) => {
        const hit = (p: number) => m.ranges.some((r) => inRange(r, p));
        const ok =
          m.dir === 'any'
            ? hit(portOf(w, 'src', site.line)) || hit(w.dport)
            : hit(portOf(w, m.dir, site.line));
        return ok !== m.negated;
      });
    case 'statistic':
      if (m.mode === 'random') {
        const p = Math.max(0, Math.min(1, m.effectiveProbability));
        return { random: m.negated ? 1 - p : p, test: () => true };
      }
      return compileNth(m, site);
    case 'recent':
      return compileRecent(m, site);
    case 'addrtype':
      return compileAddrtype(m, site);
    case 'mark': {
      const mask = m.mask >>> 0;
      const value = m.value >>> 0;
      // xt_mark.c mark_mt: ((skb->mark & info->mask) == info->mark) ^ info->invert
      return pure((w) => ((w.mark & mask) >>> 0 === value) !== m.negated);
    }
    case 'conntrack':
      return compileConntrack(m, site);
    case 'state':
      return compileState(m);
    case 'comment':
      return ALWAYS;
    case 'opaque':
      return compileOpaque(m, site);
    case 'nft-cmp':
    case 'nft-lookup':
    case 'nft-numgen':
    case 'nft-effect':
      return compileNftMatch(m, site, env ?? { table: undefined, sets: new Map() });
  }
}
