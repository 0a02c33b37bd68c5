import { iptablesNftProbability, type NftExpr, type NftStatement } from '../nftables';
import type { Match, NftOperand, Target } from '../ruleset';
import { cidrOf, natRangeOf, operandOf, setRefOf, usesNumgen } from './nftOperand';

/*
 * One nftables rule → the model's matches and target. Expressions that mean what an iptables match
 * means (nft(8) PAYLOAD/META/CT/FIB EXPRESSIONS ↔ iptables-extensions(8)) become that match kind, so
 * the tracer, the graph labels and the kube-proxy model read them as they read iptables rules; the
 * rest keep nftables' shape (`nft-cmp`, `nft-lookup`, `nft-effect`, `nft-vmap`, `nft-nat-map`).
 * Statements run in order (nft_do_chain): conditions and acting statements are matches in order;
 * the first verdict-like statement (verdict, vmap, nat, reject) is the target and ends the rule.
 */

const ADDR = /^(ip|ip6) (saddr|daddr)$/;
const PORT = /^(th|tcp|udp|sctp|udplite) (sport|dport)$/;
const PROTO = new Set(['meta l4proto', 'ip protocol', 'ip6 nexthdr']);
const IFACE = /^meta (iifname|oifname)$/;

const valueText = (e: NftExpr): string | null => (e.kind === 'value' ? e.text : null);
const unquote = (t: string) => (t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t);

/** `new`, `established,related`, `{ established, related }` → the values. */
function flagValues(e: NftExpr): string[] | null {
  if (e.kind === 'value') return [e.text];
  if (e.kind === 'list') return e.items.flatMap((i) => flagValues(i) ?? []);
  if (e.kind === 'set' && e.elements.every((x) => x.key.length === 1 && x.value === null))
    return e.elements.map((x) => x.key[0] as string);
  return null;
}

function portRange(text: string): { from: number; to: number } | null {
  const [a = '', b = a] = text.split('-');
  const from = Number(a);
  const to = Number(b);
  return Number.isInteger(from) && Number.isInteger(to) ? { from, to } : null;
}

/** A condition (`match` statement) in iptables terms where one means the same, else nftables'. */
function lowerCondition(s: Extract<NftStatement, { kind: 'match' }>): Match | null {
  const p = iptablesNftProbability(s);
  if (p !== null)
    return { kind: 'statistic', mode: 'random', negated: false, probability: p, effectiveProbability: p };
  const negated = s.op === '!=';
  const plain = s.op === null || s.op === '==' || s.op === '!=';
  const left = s.left;
  const set = setRefOf(s.right);
  const name = left.kind === 'field' ? left.name : null;
  if (plain && (name === 'ct state' || name === 'ct status')) {
    const values = flagValues(s.right);
    if (values !== null)
      return {
        kind: 'conntrack',
        conditions: [
          {
            option: name === 'ct state' ? 'ctstate' : 'ctstatus',
            negated,
            values: values.map((v) => v.toUpperCase()),
          },
        ],
      };
  }
  const text = valueText(s.right);
  if (plain && text !== null && name !== null) {
    const addr = ADDR.exec(name);
    const cidr = addr === null ? null : cidrOf(text);
    if (addr !== null && cidr !== null)
      return { kind: 'addr', dir: addr[2] === 'saddr' ? 'src' : 'dst', negated, cidr };
    if (PROTO.has(name) && /^[a-z0-9-]+$/i.test(text)) return { kind: 'proto', negated, proto: text };
    const port = PORT.exec(name);
    const range = port === null ? null : portRange(text);
    if (port !== null && range !== null)
      return {
        kind: 'port',
        module: port[1] as string,
        dir: port[2] === 'sport' ? 'src' : 'dst',
        negated,
        range,
      };
    const iface = IFACE.exec(name);
    if (iface !== null) {
      const n = unquote(text);
      return {
        kind: 'iface',
        dir: iface[1] === 'iifname' ? 'in' : 'out',
        negated,
        name: n.endsWith('*') ? `${n.slice(0, -1)}+` : n,
      };
    }
    if (name === 'meta mark' && /^(0x[0-9a-f]+|\d+)$/i.test(text))
      return { kind: 'mark', negated, value: Number(text) >>> 0, mask: 0xffffffff };
  }
  if (plain && text !== null && left.kind === 'binop' && left.op === '&') {
    const l = left.left;
    const mask = valueText(left.right);
    if (l.kind === 'field' && l.name === 'meta mark' && mask !== null && /^(0x[0-9a-f]+|\d+)$/i.test(text))
      return { kind: 'mark', negated, value: Number(text) >>> 0, mask: Number(mask) >>> 0 };
  }
  if (plain && text !== null && left.kind === 'fib' && left.result === 'type') {
    const side = { negated, types: [text.toUpperCase()] };
    const dst = left.flags.includes('daddr');
    return {
      kind: 'addrtype',
      src: dst ? null : side,
      dst: dst ? side : null,
      limitIfaceIn: false,
      limitIfaceOut: false,
    };
  }
  const operand = operandOf(left);
  if (operand === null) return null;
  if (set !== null && plain) return { kind: 'nft-lookup', negated, left: operand, set };
  if (text !== null && s.op !== '!=')
    return { kind: 'nft-cmp', negated: false, left: operand, op: (s.op ?? '==') as '==', right: text };
  if (text !== null) return { kind: 'nft-cmp', negated: true, left: operand, op: '==', right: text };
  return null;
}

