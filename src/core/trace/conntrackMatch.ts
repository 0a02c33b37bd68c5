import { compilePrefix, prefixContains } from '../net';
import type { Match } from '../ruleset';
import type { CMatch } from './compiled';
import type { MatchSite } from './matchers';
import type { Walk } from './walk';

/**
 * `-m conntrack` and `-m state`, after net/netfilter/xt_conntrack.c (conntrack_mt) and xt_state.c.
 * The state bits: NEW/ESTABLISHED/RELATED from ctinfo, INVALID without a conntrack entry,
 * UNTRACKED for NOTRACK'ed packets, plus the virtual SNAT/DNAT bits, set when the connection has
 * IPS_SRC_NAT / IPS_DST_NAT — i.e. a NAT binding really changed the tuple (nf_nat_setup_info).
 * So a NEW packet that was DNATed in nat PREROUTING/OUTPUT is `NEW,DNAT` in filter, and kube-proxy's
 * KUBE-FIREWALL `! --ctstate RELATED,ESTABLISHED,DNAT` lets DNATed localhost traffic through.
 */
function stateHolds(w: Walk, wanted: ReadonlySet<string>, withNat: boolean): boolean {
  const base =
    w.ct === 'new'
      ? 'NEW'
      : w.ct === 'established'
        ? 'ESTABLISHED'
        : w.ct === 'related'
          ? 'RELATED'
          : w.ct === 'invalid'
            ? 'INVALID'
            : 'UNTRACKED';
  if (wanted.has(base)) return true;
  if (!withNat || w.ct === 'invalid' || w.ct === 'untracked') return false;
  return (w.snatBit && wanted.has('SNAT')) || (w.dnatBit && wanted.has('DNAT'));
}

const upperSet = (values: readonly string[]) =>
  new Set(values.flatMap((v) => v.split(',')).map((v) => v.trim().toUpperCase()));

function portTest(values: readonly string[]): (p: number) => boolean {
  const [from = '', to] = (values[0] ?? '').split(':');
  const lo = Number(from);
  const hi = to === undefined ? lo : Number(to);
  return (p) => p >= lo && p <= hi;
}

type Test = (w: Walk) => boolean;

function conditionTest(option: string, values: readonly string[], site: MatchSite): Test {
  switch (option) {
    case 'ctstate': {
      const wanted = upperSet(values);
      return (w) => stateHolds(w, wanted, true);
    }
    case 'ctproto': {
      const v = (values[0] ?? '').toLowerCase();
      const n = /^\d+$/.test(v)
        ? Number(v)
        : ({ tcp: 6, udp: 17, sctp: 132, icmp: 1, icmpv6: 58 } as const)[v as 'tcp'];
      return (w) => w.proto === n;
    }
    case 'ctorigsrc':
    case 'ctorigdst':
    case 'ctreplsrc':
    case 'ctrepldst': {
      const p = compilePrefix(values[0] ?? '');
      if (p === null) return () => false;
      // The reply tuple is the inverse of the original one after NAT: its source is the (DNATed)
      // destination, its destination the (SNATed) source.
      if (option === 'ctorigsrc') return (w) => prefixContains(p, w.origSrc);
      if (option === 'ctorigdst') return (w) => prefixContains(p, w.origDst);
      if (option === 'ctreplsrc') return (w) => prefixContains(p, w.dst);
      return (w) => prefixContains(p, w.src);
    }
    case 'ctorigsrcport':
      return (
        (t) => (w: Walk) =>
          t(w.origSport)
      )(portTest(values));
    case 'ctorigdstport':
      return (
        (t) => (w: Walk) =>
          t(w.origDport)
      )(portTest(values));
    case 'ctreplsrcport':
      return (
        (t) => (w: Walk) =>
          t(w.dport)
      )(portTest(values));
    case 'ctrepldstport':
      return (
        (t) => (w: Walk) =>
          t(w.sport)
      )(portTest(values));
    case 'ctstatus': {
      const wanted = upperSet(values);
      // A NEW connection is not yet confirmed and has seen no reply.
      return (w) =>
        w.ct === 'new'
          ? wanted.has('NONE')
          : ['SEEN_REPLY', 'ASSURED', 'CONFIRMED'].some((s) => wanted.has(s));
    }
    case 'ctdir': {
      // The traced packet is always in the connection's ORIGINAL direction.
      const wanted = upperSet(values);
      return () => wanted.has('ORIGINAL');
    }
    default:
      return (w) => {
        w.assume(
          'trace/conntrack-assumed',
          `conntrack --${option} cannot be known from the packet: assumed to hold.`,
          site.line,
        );
        return true;
      };
  }
}

/** Compiles `-m conntrack`: every condition must hold (each with its own `!`). */
export function compileConntrack(m: Extract<Match, { kind: 'conntrack' }>, site: MatchSite): CMatch {
  const tests = m.conditions.map((c) => {
    const t = conditionTest(c.option.replace(/^-+/, '').toLowerCase(), c.values, site);
    return c.negated ? (w: Walk) => !t(w) : t;
  });
  return { random: null, test: (w) => tests.every((t) => t(w)) };
}

/** Compiles `-m state --state …` (no SNAT/DNAT virtual states there: xt_state.c). */
export function compileState(m: Extract<Match, { kind: 'state' }>): CMatch {
  const wanted = upperSet(m.states);
  return { random: null, test: (w) => stateHolds(w, wanted, false) !== m.negated };
}
