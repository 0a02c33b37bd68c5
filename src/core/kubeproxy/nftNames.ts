import type { KubeChainRole } from './kubeTypes';

/**
 * kube-proxy's nftables chain names (pkg/proxy/nftables/proxier.go): per Service port
 * `service-HASH-ns/name/proto/port`, `external-…`, `firewall-…`; per endpoint
 * `endpoint-HASH-ns/name/proto/port__IP/port` (servicePortChainNameBase, servicePortEndpointChainName:
 * the first 8 characters of base32(sha256(servicePortName + protocol)), then the readable part), and
 * the fixed chains of its table `kube-proxy`.
 */

export interface NftChainName {
  readonly role: KubeChainRole;
  readonly hash: string;
  readonly namespace: string;
  readonly service: string;
  readonly protocol: string;
  readonly portName: string;
  /** For endpoint chains: `ip`, `port` (IPv6 without brackets). */
  readonly endpoint: { readonly ip: string; readonly port: number } | null;
}

const PREFIX_ROLE: Readonly<Record<string, KubeChainRole>> = {
  service: 'svc',
  external: 'ext',
  firewall: 'fw',
  endpoint: 'sep',
};

const NAME =
  /^(service|external|firewall|endpoint)-([A-Z2-7]{4,16})-([^/]+)\/([^/]+)\/([a-z]+)\/([^_]*?)(?:__(.+)\/(\d+))?$/;

/** Reads a per-Service-port or per-endpoint chain name; null for anything else. */
export function parseNftChainName(name: string): NftChainName | null {
  const m = NAME.exec(name);
  if (m === null) return null;
  const role = PREFIX_ROLE[m[1] as string] as KubeChainRole;
  const isEndpoint = role === 'sep';
  if (isEndpoint !== (m[7] !== undefined)) return null;
  return {
    role,
    hash: m[2] as string,
    namespace: m[3] as string,
    service: m[4] as string,
    protocol: m[5] as string,
    portName: m[6] as string,
    endpoint: isEndpoint ? { ip: m[7] as string, port: Number(m[8]) } : null,
  };
}

/** The fixed chains of kube-proxy's table, by role (baseRules in proxier_test.go). */
export const NFT_FIXED_ROLES: ReadonlyMap<string, KubeChainRole> = new Map([
  ['services', 'services'],
  ['mark-for-masquerade', 'mark-masq'],
  ['masquerading', 'postrouting'],
  ['firewall-check', 'proxy-firewall'],
  ['filter-forward', 'forward'],
]);

/** Whether a table is kube-proxy's nftables table (`ip kube-proxy`, `ip6 kube-proxy`). */
export const isKubeProxyTable = (name: string): boolean => /^(ip|ip6|inet) kube-proxy$/.test(name);
