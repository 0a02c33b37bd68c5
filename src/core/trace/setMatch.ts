import { type IpSet, parseSetFlags, type SetPacket, testSet } from '../ipset';
import type { Match } from '../ruleset';
import type { CMatch } from './compiled';
import type { MatchSite } from './matchers';
import type { Walk, WalkContext } from './walk';

type Opaque = Extract<Match, { kind: 'opaque' }>;

const PROTO_NAMES: Readonly<Record<number, string>> = {
  1: 'icmp',
  6: 'tcp',
  17: 'udp',
  58: 'icmpv6',
  132: 'sctp',
  136: 'udplite',
};

/** The pasted sets by name (built once per trace call from `env.ipsets`). */
export function ipsetsByName(sets: readonly IpSet[] | undefined): ReadonlyMap<string, IpSet> | null {
  if (sets === undefined) return null;
  const byName = new Map<string, IpSet>();
  for (const s of sets) if (!byName.has(s.name)) byName.set(s.name, s);
  return byName;
}

/** The packet as the set match reads it at this point of the walk (after any NAT so far). */
function setPacket(w: Walk, site: MatchSite): SetPacket {
  let sport: number | null = w.sport;
  if (sport < 0) {
    w.assume('trace/assumed-sport', 'Source port unknown: an ephemeral port (40000) is assumed.', site.line);
    sport = 40000;
  }
  return {
    family: w.dst.v6 ? 'ipv6' : 'ipv4',
    src: w.src.text,
    dst: w.dst.text,
    protocol: PROTO_NAMES[w.proto] ?? String(w.proto),
    sport,
    dport: w.dport,
    inIface: w.hookIn === '' ? null : w.hookIn,
    outIface: w.hookOut === '' ? null : w.hookOut,
    mark: w.mark,
  };
}

/** Set types that keep `nomatch` members (the hash types with a net dimension). */
const hasNomatch = (set: IpSet) => set.dimensions?.includes('net') === true;

/**
 * `-m set [!] --match-set NAME flags [--return-nomatch]` decided from the pasted `ipset list` /
 * `ipset save` output (env.ipsets) with the kernel's test (ipset's `testSet`, ip_set_core.c
 * ip_set_test). iptables-extensions(8), "set": `!` inverts the result; with `--return-nomatch`
 * on a set type that supports `nomatch`, the result is reversed — a `nomatch` member matches, a
 * plain one does not. A set that was not pasted, or one the test cannot decide (members cut, an
 * unknown type, a field the packet lacks), stays an assumption naming the set: not in it.
 * Counter options (`--packets-gt`…) are not read: the sets' counters are not traced.
 * Returns null when the match is not a readable `--match-set` (compiled as an opaque match).
 */
export function compileSetMatch(m: Opaque, site: MatchSite): CMatch | null {
  const opt = m.options.find((o) => /^-*match-set$/i.test(o.name));
  const name = opt?.values[0];
  const flags = parseSetFlags(opt?.values[1] ?? '');
  if (opt === undefined || name === undefined || flags === null) return null;
  const negated = m.negated || opt.negated;
  const returnNomatch = m.options.some((o) => /^-*return-nomatch$/i.test(o.name));
  const what = m.summary || `-m set --match-set ${name} ${flags.join(',')}`;
  const assumeNotIn = (w: Walk, why: string): boolean => {
    w.assume(
      'trace/ipset-unknown',
      `${what}: ${why} The packet is assumed not to be in "${name}"; the rule's match ${negated ? 'holds' : 'does not hold'}.`,
      site.line,
    );
    return negated;
  };
  return {
    random: null,
    test: (w: Walk, ctx: WalkContext) => {
      const sets = ctx.ipsets;
      if (sets === null) return assumeNotIn(w, `the members of "${name}" were not pasted (ipset list).`);
      const set = sets.get(name);
      if (set === undefined) return assumeNotIn(w, `the pasted ipset output has no set "${name}".`);
      const r = testSet(set, flags, setPacket(w, site), sets);
      if (r.matched === null) return assumeNotIn(w, r.reason);
      let inSet = r.matched;
      if (returnNomatch && hasNomatch(set)) inSet = r.member?.nomatch === true;
      if (inSet && r.member?.timeout != null) {
        w.assume(
          'trace/ipset-timeout',
          `"${r.member.text}" in "${name}" expires in ${r.member.timeout} s unless refreshed: it is taken as present.`,
          site.line,
        );
      }
      return inSet !== negated;
    },
  };
}
