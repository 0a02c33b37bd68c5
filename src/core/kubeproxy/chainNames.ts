import type { ServiceChainKind } from './hash';
import type { KubeChainRole } from './kubeTypes';

/**
 * The one reader of kube-proxy's chain names: what a chain is for (its role) and the hash suffix
 * that ties a Service port's chains together. Every folder that asks "is this a KUBE-SVC?" asks
 * here — the model, the graph, the Service finder, the redactor — so they cannot disagree.
 * Names are kube-proxy's constants (pkg/proxy/iptables/proxier.go: `kubeServicesChain`,
 * `kubeNodePortsChain`, `kubeExternalServicesChain`, `kubeMarkMasqChain`, `kubePostroutingChain`,
 * `kubeProxyFirewallChain`, `kubeForwardChain`, `kubeletFirewallChain`, the `KUBE-SVC-` … prefixes)
 * and kubelet's KUBE-MARK-DROP / KUBE-FIREWALL / KUBE-KUBELET-CANARY. They run once per rule of a
 * 50 MB dump: prefix checks and one map lookup, no regular expressions, no allocation.
 */

/** kube-proxy's (and kubelet's) fixed chain names, by what they are for. */
export const KUBE_CHAIN = {
  services: 'KUBE-SERVICES',
  nodeports: 'KUBE-NODEPORTS',
  externalServices: 'KUBE-EXTERNAL-SERVICES',
  markMasq: 'KUBE-MARK-MASQ',
  markDrop: 'KUBE-MARK-DROP',
  postrouting: 'KUBE-POSTROUTING',
  firewall: 'KUBE-FIREWALL',
  proxyFirewall: 'KUBE-PROXY-FIREWALL',
  forward: 'KUBE-FORWARD',
  proxyCanary: 'KUBE-PROXY-CANARY',
  kubeletCanary: 'KUBE-KUBELET-CANARY',
} as const;

const FIXED_ROLES: ReadonlyMap<string, KubeChainRole> = new Map([
  [KUBE_CHAIN.services, 'services'],
  [KUBE_CHAIN.nodeports, 'nodeports'],
  [KUBE_CHAIN.externalServices, 'external-services'],
  [KUBE_CHAIN.markMasq, 'mark-masq'],
  [KUBE_CHAIN.markDrop, 'mark-drop'],
  [KUBE_CHAIN.postrouting, 'postrouting'],
  [KUBE_CHAIN.firewall, 'firewall'],
  [KUBE_CHAIN.proxyFirewall, 'proxy-firewall'],
  [KUBE_CHAIN.forward, 'forward'],
  [KUBE_CHAIN.proxyCanary, 'canary'],
  [KUBE_CHAIN.kubeletCanary, 'canary'],
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

/** True for the chains the kube-proxy model describes (every `KUBE-*` chain). */
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

/** The hash suffix of a per-Service-port or per-endpoint chain (`KUBE-SVC-ABC…` → `ABC…`), else `null`. */
export function chainHash(name: string): string | null {
  const n = hashedPrefix(name);
  return n > 0 && name.length > n ? name.slice(n) : null;
}

/** KUBE-SVC/SVL/EXT/FW/XLB: the chains named `prefix + portProtoHash(servicePortName, protocol)`. */
export function isServicePortRole(role: KubeChainRole): role is ServiceChainKind {
  return role === 'svc' || role === 'svl' || role === 'ext' || role === 'fw' || role === 'xlb';
}

/** KUBE-SVC/SVL/XLB: the endpoint lotteries (`writeServiceToEndpointRules`). */
export function isPolicyRole(role: KubeChainRole): boolean {
  return role === 'svc' || role === 'svl' || role === 'xlb';
}

/**
 * The `portProtoHash` suffix shared by a Service port's KUBE-SVC/SVL/EXT/FW/XLB chains, or null
 * for other chains (KUBE-SEP hashes the endpoint too, so it names no Service port by itself).
 * It groups the chains of one Service port without comments or kubectl.
 */
export function servicePortHash(name: string): string | null {
  return isServicePortRole(chainRole(name)) ? chainHash(name) : null;
}

/**
 * What a jump to `name` marks the packet for: KUBE-MARK-MASQ (proxier.go `kubeMarkMasqChain`,
 * SNAT in KUBE-POSTROUTING) or kubelet's KUBE-MARK-DROP; null for other chains.
 */
export function chainMark(name: string): 'masquerade' | 'drop' | null {
  return name === KUBE_CHAIN.markMasq ? 'masquerade' : name === KUBE_CHAIN.markDrop ? 'drop' : null;
}

/** A `KUBE-MARK-*` helper (KUBE-MARK-MASQ, KUBE-MARK-DROP): its only job is to set a mark bit. */
export function isMarkChain(name: string): boolean {
  return name.startsWith('KUBE-MARK-');
}
