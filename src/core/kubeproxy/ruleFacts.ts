import type { Rule } from '../ruleset';
import type { KubeChainRole } from './kubeTypes';

/**
 * Small readers over typed rules and chain names, shared by the kube-proxy analysis.
 * Chain names are kube-proxy's constants (pkg/proxy/iptables/proxier.go, kubelet's
 * KUBE-MARK-DROP / KUBE-FIREWALL / KUBE-KUBELET-CANARY). They run once per rule of a 50 MB dump:
 * prefix and char-code checks, no regular expressions, no allocation.
 */

const FIXED_ROLES: ReadonlyMap<string, KubeChainRole> = new Map([
  ['KUBE-SERVICES', 'services'],
  ['KUBE-NODEPORTS', 'nodeports'],
  ['KUBE-EXTERNAL-SERVICES', 'external-services'],
  ['KUBE-MARK-MASQ', 'mark-masq'],
  ['KUBE-MARK-DROP', 'mark-drop'],
  ['KUBE-POSTROUTING', 'postrouting'],
  ['KUBE-FIREWALL', 'firewall'],
  ['KUBE-PROXY-FIREWALL', 'proxy-firewall'],
  ['KUBE-FORWARD', 'forward'],
  ['KUBE-PROXY-CANARY', 'canary'],
  ['KUBE-KUBELET-CANARY', 'canary'],
]);

/** Per-Service-port and per-endpoint prefixes (mutually exclusive) and their roles. */
const HASHED: readonly (readonly [string, KubeChainRole])[] = [
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

/** Length of the hashed-family prefix of `name` (`KUBE-SVC-` → 9), or 0. */
function hashedPrefix(name: string): number {
  if (!name.startsWith('KUBE-')) return 0;
  for (const [prefix] of HASHED) if (name.startsWith(prefix)) return prefix.length;
  return 0;
}

/** The role of a chain by its name (`other` for unknown `KUBE-*` chains and foreign chains). */
export function chainRole(name: string): KubeChainRole {
  const fixed = FIXED_ROLES.get(name);
  if (fixed !== undefined) return fixed;
  if (!name.startsWith('KUBE-')) return 'other';
  for (const [prefix, role] of HASHED) if (name.startsWith(prefix)) return role;
  return 'other';
}

/** The hash suffix of a per-Service chain (`KUBE-SVC-ABC…` → `ABC…`), else `null`. */
export function chainHash(name: string): string | null {
  const n = hashedPrefix(name);
  return n > 0 && name.length > n ? name.slice(n) : null;
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
