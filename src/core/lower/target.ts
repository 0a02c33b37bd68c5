import type { OptionNode, TargetNode } from '../iptables';
import { NON_TERMINAL_TARGETS, parseMarkMask, parsePort, parseUint32, TARGET_OPTIONS } from '../iptables';
import { parseIpv4, parseIpv6 } from '../net';
import type { NatRange, Target } from '../ruleset';

const NONE: Target = { kind: 'none' };
const ACCEPT: Target = { kind: 'ACCEPT' };
const DROP: Target = { kind: 'DROP' };
const RETURN: Target = { kind: 'RETURN' };
const QUEUE: Target = { kind: 'QUEUE' };

/** The verdict target of that name. A switch, not a property lookup: most names are chain names,
 * and looking one up as a property key would make V8 look it up in its string table. */
function verdictOf(name: string): Target | undefined {
  switch (name) {
    case 'ACCEPT':
      return ACCEPT;
    case 'DROP':
      return DROP;
    case 'RETURN':
      return RETURN;
    case 'QUEUE':
      return QUEUE;
  }
  return undefined;
}

/**
 * Typed targets. `isChain(name)` says whether the table has (or references) a chain of that name,
 * which decides between a jump and an unknown target extension. Returns null when an option value
 * cannot be read (the caller keeps the target as `other` and says so).
 */
export function lowerTarget(
  t: TargetNode | null,
  family: 'ipv4' | 'ipv6',
  isChain: (name: string) => boolean,
): Target | null {
  if (t === null) return NONE;
  const name = t.name;
  const verdict = verdictOf(name);
  if (verdict !== undefined) return verdict;
  const opts = t.options;
  switch (name) {
    case 'REJECT':
      // libipt_REJECT.c / libip6t_REJECT.c: the default reply is port unreachable.
      return {
        kind: 'REJECT',
        rejectWith:
          optionNamed(opts, '--reject-with')?.values[0] ??
          (family === 'ipv6' ? 'icmp6-port-unreachable' : 'icmp-port-unreachable'),
      };
    case 'DNAT':
    case 'SNAT': {
      const ranges: NatRange[] = [];
      for (const o of t.options) {
        if (o.name !== '--to-destination' && o.name !== '--to-source') continue;
        const r = parseNatRange(o.values[0] ?? '');
        if (r === null) return null;
        ranges.push(r);
      }
      return {
        kind: name,
        ranges,
        random: hasOption(opts, '--random') || hasOption(opts, '--random-fully'),
        persistent: hasOption(opts, '--persistent'),
      };
    }
    case 'MASQUERADE': {
      const ports = optionNamed(opts, '--to-ports')?.values[0];
      const toPorts = ports === undefined ? null : parsePortPair(ports);
      if (toPorts === undefined) return null;
      return {
        kind: 'MASQUERADE',
        toPorts,
        random: hasOption(opts, '--random'),
        randomFully: hasOption(opts, '--random-fully'),
      };
    }
    case 'MARK':
      return lowerMark(t.options);
  }
  if (!isTargetExtension(name) && (t.options.length === 0 || isChain(name))) {
    return { kind: 'jump', chain: name, goto: t.kind === 'goto' };
  }
  return {
    kind: 'other',
    name,
    terminal: !NON_TERMINAL_TARGETS.has(name),
    options: t.options.map((o) => ({ name: o.name, negated: o.negated, values: o.values })),
  };
}

/** The longest target extension name: chain names longer than it need no lookup. */
const LONGEST_EXTENSION = Math.max(...[...TARGET_OPTIONS.keys()].map((n) => n.length));

/** True for a target extension iptables knows (TARGET_OPTIONS); most names asked are chains. */
function isTargetExtension(name: string): boolean {
  return name.length <= LONGEST_EXTENSION && TARGET_OPTIONS.has(name);
}

function optionNamed(opts: readonly OptionNode[], name: string): OptionNode | undefined {
  for (const o of opts) if (o.name === name) return o;
  return undefined;
}

function hasOption(opts: readonly OptionNode[], name: string): boolean {
  return optionNamed(opts, name) !== undefined;
}

/**
 * MARK as xt_MARK applies it: `mark = (mark & ~mask) ^ value` (net/netfilter/xt_mark.c). The
 * options are rewritten as libxt_MARK.c's mark_tg_parse does: --set-xmark v/m → (v, m);
 * --set-mark v/m → (v, m | v); --and-mark b → (0, ~b); --or-mark b → (b, b); --xor-mark b → (b, 0);
 * a missing mask is 0xffffffff.
 */
function lowerMark(options: readonly OptionNode[]): Target | null {
  const o = options[0];
  if (o === undefined) return null;
  const v = o.values[0] ?? '';
  const bits = parseUint32(v, 0, v.length);
  switch (o.name) {
    case '--set-xmark':
    case '--set-mark': {
      const vm = parseMarkMask(v);
      if (vm === null) return null;
      const mask = o.name === '--set-mark' ? (vm[1] | vm[0]) >>> 0 : vm[1];
      return { kind: 'MARK', value: vm[0], mask, written: o.name };
    }
    case '--and-mark':
      return bits < 0 ? null : { kind: 'MARK', value: 0, mask: ~bits >>> 0, written: o.name };
    case '--or-mark':
      return bits < 0 ? null : { kind: 'MARK', value: bits, mask: bits, written: o.name };
    case '--xor-mark':
      return bits < 0 ? null : { kind: 'MARK', value: bits, mask: 0, written: o.name };
  }
  return null;
}

/** `p` or `p1-p2` → {from, to}; undefined when unreadable. */
function parsePortPair(s: string): { from: number; to: number } | undefined {
  const dash = s.indexOf('-');
  const from = parsePort(s, 0, dash === -1 ? s.length : dash);
  const to = dash === -1 ? from : parsePort(s, dash + 1, s.length);
  return from < 0 || to < 0 || from > to ? undefined : { from, to };
}

/**
 * `ip[-ip][:port[-port]]`, `[v6addr]:port`, `v6addr`, or `:port` (libxt_DNAT.c parse_to).
 */
function parseNatRange(s: string): NatRange | null {
  let ipPart = s;
  let portPart: string | null = null;
  if (s.startsWith('[')) {
    const close = s.indexOf(']');
    if (close === -1) return null;
    ipPart = s.slice(1, close);
    const rest = s.slice(close + 1);
    if (rest !== '') {
      if (!rest.startsWith(':')) return null;
      portPart = rest.slice(1);
    }
  } else {
    const colons = s.split(':').length - 1;
    if (colons === 1) {
      const c = s.indexOf(':');
      ipPart = s.slice(0, c);
      portPart = s.slice(c + 1);
    }
  }
  let minIp: string | null = null;
  let maxIp: string | null = null;
  if (ipPart !== '') {
    const dash = ipPart.indexOf('-');
    minIp = dash === -1 ? ipPart : ipPart.slice(0, dash);
    maxIp = dash === -1 ? ipPart : ipPart.slice(dash + 1);
    if (!isIp(minIp) || !isIp(maxIp)) return null;
  }
  let minPort: number | null = null;
  let maxPort: number | null = null;
  if (portPart !== null) {
    const pair = parsePortPair(portPart);
    if (pair === undefined) return null;
    minPort = pair.from;
    maxPort = pair.to;
  }
  if (minIp === null && minPort === null) return null;
  return { minIp, maxIp, minPort, maxPort };
}

function isIp(s: string): boolean {
  return s.indexOf(':') === -1 ? parseIpv4(s, 0, s.length) >= 0 : parseIpv6(s) !== null;
}
