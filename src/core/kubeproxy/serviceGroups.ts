import type { KubectlData } from '../kubectl';
import type { Chain, Match, Rule, Ruleset } from '../ruleset';
import { dnatEndpoint, serviceFromComment, servicePortHash } from '../view';
import { kubectlOnlyGroups, noEndpointGroups } from './serviceSources';

/**
 * The Service ports a nat table implements, read from the rules alone (a grep'ed excerpt has no
 * kubectl beside it): kube-proxy names a Service port's KUBE-SVC/SVL/EXT/FW chains with one
 * `portProtoHash` suffix (proxier.go), so the suffix groups them; KUBE-SEP chains join the group
 * whose KUBE-SVC/SVL jumps to them. A Service port without endpoints has no nat chain at all: only
 * filter REJECT rules commented `ns/name:port has no endpoints` (serviceSources.ts); a Service
 * kubectl shows but the dump has no rule for is added last, marked `source: 'kubectl'`.
 *
 * Words: a Service (`default/web`) has one or more Service ports (`default/web:80`); a group is one
 * Service port; a target is one address:port a client can send to.
 */

export type ServiceTargetKind = 'clusterIP' | 'nodePort' | 'loadBalancer' | 'externalIP';

/** An address:port a client can send to, from a KUBE-SERVICES / KUBE-NODEPORTS rule. */
export interface ServiceTarget {
  readonly kind: ServiceTargetKind;
  /** Null for a NodePort: it answers on every local address (`addrtype LOCAL`). */
  readonly ip: string | null;
  readonly port: number;
  readonly proto: 'tcp' | 'udp' | 'sctp';
  readonly line: number;
}

export interface ServiceGroup {
  /** The portProtoHash suffix (`LOLE4ISW44XBNF3G`). */
  readonly key: string;
  /** `default/web:80` (port name, or the port number when the port is unnamed), null when no comment says. */
  readonly label: string | null;
  /** KUBE-SVC/SVL/EXT/FW/XLB and KUBE-SEP chain names of this Service port. */
  readonly chains: readonly string[];
  readonly targets: readonly ServiceTarget[];
  /** `ip:port` endpoints the group's KUBE-SEP chains DNAT to. */
  readonly endpoints: readonly string[];
  /** `ns/name` of the Service this port belongs to, null when no comment (nor kubectl) says. */
  readonly service: string | null;
  /**
   * True when the rules say this port has no endpoints (kube-proxy's filter REJECT "… has no
   * endpoints", proxier.go), or, for a kubectl-only Service, kubectl lists no endpoint address.
   */
  readonly noEndpoints: boolean;
  /** `rules`: the dump implements it; `kubectl`: only kubectl knows it (no rule of the dump matches it). */
  readonly source: 'rules' | 'kubectl';
}

interface Draft {
  key: string;
  service: { service: string; port: string | null } | null;
  chains: Set<string>;
  targets: ServiceTarget[];
  endpoints: Set<string>;
}

function jumpTarget(rule: Rule): string | null {
  return rule.target.kind === 'jump' ? rule.target.chain : null;
}

function find<K extends Match['kind']>(rule: Rule, kind: K): Extract<Match, { kind: K }> | undefined {
  return rule.matches.find((m): m is Extract<Match, { kind: K }> => m.kind === kind);
}

/** The target a KUBE-SERVICES / KUBE-NODEPORTS rule admits, or null when it lacks a port. */
export function targetOf(rule: Rule): ServiceTarget | null {
  const port = find(rule, 'port');
  if (port?.dir !== 'dst' || port.negated) return null;
  const protoMatch = find(rule, 'proto');
  const proto = protoMatch?.proto === 'udp' || protoMatch?.proto === 'sctp' ? protoMatch.proto : 'tcp';
  const base = { port: port.range.from, proto, line: rule.line } as const;
  if (rule.chain === 'KUBE-NODEPORTS') return { kind: 'nodePort', ip: null, ...base };
  const dst = rule.matches.find((m) => m.kind === 'addr' && m.dir === 'dst' && !m.negated);
  if (dst?.kind !== 'addr') return null;
  const comment = rule.comment ?? '';
  const kind: ServiceTargetKind = comment.includes('external IP')
    ? 'externalIP'
    : comment.includes('loadbalancer IP')
      ? 'loadBalancer'
      : 'clusterIP';
  return { kind, ip: dst.cidr.address, ...base };
}

