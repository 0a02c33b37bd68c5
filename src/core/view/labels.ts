import type { Cidr } from '../net';
import { type Match, nftText, type PortRange, type Rule } from '../ruleset';

/**
 * Short texts for the graph: an edge's match in the spirit of `iptables -L`'s summary column
 * (`tcp dpt:80`). What a rule means to kube-proxy (the Service a comment names, the endpoint a
 * DNAT writes) is read by the kube-proxy model (`parseKubeComment`, `dnatEndpoint`).
 */

function cidrText(c: Cidr): string {
  const host = c.family === 'ipv4' ? 32 : 128;
  return c.bits === host ? c.address : `${c.address}/${c.bits}`;
}

function rangeText(r: PortRange): string {
  return r.from === r.to ? String(r.from) : `${r.from}:${r.to}`;
}

/** `0.33333333349` → `0.333`, `0.5` → `0.5` (three decimals at most, trailing zeros trimmed). */
export function formatProbability(p: number): string {
  const fixed = p.toFixed(3).replace(/0+$/, '').replace(/\.$/, '');
  return fixed === '0' && p > 0 ? '<0.001' : fixed;
}

function not(m: { negated: boolean }): string {
  return m.negated ? '!' : '';
}

/** One match as a short phrase, or null for matches not worth a label (comments). */
export function matchText(m: Match): string | null {
  switch (m.kind) {
    case 'proto':
      return `${not(m)}${m.proto}`;
    case 'addr':
      return m.dir === 'dst' ? `→ ${not(m)}${cidrText(m.cidr)}` : `from ${not(m)}${cidrText(m.cidr)}`;
    case 'port':
      return `${m.dir === 'dst' ? 'dpt' : 'spt'}:${not(m)}${rangeText(m.range)}`;
    case 'multiport':
      return `${m.dir === 'src' ? 'sports' : m.dir === 'dst' ? 'dports' : 'ports'} ${not(m)}${m.ranges.map(rangeText).join(',')}`;
    case 'iface':
      return `${m.dir} ${not(m)}${m.name}`;
    case 'fragment':
      return `${not(m)}fragment`;
    case 'statistic':
      return m.mode === 'random' ? `p=${formatProbability(m.probability)}` : `every ${m.every}th`;
    case 'addrtype': {
      const parts: string[] = [];
      if (m.src) parts.push(`src-type ${m.src.negated ? '!' : ''}${m.src.types.join(',')}`);
      if (m.dst) parts.push(`dst-type ${m.dst.negated ? '!' : ''}${m.dst.types.join(',')}`);
      return parts.join(' ');
    }
    case 'mark':
      return `mark ${not(m)}0x${m.value.toString(16)}/0x${m.mask.toString(16)}`;
    case 'conntrack':
      return m.conditions.map((c) => `${c.negated ? '!' : ''}${c.option} ${c.values.join(',')}`).join(' ');
    case 'state':
      return `state ${not(m)}${m.states.join(',')}`;
    case 'recent':
      return `recent ${m.action} ${m.name}${m.seconds !== null ? ` ${m.seconds}s` : ''}`;
    case 'opaque':
      return `${not(m)}${m.module}`;
    case 'comment':
      return null;
    case 'nft-effect':
      return null;
    case 'nft-cmp':
    case 'nft-lookup':
    case 'nft-numgen':
      return nftText(m);
  }
}

/**
 * A rule's matches in short form, protocol and ports first: `tcp dpt:80 → 10.104.247.10`,
 * `p=0.333`. An unconditional rule reads `otherwise` when an earlier rule of its chain used
 * `statistic` (the last rung of kube-proxy's probability cascade), else `always`.
 */
export function ruleLabel(rule: Rule, afterStatistic: boolean): string {
  const order = (m: Match): number =>
    m.kind === 'proto' ? 0 : m.kind === 'port' || m.kind === 'multiport' ? 1 : m.kind === 'addr' ? 2 : 3;
  const parts = [...rule.matches]
    .sort((a, b) => order(a) - order(b))
    .map(matchText)
    .filter((t): t is string => t !== null && t !== '');
  if (parts.length === 0) return afterStatistic ? 'otherwise' : 'always';
  return parts.join(' ');
}
