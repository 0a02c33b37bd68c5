import { parseIpv4, parseIpv6 } from '../net';
import type { Dimension, Element, IpSet, IpsetMember } from './types';

/** `src` or `dst`, one per dimension, as in `--match-set NAME dst,dst,src`. */
export type SetFlag = 'src' | 'dst';

/** The packet fields a set match can read (iptables-extensions(8), "set"). */
export interface SetPacket {
  readonly family: 'ipv4' | 'ipv6';
  readonly src: string;
  readonly dst: string;
  /** Lower-case protocol name: `tcp`, `udp`, `sctp`, `icmp`… */
  readonly protocol: string;
  readonly sport?: number | null;
  readonly dport?: number | null;
  readonly inIface?: string | null;
  readonly outIface?: string | null;
  readonly srcMac?: string | null;
  readonly mark?: number | null;
}

export interface SetMatch {
  /** null: the set or packet lacks what the test needs (members not pasted, unknown type, no MAC…). */
  readonly matched: boolean | null;
  /** The member that decided the test (a `nomatch` member when it made the test fail). */
  readonly member: IpsetMember | null;
  readonly reason: string;
}

/** Parses `--match-set` flags (`dst,dst,src`); null when a flag is neither src nor dst. */
export function parseSetFlags(text: string): SetFlag[] | null {
  const flags = text.split(',');
  if (flags.length === 0 || flags.length > 6) return null; // iptables-extensions(8): at most six
  return flags.every((f) => f === 'src' || f === 'dst') ? (flags as SetFlag[]) : null;
}

/**
 * Whether `packet` is in `set` for a `--match-set NAME flags` rule, as the kernel's ipset test
 * decides (net/netfilter/ipset/ip_set_core.c ip_set_test and each type's kadt):
 * - fewer flags than the set's dimensions never match (ip_set_test: `opt->dim <
 *   set->type->dimension` returns 0 — the experiment in kubernetes#54203: `dst` on a
 *   hash:ip,port set matched nothing, `dst,dst` matched); extra flags are ignored;
 * - a set of the other family never matches (bitmap:port and list:set have no family);
 * - a port dimension takes the packet's source or destination port and its protocol: hash types
 *   compare the protocol too; bitmap:port matches TCP and UDP only (ip_set_get_ip_port), which
 *   is why kube-proxy's SCTP node-port set is hash:ip,port, not bitmap:port;
 * - for net dimensions the most specific member decides and a `nomatch` member is a failure.
 * `! --match-set` and `--return-nomatch` are the caller's business.
 */
export function testSet(
  set: IpSet,
  flags: readonly SetFlag[],
  packet: SetPacket,
  sets?: ReadonlyMap<string, IpSet>,
): SetMatch {
  const dims = set.dimensions;
  if (dims === null) return unknown(`"${set.type}" is not a set type this tool knows.`);
  if (flags.length < dims.length)
    return no(
      `${flags.length} flag(s) for a ${dims.length}-dimension ${set.type} set: the kernel never matches.`,
    );
  const family = set.header.family;
  const setFamily = family === 'inet6' ? 'ipv6' : family === 'inet' ? 'ipv4' : null;
  if (setFamily !== null && setFamily !== packet.family && set.type !== 'bitmap:port')
    return no(
      `"${set.name}" is a family ${family} set; the packet is ${packet.family === 'ipv6' ? 'IPv6' : 'IPv4'}.`,
    );
  if (set.type === 'list:set') return testList(set, flags, packet, sets);
  if (set.members === null) return unknown(`The members of "${set.name}" were not pasted.`);
  const fields: Field[] = [];
  for (let k = 0; k < dims.length; k++) {
    const f = fieldOf(dims[k] as Dimension, flags[k] as SetFlag, packet, set.type);
    if (typeof f === 'string') return f.startsWith('!') ? no(f.slice(1)) : unknown(f);
    fields.push(f);
  }
  let best: { member: IpsetMember; score: number } | null = null;
  for (const m of set.members) {
    if (!m.elements.every((e, k) => elementHas(e, fields[k] as Field))) continue;
    const score = m.elements.reduce((t, e) => t + (e.kind === 'net' || e.kind === 'ip' ? e.bits : 0), 0);
    if (best === null || score > best.score) best = { member: m, score };
  }
  if (best === null) return no(`No member of "${set.name}" holds the packet's ${fieldNames(dims, flags)}.`);
  if (best.member.nomatch)
    return {
      matched: false,
      member: best.member,
      reason: `"${best.member.text}" is a nomatch exception in "${set.name}".`,
    };
  const expiry =
    best.member.timeout === null ? '' : ` (it expires in ${best.member.timeout} s unless refreshed)`;
  return {
    matched: true,
    member: best.member,
    reason: `"${best.member.text}" is in "${set.name}"${expiry}.`,
  };
}

