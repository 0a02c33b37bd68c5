import {
  chainRole,
  endpointHost,
  KUBE_CHAIN,
  type KubeChainRole,
  type ServiceGroup,
  type ServiceTarget,
} from '../kubeproxy';
import { type Cidr, formatIpv4, ipv4Value, maskIpv4 } from '../net';
import type { Rule, Ruleset } from '../ruleset';
import type { Origin } from '../trace';

/**
 * A first packet for a dump the user just pasted: a real Service address of the dump, the node's
 * own IP where the rules give it away, and a sensible source for each origin. Pure; never throws.
 */
export interface PacketSuggestion {
  readonly origin: Origin;
  readonly dst: string;
  readonly dport: number;
  readonly proto: ServiceTarget['proto'];
  /** The node IP inferred from the dump, or null when nothing says (keep what the form has). */
  readonly nodeIp: string | null;
  /** The pod network (kube-proxy's --cluster-cidr, flannel's POSTROUTING), or null. */
  readonly podCidr: string | null;
  /** A source address per origin: a pod IP in the pod network, the node, an outside client. */
  readonly sources: Readonly<Record<Origin, string | null>>;
  /** The Service port aimed at (`default/web:80`). */
  readonly service: string | null;
}

/** TEST-NET-3 (RFC 5737): documentation addresses, never a real client. */
export const OUTSIDE_CLIENT = '203.0.113.10';

function cidrText(c: Cidr): string {
  return `${c.address}/${c.bits}`;
}

/**
 * The pod network. kube-proxy with --cluster-cidr marks for masquerade what comes from outside it
 * (`! -s <cidr> -d <clusterIP> … -j KUBE-MARK-MASQ`: in KUBE-SERVICES before 1.23, in each KUBE-SVC-*
 * since, proxier.go), lets pods reach external IPs directly (`-A KUBE-EXT-* -s <cidr> -m comment
 * --comment "pod traffic for …"`) and accepts `-s <cidr>` in filter KUBE-FORWARD; flannel writes
 * `-A POSTROUTING -s <cidr> -d <cidr> -j RETURN`. Docker's bridge (`! -o docker0`) is not it.
 */
export function inferPodCidr(ruleset: Ruleset): string | null {
  const fromRules = (rules: readonly Rule[], negated: boolean): string | null => {
    for (const rule of rules) {
      if (rule.matches.some((m) => m.kind === 'iface' && m.name.startsWith('docker'))) continue;
      for (const m of rule.matches)
        if (m.kind === 'addr' && m.dir === 'src' && m.negated === negated && m.cidr.family === 'ipv4') {
          if (m.cidr.bits >= 8 && m.cidr.bits <= 24) return cidrText(m.cidr);
        }
    }
    return null;
  };
  const nat = ruleset.tables.nat;
  const rulesOf = (table: 'nat' | 'filter', chain: string) =>
    ruleset.tables[table]?.chains[chain]?.rules ?? [];
  const firstOf = (role: KubeChainRole, negated: boolean): string | null => {
    for (const name of nat?.order ?? []) {
      if (chainRole(name) !== role) continue;
      const found = fromRules(rulesOf('nat', name), negated);
      if (found) return found;
    }
    return null;
  };
  return (
    fromRules(rulesOf('nat', KUBE_CHAIN.services), true) ??
    firstOf('svc', true) ??
    firstOf('ext', false) ??
    fromRules(rulesOf('filter', KUBE_CHAIN.forward), false) ??
    fromRules(rulesOf('nat', 'POSTROUTING'), false)
  );
}

function inCidr(ip: string, cidr: string | null): boolean {
  if (!cidr) return false;
  const [base, bits] = cidr.split('/');
  const a = ipv4Value(ip);
  const b = ipv4Value(base ?? '');
  if (a === null || b === null) return false;
  const mask = maskIpv4(Number(bits));
  return (a & mask) >>> 0 === (b & mask) >>> 0;
}

/**
 * The node's own IP: with --nodeport-addresses kube-proxy sends NodePorts to KUBE-NODEPORTS per
 * node address (`-A KUBE-SERVICES -d <nodeIP>/32 -j KUBE-NODEPORTS`, instead of `-m addrtype
 * --dst-type LOCAL`, proxier.go); else the API server's endpoint (`default/kubernetes:https`:
 * kube-apiserver runs on the host network, so on a control-plane node this is the node IP); else
 * another endpoint outside the pod network (a host-network pod); else null.
 */