const opaque = (raw: string, module = 'nft'): Match => ({
  kind: 'opaque',
  module,
  negated: false,
  options: [],
  summary: raw,
});

/** The rule's matches and target; `target` is `none` when no statement decides. */
export function lowerNftStatements(
  statements: readonly NftStatement[],
  xtFallback: (s: Extract<NftStatement, { kind: 'xt' }>) => { match: Match } | { target: Target } | null,
): { matches: Match[]; target: Target } {
  const matches: Match[] = [];
  const fork = (o: NftOperand) => {
    const ng = usesNumgen(o);
    if (ng !== null) matches.push({ kind: 'nft-numgen', negated: false, mod: ng.mod, offset: ng.offset });
  };
  for (const s of statements) {
    switch (s.kind) {
      case 'counter':
        continue;
      case 'match': {
        const left = operandOf(s.left);
        if (left !== null) fork(left);
        matches.push(lowerCondition(s) ?? opaque(s.raw));
        continue;
      }
      case 'assign': {
        const target = s.target.kind === 'field' ? s.target.name : null;
        const value = operandOf(s.value);
        if ((target === 'meta mark' || target === 'ct mark') && value !== null)
          matches.push({ kind: 'nft-effect', negated: false, effect: { kind: 'mark', target, value } });
        else matches.push({ kind: 'nft-effect', negated: false, effect: { kind: 'other', raw: s.raw } });
        continue;
      }
      case 'setUpdate': {
        const key = operandOf(s.key);
        matches.push({
          kind: 'nft-effect',
          negated: false,
          effect:
            key === null
              ? { kind: 'other', raw: s.raw }
              : { kind: 'set-update', op: s.op, set: s.set, key, timeout: s.timeout },
        });
        continue;
      }
      case 'xt': {
        const lowered = xtFallback(s);
        if (lowered === null) continue;
        if ('target' in lowered) return { matches, target: lowered.target };
        matches.push(lowered.match);
        continue;
      }
      case 'unknown':
        matches.push(opaque(s.raw));
        continue;
      case 'verdict':
        return { matches, target: verdictTarget(s.verdict, s.chain) };
      case 'vmap': {
        const key = operandOf(s.key);
        const map = setRefOf(s.map);
        if (key === null || map === null)
          return { matches: [...matches, opaque(s.raw)], target: { kind: 'none' } };
        fork(key);
        return { matches, target: { kind: 'nft-vmap', key, map } };
      }
      case 'reject':
        return { matches, target: { kind: 'REJECT', rejectWith: s.with ?? '' } };
      case 'nat':
        return { matches, target: natTarget(s, matches) };
    }
  }
  return { matches, target: { kind: 'none' } };
}

function verdictTarget(verdict: string, chain: string | null): Target {
  switch (verdict) {
    case 'accept':
      return { kind: 'ACCEPT' };
    case 'drop':
      return { kind: 'DROP' };
    case 'return':
      return { kind: 'RETURN' };
    case 'queue':
      return { kind: 'QUEUE' };
    case 'jump':
    case 'goto':
      return { kind: 'jump', chain: chain ?? '', goto: verdict === 'goto' };
    default:
      return { kind: 'none' };
  }
}

function natTarget(s: Extract<NftStatement, { kind: 'nat' }>, matches: Match[]): Target {
  if (s.type === 'masquerade')
    return {
      kind: 'MASQUERADE',
      toPorts: null,
      random: s.flags.includes('random'),
      randomFully: s.flags.includes('fully-random'),
    };
  const to = s.to;
  if (s.type === 'redirect') {
    const port = to?.kind === 'value' ? to.text.replace(/^:/, '') : null;
    return {
      kind: 'other',
      name: 'REDIRECT',
      terminal: true,
      options: port === null ? [] : [{ name: 'to-ports', negated: false, values: [port] }],
    };
  }
  const nat = s.type === 'dnat' ? 'DNAT' : 'SNAT';
  if (to?.kind === 'map') {
    const key = operandOf(to.key);
    const map = setRefOf(to.map);
    if (key !== null && map !== null) {
      const ng = usesNumgen(key);
      if (ng !== null) matches.push({ kind: 'nft-numgen', negated: false, mod: ng.mod, offset: ng.offset });
      return { kind: 'nft-nat-map', nat, key, map };
    }
  }
  const range = to?.kind === 'value' ? natRangeOf(to.text) : null;
  return {
    kind: nat,
    ranges: range === null ? [] : [range],
    random: s.flags.includes('random'),
    persistent: s.flags.includes('persistent'),
  };
}