type Field =
  | { readonly kind: 'addr'; readonly family: 'ipv4' | 'ipv6'; readonly groups: number[] }
  | { readonly kind: 'port'; readonly proto: string; readonly port: number }
  | { readonly kind: 'text'; readonly value: string }
  | { readonly kind: 'mark'; readonly mark: number };

/** The packet field for one dimension; a string is a reason (`!…` = certainly no match). */
function fieldOf(dim: Dimension, flag: SetFlag, p: SetPacket, setType: string): Field | string {
  switch (dim) {
    case 'ip':
    case 'net': {
      const g = groupsOf(p.family, flag === 'src' ? p.src : p.dst);
      return g === null
        ? `The packet's ${flag} address is not readable.`
        : { kind: 'addr', family: p.family, groups: g };
    }
    case 'port': {
      const port = flag === 'src' ? p.sport : p.dport;
      const withPorts = ['tcp', 'udp', 'sctp', 'udplite'];
      if (setType === 'bitmap:port' && p.protocol !== 'tcp' && p.protocol !== 'udp')
        return `!bitmap:port only matches TCP and UDP packets; this one is ${p.protocol}.`;
      if (!withPorts.includes(p.protocol)) return `!A ${p.protocol} packet has no port for ${setType}.`;
      if (port === null || port === undefined) return `The packet's ${flag} port is not known.`;
      return { kind: 'port', proto: p.protocol, port };
    }
    case 'iface': {
      const name = flag === 'src' ? p.inIface : p.outIface;
      return name == null
        ? `The packet's ${flag === 'src' ? 'input' : 'output'} interface is not known.`
        : { kind: 'text', value: name };
    }
    case 'mac':
      return flag === 'src' && p.srcMac != null
        ? { kind: 'text', value: p.srcMac.toUpperCase() }
        : 'The MAC address is not known.';
    case 'mark':
      return p.mark == null ? 'The packet mark is not known.' : { kind: 'mark', mark: p.mark };
    case 'set':
      return 'list:set members are sets.';
  }
}

function elementHas(e: Element, f: Field): boolean {
  if ((e.kind === 'ip' || e.kind === 'net') && f.kind === 'addr') {
    const g = groupsOf(e.family, e.address);
    return e.family === f.family && g !== null && samePrefix(g, f.groups, e.bits);
  }
  if (e.kind === 'port' && f.kind === 'port')
    return (e.proto === null || e.proto === f.proto) && f.port >= e.from && f.port <= e.to;
  if (e.kind === 'iface' && f.kind === 'text') return e.name === f.value;
  if (e.kind === 'mac' && f.kind === 'text') return e.mac === f.value;
  if (e.kind === 'mark' && f.kind === 'mark') return e.mark === f.mark;
  return false;
}

/** 16-bit groups of an address (IPv4 as two groups), or null. */
function groupsOf(family: 'ipv4' | 'ipv6', text: string): number[] | null {
  if (family === 'ipv6') return parseIpv6(text);
  const n = parseIpv4(text, 0, text.length);
  return n < 0 ? null : [Math.floor(n / 65536), n % 65536];
}

function samePrefix(a: readonly number[], b: readonly number[], bits: number): boolean {
  for (let k = 0; k < a.length && bits > 0; k++, bits -= 16) {
    const keep = Math.min(16, bits);
    const mask = (0xffff << (16 - keep)) & 0xffff;
    if (((a[k] as number) & mask) !== ((b[k] as number) & mask)) return false;
  }
  return true;
}

function testList(
  set: IpSet,
  flags: readonly SetFlag[],
  p: SetPacket,
  sets?: ReadonlyMap<string, IpSet>,
): SetMatch {
  if (set.members === null) return unknown(`The members of "${set.name}" were not pasted.`);
  // list:set tests its member sets in order; the first that matches wins (ip_set_list_set.c).
  let undecided = false;
  for (const m of set.members) {
    const inner = m.elements[0]?.kind === 'set' ? sets?.get(m.elements[0].name) : undefined;
    if (inner === undefined) {
      undecided = true;
      continue;
    }
    const r = testSet(inner, flags, p, sets);
    if (r.matched === true) return r;
    if (r.matched === null) undecided = true;
  }
  return undecided
    ? unknown(`Not every set listed in "${set.name}" was pasted.`)
    : no(`No set in "${set.name}" matches.`);
}

function fieldNames(dims: readonly Dimension[], flags: readonly SetFlag[]): string {
  return dims.map((d, k) => `${flags[k]} ${d === 'net' ? 'address' : d === 'ip' ? 'address' : d}`).join(', ');
}

const no = (reason: string): SetMatch => ({ matched: false, member: null, reason });
const unknown = (reason: string): SetMatch => ({ matched: null, member: null, reason });
