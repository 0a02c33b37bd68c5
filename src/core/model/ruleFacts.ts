import type { KubeChainRole } from './kubeTypes';
import type { Match, Rule } from './ruleset';

/**
 * Small readers over typed rules and chain names, shared by the kube-proxy analysis.
 * Chain names are kube-proxy's constants (pkg/proxy/iptables/proxier.go, kubelet's
 * KUBE-MARK-DROP / KUBE-FIREWALL / KUBE-KUBELET-CANARY).
 */

const FIXED_ROLES: Readonly<Record<string, KubeChainRole>> = {
  'KUBE-SERVICES': 'services',
  'KUBE-NODEPORTS': 'nodeports',
  'KUBE-EXTERNAL-SERVICES': 'external-services',
  'KUBE-MARK-MASQ': 'mark-masq',
  'KUBE-MARK-DROP': 'mark-drop',
  'KUBE-POSTROUTING': 'postrouting',
  'KUBE-FIREWALL': 'firewall',
  'KUBE-PROXY-FIREWALL': 'proxy-firewall',
  'KUBE-FORWARD': 'forward',
  'KUBE-PROXY-CANARY': 'canary',
  'KUBE-KUBELET-CANARY': 'canary',
};

const HASHED: readonly [string, KubeChainRole][] = [
  ['KUBE-SVC-', 'svc'],
  ['KUBE-SVL-', 'svl'],
  ['KUBE-EXT-', 'ext'],
  ['KUBE-FW-', 'fw'],
  ['KUBE-XLB-', 'xlb'],
  ['KUBE-SEP-', 'sep'],
];

/** True for the chains this analysis describes (every `KUBE-*` chain). */
export function isKubeChain(name: string): boolean {
  return name.startsWith('KUBE-');
}

/** The role of a chain by its name (`other` for unknown `KUBE-*` chains and foreign chains). */
export function chainRole(name: string): KubeChainRole {
  const cached = roleCache.get(name);
  if (cached) return cached;
  let role: KubeChainRole = FIXED_ROLES[name] ?? 'other';
  if (role === 'other') for (const [prefix, r] of HASHED) if (name.startsWith(prefix)) role = r;
  // Every step asks for roles of the same chains many times; bounded so a long-lived worker
  // does not keep the names of every dump it has seen.
  if (roleCache.size > 200_000) roleCache.clear();
  roleCache.set(name, role);
  return role;
}

const roleCache = new Map<string, KubeChainRole>();

/** The hash suffix of a per-Service chain (`KUBE-SVC-ABC…` → `ABC…`), else `null`. */
export function chainHash(name: string): string | null {
  for (const [prefix] of HASHED) if (name.startsWith(prefix)) return name.slice(prefix.length) || null;
  return null;
}

/** The first non-negated match of a kind. */
function find<K extends Match['kind']>(rule: Rule, kind: K): Extract<Match, { kind: K }> | undefined {
  return rule.matches.find((m) => m.kind === kind && !('negated' in m && m.negated)) as
    | Extract<Match, { kind: K }>
    | undefined;
}

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

/** `-p` protocol, lowercased. */
export function protocolOf(rule: Rule): string | null {
  const m = find(rule, 'proto');
  return m ? m.proto.toLowerCase() : null;
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

/** `ip:port` of a DNAT target (IPv6 bracketed as kube-proxy prints it), with its parts. */
export function dnatEndpoint(rule: Rule): { endpoint: string; ip: string; port: number | null } | null {
  const t = rule.target;
  if (t.kind !== 'DNAT') return null;
  const r = t.ranges[0];
  if (!r || r.minIp === null) return null;
  const host = r.minIp.includes(':') ? `[${r.minIp}]` : r.minIp;
  return { endpoint: r.minPort === null ? host : `${host}:${r.minPort}`, ip: r.minIp, port: r.minPort };
}

/** A rule's matches other than `comment` (a rule with none is an unconditional jump). */
export function significantMatches(rule: Rule): Match[] {
  return rule.matches.filter((m) => m.kind !== 'comment');
}
