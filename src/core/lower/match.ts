import type { MatchNode, OptionNode } from '../iptables';
import {
  parseCidr,
  parseMarkMask,
  parsePortList,
  parsePortRange,
  parseProbability,
  parseUint32,
} from '../iptables';
import type { Match, PortRange } from '../ruleset';

/** iptables prints these protocol numbers by name (/etc/protocols as libxtables' xtables_chain_protos). */
const PROTOCOL_NAMES: Readonly<Record<string, string>> = {
  '0': 'all',
  '1': 'icmp',
  '6': 'tcp',
  '17': 'udp',
  '58': 'ipv6-icmp',
  '132': 'sctp',
  '136': 'udplite',
  '33': 'dccp',
  icmpv6: 'ipv6-icmp',
};
const PORT_MODULES = new Set(['tcp', 'udp', 'udplite', 'sctp', 'dccp']);

/**
 * Turns match groups into typed `Match`es. Equal matches are shared (one frozen-by-contract object
 * per distinct module/option/value), which keeps a 380,000-rule dump small: most rules repeat
 * `-p tcp`, `-m comment`, `! -s 10.0.0.0/8`.
 */
export class MatchLowerer {
  private readonly cache = new Map<string, Match>();

  /** Appends the typed matches of group `m` to `out`. */
  lower(m: MatchNode, out: Match[]): void {
    const module = m.module;
    if (module === '') {
      for (const o of m.options) this.builtin(o, out);
    } else if (
      PORT_MODULES.has(module) ||
      module === 'multiport' ||
      module === 'conntrack' ||
      module === 'mark'
    ) {
      for (const o of m.options) {
        const k = `${module}\0${key(o)}`;
        let v = this.cache.get(k);
        if (v === undefined) {
          v = lowerPerOption(module, o);
          this.cache.set(k, v);
        }
        out.push(v);
      }
    } else {
      let k = module;
      for (const o of m.options) k += `\0${key(o)}`;
      let v = this.cache.get(k);
      if (v === undefined) {
        v = lowerGroup(m);
        this.cache.set(k, v);
      }
      out.push(v);
    }
  }

  private builtin(o: OptionNode, out: Match[]): void {
    const name = o.name;
    if (name === '-c' || name === '--set-counters') return;
    const k = `\0${key(o)}`;
    let v = this.cache.get(k);
    if (v === undefined) {
      v = lowerBuiltinOption(o);
      this.cache.set(k, v);
    }
    out.push(v);
  }
}

/** The typed match of one option of a per-option module (tcp/udp/… ports, multiport, conntrack, mark). */
export function lowerPerOption(module: string, o: OptionNode): Match {
  const v = o.values[0] ?? '';
  const n = o.name;
  if (module === 'mark' && n === '--mark') {
    const vm = parseMarkMask(v);
    if (vm !== null) return { kind: 'mark', negated: o.negated, value: vm[0], mask: vm[1] };
  } else if (module === 'conntrack') {
    const split = n === '--ctstate' || n === '--ctstatus';
    return {
      kind: 'conntrack',
      conditions: [{ option: n.slice(2), negated: o.negated, values: split ? v.split(',') : [v] }],
    };
  } else if (module === 'multiport') {
    const ranges = parsePortList(v);
    const dir = n === '--dports' || n === '--destination-ports' ? 'dst' : n === '--ports' ? 'any' : 'src';
    if (ranges) return { kind: 'multiport', dir, negated: o.negated, ranges: ranges.map(toRange) };
  } else if (n === '--sport' || n === '--dport' || n === '--source-port' || n === '--destination-port') {
    const r = parsePortRange(v);
    const dir = n === '--dport' || n === '--destination-port' ? 'dst' : 'src';
    if (r) return { kind: 'port', module, dir, negated: o.negated, range: toRange(r) };
  }
  return opaque(module, [o]);
}

function optionNamed(opts: readonly OptionNode[], name: string): OptionNode | undefined {
  for (const o of opts) if (o.name === name) return o;
  return undefined;
}

function addrtypeSide(o: OptionNode | undefined): { negated: boolean; types: string[] } | null {
  return o ? { negated: o.negated, types: (o.values[0] ?? '').split(',') } : null;
}

/** The one typed match of a whole group (comment, state, statistic, recent, addrtype, others opaque). */
export function lowerGroup(m: MatchNode): Match {
  const opts = m.options;
  let negated = false;
  for (const o of opts) if (o.negated) negated = true;
  switch (m.module) {
    case 'comment':
      return { kind: 'comment', text: optionNamed(opts, '--comment')?.values[0] ?? '' };
    case 'state': {
      const o = optionNamed(opts, '--state');
      if (o) return { kind: 'state', negated: o.negated, states: (o.values[0] ?? '').split(',') };
      break;
    }
    case 'statistic':
      return lowerStatistic(m, negated) ?? opaque(m.module, opts);
    case 'recent':
      return lowerRecent(m, negated) ?? opaque(m.module, opts);
    case 'addrtype':
      return {
        kind: 'addrtype',
        src: addrtypeSide(optionNamed(opts, '--src-type')),
        dst: addrtypeSide(optionNamed(opts, '--dst-type')),
        limitIfaceIn: optionNamed(opts, '--limit-iface-in') !== undefined,
        limitIfaceOut: optionNamed(opts, '--limit-iface-out') !== undefined,
      };
  }
  return opaque(m.module, opts);
}