function inferNodeIp(
  ruleset: Ruleset,
  groups: readonly ServiceGroup[],
  podCidr: string | null,
): string | null {
  for (const rule of ruleset.tables.nat?.chains[KUBE_CHAIN.services]?.rules ?? []) {
    if (rule.target.kind !== 'jump' || rule.target.chain !== KUBE_CHAIN.nodeports) continue;
    const d = rule.matches.find((m) => m.kind === 'addr' && m.dir === 'dst' && !m.negated);
    if (
      d?.kind === 'addr' &&
      d.cidr.family === 'ipv4' &&
      d.cidr.bits === 32 &&
      !d.cidr.address.startsWith('127.')
    )
      return d.cidr.address;
  }
  const api = groups.find((g) => g.service === 'default/kubernetes' && g.endpoints.length > 0);
  if (api) return endpointHost(api.endpoints[0]!);
  for (const g of groups)
    for (const ep of g.endpoints) {
      const ip = endpointHost(ep);
      if (podCidr && ipv4Value(ip) !== null && !inCidr(ip, podCidr)) return ip;
    }
  return null;
}

/** A pod address in the pod network that is no endpoint (so the packet is not its own hairpin). */
function podSource(podCidr: string | null, groups: readonly ServiceGroup[]): string | null {
  const taken = new Set(groups.flatMap((g) => g.endpoints.map(endpointHost)));
  // Without a pod network in the rules, the /24 of the first endpoint (most likely a pod's).
  const first = [...taken].map(ipv4Value).find((v) => v !== null);
  const base = podCidr
    ? ipv4Value(podCidr.split('/')[0] ?? '')
    : first !== undefined && first !== null
      ? (first & 0xffffff00) >>> 0
      : null;
  if (base === null) return null;
  for (let host = 7; host < 250; host++) {
    const ip = formatIpv4((base + host) >>> 0);
    if (!taken.has(ip)) return ip;
  }
  return null;
}

const SYSTEM = (g: ServiceGroup) =>
  g.service === 'default/kubernetes' || !!g.service?.startsWith('kube-system/');

/**
 * The Service port to aim at: by label, the first with endpoints and a ClusterIP, an application's
 * before the cluster's own (`default/kubernetes`, `kube-system/*`).
 */
function pickTarget(groups: readonly ServiceGroup[]): { g: ServiceGroup; t: ServiceTarget } | null {
  const byLabel = [...groups].sort((a, b) => (a.label ?? '\uffff').localeCompare(b.label ?? '\uffff'));
  const live = byLabel.filter((g) => g.source === 'rules' && !g.noEndpoints && g.endpoints.length > 0);
  const tiers = [live.filter((g) => !SYSTEM(g)), live, byLabel];
  for (const kind of ['clusterIP', 'nodePort', 'loadBalancer', 'externalIP'] as const)
    for (const tier of tiers)
      for (const g of tier) {
        const t =
          g.targets.find((x) => x.kind === kind && x.proto === 'tcp') ??
          g.targets.find((x) => x.kind === kind);
        if (t) return { g, t };
      }
  return null;
}

/** The node IP, the pod network and a source per origin, as far as the dump gives them away. */
export function suggestSources(
  ruleset: Ruleset,
  groups: readonly ServiceGroup[],
): Pick<PacketSuggestion, 'nodeIp' | 'podCidr' | 'sources'> {
  const podCidr = inferPodCidr(ruleset);
  const nodeIp = inferNodeIp(ruleset, groups, podCidr);
  return {
    podCidr,
    nodeIp,
    sources: { pod: podSource(podCidr, groups), host: nodeIp, external: OUTSIDE_CLIENT },
  };
}

/**
 * The first packet for this dump, or null when it has no Service address at all. A ClusterIP is
 * sent from a pod; a NodePort (no IP of its own) from an outside client to the node IP.
 */
export function suggestPacket(ruleset: Ruleset, groups: readonly ServiceGroup[]): PacketSuggestion | null {
  const { podCidr, nodeIp, sources } = suggestSources(ruleset, groups);
  const picked = pickTarget(groups);
  if (!picked) return null;
  const { g, t } = picked;
  const dst = t.ip ?? nodeIp;
  if (!dst) return null;
  const origin: Origin = t.kind === 'clusterIP' && sources.pod ? 'pod' : 'external';
  return { origin, dst, dport: t.port, proto: t.proto, nodeIp, podCidr, sources, service: g.label };
}