const ENTRY_CHAINS = new Set(['KUBE-SERVICES', 'KUBE-NODEPORTS', 'KUBE-EXTERNAL-SERVICES']);

/**
 * Every Service port the input knows: the nat table's chains grouped by Service port (in the order
 * their first chain appears in the dump), then the ports with only "has no endpoints" REJECT
 * rules, then the ports only kubectl knows. Never throws; an empty Ruleset without kubectl gives `[]`.
 */
export function indexServiceGroups(ruleset: Ruleset, kubectl?: KubectlData | null): ServiceGroup[] {
  const groups = natServiceGroups(ruleset);
  groups.push(...noEndpointGroups(ruleset, groups));
  if (kubectl) groups.push(...kubectlOnlyGroups(kubectl, groups));
  return groups;
}

function natServiceGroups(ruleset: Ruleset): ServiceGroup[] {
  const nat = ruleset.tables.nat;
  if (!nat) return [];
  const drafts = new Map<string, Draft>();
  const draftOf = (key: string): Draft => {
    let d = drafts.get(key);
    if (!d) {
      d = { key, service: null, chains: new Set(), targets: [], endpoints: new Set() };
      drafts.set(key, d);
    }
    return d;
  };
  for (const name of nat.order) {
    const key = servicePortHash(name);
    if (key) draftOf(key).chains.add(name);
  }
  for (const name of nat.order) {
    const ownKey = servicePortHash(name);
    // Only entry chains and a Service port's own chains say anything here (KUBE-SEP chains, half
    // the rules of a dump, are read below for their DNAT only).
    const entry = ENTRY_CHAINS.has(name);
    if (!ownKey && !entry) continue;
    const chain = nat.chains[name] as Chain;
    for (const rule of chain.rules) {
      const to = jumpTarget(rule);
      const toKey = to ? servicePortHash(to) : null;
      if (toKey && entry) {
        const d = draftOf(toKey);
        const t = targetOf(rule);
        if (t && !d.targets.some((x) => x.kind === t.kind && x.ip === t.ip && x.port === t.port))
          d.targets.push(t);
        d.service ??= serviceFromComment(rule.comment);
      }
      if (ownKey) {
        const d = draftOf(ownKey);
        d.service ??= serviceFromComment(rule.comment);
        if (to?.startsWith('KUBE-SEP-')) d.chains.add(to);
      }
    }
  }
  const groups: ServiceGroup[] = [];
  for (const d of drafts.values()) {
    for (const c of d.chains) {
      const sep = c.startsWith('KUBE-SEP-') ? nat.chains[c] : undefined;
      for (const rule of sep?.rules ?? []) {
        const ep = dnatEndpoint(rule.target);
        if (ep) d.endpoints.add(ep);
      }
    }
    groups.push({
      key: d.key,
      label: groupLabel(d.service, d.targets),
      chains: [...d.chains],
      targets: d.targets,
      endpoints: [...d.endpoints],
      service: d.service?.service ?? null,
      noEndpoints: false,
      source: 'rules',
    });
  }
  return groups;
}

/** `ns/name:portName`, or `ns/name:<port>` for an unnamed port (kube-proxy's comment omits it). */
export function groupLabel(
  service: { service: string; port: string | null } | null,
  targets: readonly ServiceTarget[],
): string | null {
  if (!service) return null;
  if (service.port) return `${service.service}:${service.port}`;
  const t = targets.find((x) => x.kind === 'clusterIP') ?? targets[0];
  return t && t.kind !== 'nodePort' ? `${service.service}:${t.port}` : service.service;
}

/**
 * Keys of the groups a search text finds (case-insensitive, in label, chain names, addresses and
 * endpoints), at most `limit`. An empty text finds nothing.
 */
export function findServiceGroups(groups: readonly ServiceGroup[], text: string, limit = 20): string[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const found: string[] = [];
  for (const g of groups) {
    const hay = [
      g.label ?? '',
      ...g.chains,
      ...g.targets.map((t) => `${t.ip ?? 'nodeport'}:${t.port}`),
      ...g.endpoints,
    ];
    if (hay.some((h) => h.toLowerCase().includes(q))) found.push(g.key);
    if (found.length >= limit) break;
  }
  return found;
}
