import type { Rule, Target } from '../ruleset';
import { endpointString } from './hash';

/**
 * Small readers over typed rules, shared by the kube-proxy analysis and the views built on it
 * (chain names are read in chainNames.ts). They run once per rule of a 50 MB dump: no regular
 * expressions, no allocation.
 */

/** `-d` as written with prefix (e.g. `127.0.0.0/8`), for telling the localhost NodePort rule. */
export function destinationCidr(rule: Rule): { address: string; bits: number } | null {
  for (const m of rule.matches) if (m.kind === 'addr' && m.dir === 'dst' && !m.negated) return m.cidr;
  return null;
}

/** `--dport` (first port of a range / multiport). */
export function destinationPort(rule: Rule): number | null {
  for (const m of rule.matches) {
    if ('negated' in m && m.negated) continue;
    if (m.kind === 'port' && m.dir === 'dst') return m.range.from;
    if (m.kind === 'multiport' && m.dir !== 'src') return m.ranges[0]?.from ?? null;
  }
  return null;
}

/** `-p` protocol (the first one not negated), lowercased. */
export function protocolOf(rule: Rule): string | null {
  for (const m of rule.matches) if (m.kind === 'proto' && !m.negated) return m.proto.toLowerCase();
  return null;
}

/** The chain a rule jumps or goes to, or `null`. */
export function jumpTarget(rule: Rule): string | null {
  return rule.target.kind === 'jump' ? rule.target.chain : null;
}

/** The target as a short word: the chain name or the verdict (`DNAT`, `REJECT`…). */
export function targetName(rule: Rule): string {
  const t = rule.target;
  if (t.kind === 'jump') return t.chain;
  if (t.kind === 'other') return t.name;
  return t.kind === 'none' ? '' : t.kind;
}

/**
 * The endpoint a DNAT writes: `ip:port` (`[v6]:port`, as `net.JoinHostPort` prints it), the bare
 * address when the target has no port, or null for other targets and DNAT without an address.
 * kube-proxy always writes `-j DNAT --to-destination epInfo.String()` (`ip:port`, proxier.go);
 * without a port there is nothing to bracket: iptables-save brackets an IPv6 `--to-destination`
 * only before a port (extensions/libxt_NAT.c `sprint_range`: `brackets = family == AF_INET6 &&
 * flags & NF_NAT_RANGE_PROTO_SPECIFIED`), and the model and the graph show it as printed.
 */
export function dnatEndpoint(target: Target): string | null {
  if (target.kind !== 'DNAT') return null;
  const r = target.ranges[0];
  if (!r || r.minIp === null) return null;
  return r.minPort === null ? r.minIp : endpointString(r.minIp, r.minPort);
}