function key(o: OptionNode): string {
  const v = o.values;
  const head = o.negated ? `!${o.name}` : o.name;
  return v.length === 1 ? `${head}\u0001${v[0]}` : `${head}\u0001${v.join('\u0001')}`;
}

function toRange(r: [number, number]): PortRange {
  return { from: r[0], to: r[1] };
}

/** The typed match of one built-in selector (`-s`, `-p`, `-i`, …). */
export function lowerBuiltinOption(o: OptionNode): Match {
  const v = o.values[0] ?? '';
  switch (o.name) {
    case '-s':
    case '--source':
    case '--src':
    case '-d':
    case '--destination':
    case '--dst': {
      const cidr = v.indexOf(',') === -1 ? parseCidr(v) : null;
      const dir = o.name === '-s' || o.name === '--source' || o.name === '--src' ? 'src' : 'dst';
      return cidr === null ? opaque('', [o]) : { kind: 'addr', dir, negated: o.negated, cidr };
    }
    case '-p':
    case '--protocol': {
      const p = v.toLowerCase();
      return { kind: 'proto', negated: o.negated, proto: PROTOCOL_NAMES[p] ?? p };
    }
    case '-i':
    case '--in-interface':
      return { kind: 'iface', dir: 'in', negated: o.negated, name: v };
    case '-o':
    case '--out-interface':
      return { kind: 'iface', dir: 'out', negated: o.negated, name: v };
    case '-f':
    case '--fragment':
      return { kind: 'fragment', negated: o.negated };
  }
  return opaque('', [o]);
}

/**
 * `-m statistic`. The kernel draws `get_random_u32() & 0x7FFFFFFF` and matches when it is below
 * `info->u.random.probability` (net/netfilter/xt_statistic.c), which libxt_statistic.c sets to
 * `lround(0x80000000 * p)`: the probability really applied is that integer / 2^31.
 */
function lowerStatistic(m: MatchNode, negated: boolean): Match | null {
  const opt = (n: string) => optionNamed(m.options, n)?.values[0];
  const mode = opt('--mode');
  if (mode === 'random') {
    const p = parseProbability(opt('--probability') ?? '');
    if (Number.isNaN(p)) return null;
    return {
      kind: 'statistic',
      mode: 'random',
      negated,
      probability: p,
      effectiveProbability: effectiveProbability(p),
    };
  }
  if (mode === 'nth') {
    const every = parseUint32(opt('--every') ?? '', 0, (opt('--every') ?? '').length);
    const packetText = opt('--packet') ?? '0';
    const packet = parseUint32(packetText, 0, packetText.length);
    if (every < 1 || packet < 0) return null;
    return { kind: 'statistic', mode: 'nth', negated, every, packet };
  }
  return null;
}

/** `round(p · 2^31) / 2^31`: the probability xt_statistic applies for `--probability p`. */
export function effectiveProbability(p: number): number {
  return Math.round(p * 2 ** 31) / 2 ** 31;
}

function lowerRecent(m: MatchNode, negated: boolean): Match | null {
  type Action = 'set' | 'rcheck' | 'update' | 'remove';
  let action: Action | null = null;
  let name = 'DEFAULT';
  let seconds: number | null = null;
  let hitcount: number | null = null;
  let reap = false;
  let rttl = false;
  let side: 'source' | 'dest' = 'source';
  let mask: string | null = null;
  for (const o of m.options) {
    const v = o.values[0] ?? '';
    switch (o.name) {
      case '--set':
      case '--rcheck':
      case '--update':
      case '--remove':
        action = o.name.slice(2) as Action;
        break;
      case '--name':
        name = v;
        break;
      case '--seconds':
        seconds = parseUint32(v, 0, v.length);
        break;
      case '--hitcount':
        hitcount = parseUint32(v, 0, v.length);
        break;
      case '--reap':
        reap = true;
        break;
      case '--rttl':
        rttl = true;
        break;
      case '--rsource':
        side = 'source';
        break;
      case '--rdest':
        side = 'dest';
        break;
      case '--mask':
        mask = v;
        break;
    }
  }
  if (action === null || (seconds !== null && seconds < 0) || (hitcount !== null && hitcount < 0))
    return null;
  return { kind: 'recent', negated, name, action, seconds, reap, hitcount, rttl, side, mask };
}

function opaque(module: string, options: readonly OptionNode[]): Match {
  const text = options
    .map((o) => `${o.negated ? '! ' : ''}${o.name}${o.values.map((v) => ` ${v}`).join('')}`)
    .join(' ');
  return {
    kind: 'opaque',
    module,
    negated: options.some((o) => o.negated),
    options: options.map((o) => ({ name: o.name, negated: o.negated, values: o.values })),
    summary: module === '' ? text : `-m ${module} ${text}`.trimEnd(),
  };
}
