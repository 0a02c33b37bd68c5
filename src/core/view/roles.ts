import { type ChainAuthorId, chainAuthor, chainRole, type KubeChainRole } from '../kubeproxy';
import type { TableId } from '../ruleset';
import type { NodeRole } from './types';

/**
 * Which column each role takes, left to right, in the order a connection's first packet meets
 * them. POSTROUTING comes after the endpoints: NAT in POSTROUTING runs after routing decided the
 * packet leaves towards the (DNATed) endpoint (net/netfilter/nf_nat_core.c, NF_INET_POST_ROUTING).
 */
export const ROLE_COLUMN: Readonly<Record<NodeRole, number>> = {
  hook: 0,
  services: 1,
  other: 1,
  external: 2,
  service: 3,
  endpointChain: 4,
  endpoint: 5,
  postrouting: 6,
  verdict: 8,
};

/** Node roles (the graph's columns) of kube-proxy's chain roles; unlisted roles are `other`. */
const NODE_ROLE: Readonly<Partial<Record<KubeChainRole, NodeRole>>> = {
  services: 'services',
  nodeports: 'external',
  'external-services': 'external',
  ext: 'external',
  fw: 'external',
  xlb: 'external',
  svc: 'service',
  svl: 'service',
  sep: 'endpointChain',
  postrouting: 'postrouting',
};

/**
 * Where a chain is drawn, from the kube-proxy model's reading of its name (`chainRole`): the
 * netfilter hooks, then kube-proxy's roles. Returns `'other'` for chains kube-proxy does not own
 * (CNI, Docker, user chains) and for KUBE-MARK-* (drawn as badges, see `chainMark`).
 */
export function classifyChain(table: TableId, name: string): NodeRole {
  if (table === 'nat' && name === 'POSTROUTING') return 'postrouting';
  if (name === 'PREROUTING' || name === 'OUTPUT' || name === 'INPUT' || name === 'FORWARD') return 'hook';
  return NODE_ROLE[chainRole(name)] ?? 'other';
}

/**
 * The `author` field of a chain's node: who wrote it when that is not kube-proxy (Calico's
 * cali-FORWARD, Docker's DOCKER-USER, firewalld's INPUT_direct…), else nothing (built-in chains and
 * kube-proxy's own are said by their role).
 */
export function authorOf(name: string): { readonly author?: ChainAuthorId } {
  const a = chainAuthor(name);
  return a === null || a === 'kube-proxy' ? {} : { author: a };
}
