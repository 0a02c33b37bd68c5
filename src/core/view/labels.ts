import { endpointString } from '../kubeproxy';
import type { Cidr } from '../net';
import type { Match, PortRange, Rule, Target } from '../ruleset';

/**
 * Short texts for the graph: an edge's match in the spirit of `iptables -L`'s summary column
 * (`tcp dpt:80`), the Service a kube-proxy comment names, the endpoint a DNAT writes.
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

/** Matches a kube-proxy `ServicePortName.String()`: `ns/name` or `ns/name:port` (`ns/name:` legacy). */
const SERVICE_PORT_NAME = /^([a-z0-9][-a-z0-9]*)\/([a-z0-9][-a-z0-9.]*)(?::([-a-z0-9]*))?$/;

/**
 * The Service port a kube-proxy comment names: `"default/web cluster IP"` → `{ service:
 * 'default/web', port: null }`, `"ns1/svc1:p80 -> 10.180.0.1:80"` → port `'p80'`. kube-proxy puts
 * `svcPortNameString` first in its comments (proxier.go `writeServiceToEndpointRules`, …), but some
 * comments embed it later ("masquerade traffic for ns1/svc1:p80 external destinations").
 * Returns null when no word looks like one.
 */
export function serviceFromComment(comment: string | null): { service: string; port: string | null } | null {
  if (!comment) return null;
  for (const word of comment.split(/\s+/)) {
    const m = SERVICE_PORT_NAME.exec(word);
    if (m) return { service: `${m[1]}/${m[2]}`, port: m[3] ? m[3] : null };
  }
  return null;
}

/** `ip:port` a DNAT writes (`[v6]:port`), the bare IP without a port, or null for other targets. */
export function dnatEndpoint(target: Target): string | null {
  if (target.kind !== 'DNAT') return null;
  const r = target.ranges[0];
  if (!r || r.minIp === null) return null;
  return r.minPort === null ? r.minIp : endpointString(r.minIp, r.minPort);
}
