import { compareIp, parseIp } from '../net';
import type { Match } from '../ruleset';
import { addressType } from './addressType';
import type { CMatch } from './compiled';
import type { MatchSite } from './matchers';
import { compileSetMatch } from './setMatch';
import type { Walk, WalkContext } from './walk';

type Opaque = Extract<Match, { kind: 'opaque' }>;
type Option = Opaque['options'][number];

const optName = (o: Option) => o.name.replace(/^-+/, '').toLowerCase();
const anyNegated = (m: Opaque) => m.negated || m.options.some((o) => o.negated);

/**
 * What the tracer assumes for matches it cannot decide from the packet and the rules, per module.
 * `holds` is the assumed truth of the un-negated condition; `!` flips it. Chosen to be what is
 * usually true on a Kubernetes node, and always recorded as an Assumption on the outcome:
 * - `limit`/`hashlimit`: within the rate (xt_limit) — but `--hashlimit-above` does not hold;
 * - `set` (ipset): decided from the pasted sets (setMatch.ts); a set not pasted: not in it;
 * - `physdev`: the packet is routed, not bridged (no br_netfilter bridge port);
 * - `socket`: no local socket matches; `owner`: not the process named; `helper`: no helper;
 * - `connlimit`: `--connlimit-upto` holds, `--connlimit-above` does not;
 * - `policy` (IPsec): no IPsec policy (`--pol none` holds);
 * - `rpfilter`: the reverse path is valid; `icmp` types: the type asked for;
 * - anything else: does not hold.
 * `nfacct` always holds and needs no assumption: xt_nfacct only counts (nfacct_mt returns true).
 */
const POLICIES: Readonly<Record<string, { code: string; holds: (m: Opaque) => boolean }>> = {
  limit: { code: 'trace/limit-assumed', holds: () => true },
  hashlimit: {
    code: 'trace/limit-assumed',
    holds: (m) => !m.options.some((o) => optName(o) === 'hashlimit-above'),
  },
  set: { code: 'trace/ipset-unknown', holds: () => false },
  physdev: { code: 'trace/physdev-assumed', holds: () => false },
  socket: { code: 'trace/socket-assumed', holds: () => false },
  owner: { code: 'trace/owner-assumed', holds: () => false },
  helper: { code: 'trace/helper-assumed', holds: () => false },
  connlimit: {
    code: 'trace/connlimit-assumed',
    holds: (m) => !m.options.some((o) => optName(o) === 'connlimit-above'),
  },
  policy: {
    code: 'trace/ipsec-policy-assumed',
    holds: (m) => m.options.some((o) => optName(o) === 'pol' && o.values[0] === 'none'),
  },
  rpfilter: { code: 'trace/rpfilter-assumed', holds: () => true },
  icmp: { code: 'trace/icmp-type-assumed', holds: () => true },
  icmp6: { code: 'trace/icmp-type-assumed', holds: () => true },
};

function rangeHolds(range: string, ip: { readonly v6: boolean } & Parameters<typeof compareIp>[0]) {
  const [a = '', b = a] = range.split('-');
  const lo = parseIp(a);
  const hi = parseIp(b);
  if (lo === null || hi === null || lo.v6 !== ip.v6) return false;
  return compareIp(lo, ip) <= 0 && compareIp(ip, hi) <= 0;
}

/** Modules the tracer can decide exactly even though the model keeps them opaque. */
function decidable(m: Opaque): ((w: Walk, ctx: WalkContext) => boolean) | null {
  if (m.module === 'nfacct' || m.module === 'comment') return () => !m.negated;
  if (m.module === 'iprange') {
    return (w) =>
      m.options.every((o) => {
        const n = optName(o);
        const ip = n === 'src-range' ? w.src : n === 'dst-range' ? w.dst : null;
        return ip === null || rangeHolds(o.values[0] ?? '', ip) !== o.negated;
      }) !== m.negated;
  }
  if (m.module === 'pkttype') {
    return (w, ctx) => {
      const t = addressType(w.dst, ctx).type;
      const kind = t === 'MULTICAST' ? 'multicast' : t === 'BROADCAST' ? 'broadcast' : 'unicast';
      return m.options.every((o) => (o.values[0]?.toLowerCase() === kind) !== o.negated) !== m.negated;
    };
  }
  if (m.module === 'tcp') {
    // `--syn` / `--tcp-flags mask comp`: the first packet of a NEW connection carries SYN only; a
    // packet of an established one, ACK (xt_tcpudp.c tcp_mt: (flags & mask) == cmp).
    const BITS: Record<string, number> = {
      FIN: 1,
      SYN: 2,
      RST: 4,
      PSH: 8,
      ACK: 16,
      URG: 32,
      ECE: 64,
      CWR: 128,
    };
    const bits = (list: string) =>
      list === 'ALL' ? 255 : list === 'NONE' ? 0 : list.split(',').reduce((n, f) => n | (BITS[f] ?? 0), 0);
    const tests = m.options.map((o) => {
      const n = optName(o);
      if (n === 'syn') return (flags: number) => ((flags & 0x17) === 2) !== o.negated;
      if (n === 'tcp-flags') {
        const mask = bits((o.values[0] ?? '').toUpperCase());
        const comp = bits((o.values[1] ?? '').toUpperCase());
        return (flags: number) => ((flags & mask) === comp) !== o.negated;
      }
      return null;
    });
    if (tests.some((t) => t === null)) return null;
    return (w) => w.proto === 6 && tests.every((t) => t?.(w.ct === 'new' ? 2 : 16)) !== m.negated;
  }
  if (m.module === 'connmark') {
    return (w) => {
      w.assume('trace/connmark-assumed', 'The connection mark (ctmark) is assumed to be 0.', null);
      return (
        m.options.every((o) => {
          const [v = '0', mask = '0xffffffff'] = (o.values[0] ?? '0').split('/');
          return ((0 & Number(mask)) === Number(v)) !== o.negated;
        }) !== m.negated
      );
    };
  }
  return null;
}

/** Compiles an opaque match: decided where possible, else assumed (and the assumption recorded). */
export function compileOpaque(m: Opaque, site: MatchSite): CMatch {
  const set = m.module === 'set' ? compileSetMatch(m, site) : null;
  if (set !== null) return set;
  const exact = decidable(m);
  if (exact !== null) {
    return {
      random: null,
      test: (w, ctx) => {
        const before = w.assumptions;
        const r = exact(w, ctx);
        if (w.assumptions !== before && w.assumptions !== null && w.assumptions.head.line === null) {
          w.assumptions = { head: { ...w.assumptions.head, line: site.line }, tail: w.assumptions.tail };
        }
        return r;
      },
    };
  }
  const policy = POLICIES[m.module];
  const holds = policy ? policy.holds(m) : false;
  const result = holds !== anyNegated(m);
  const code = policy?.code ?? 'trace/unknown-match';
  const what = m.summary || `-m ${m.module}`;
  const message = `${what}: cannot be known from the dump; assumed to ${result ? 'hold' : 'not hold'}.`;
  return {
    random: null,
    test: (w) => {
      w.assume(code, message, site.line);
      return result;
    },
  };
}
