import type { TableName } from './ast';

/**
 * What names and targets say about the table a rule of a header-less excerpt is in, as bit sets
 * of tables (one bit per table). Facts, with their sources:
 * - built-in chains per table: iptables(8) TABLES;
 * - targets the kernel accepts in one table only (`.table = "…"` in their xt_target): DNAT, SNAT,
 *   MASQUERADE, REDIRECT, NETMAP → nat (iptables-extensions(8): "valid only in the nat table");
 *   REJECT → filter (ipt_REJECT.c); CT, NOTRACK → raw (xt_CT.c); TPROXY, TTL, HL, TOS, DSCP, ECN,
 *   CHECKSUM → mangle;
 * - kube-proxy's chains: pkg/proxy/iptables/proxier.go and pkg/proxy/ipvs/proxier.go
 *   (`iptablesJumpChain`, `iptablesChains`); kubelet's KUBE-FIREWALL / KUBE-MARK-DROP / canaries;
 * - CNIs: Calico felix (nat: cali-nat-outgoing, cali-fip-dnat, cali-fip-snat; filter: cali-fw-*,
 *   cali-tw-*, cali-pri-*, cali-pro-*, …; cali-PREROUTING/POSTROUTING/OUTPUT mirror built-in chains
 *   in several tables), flannel (FLANNEL-POSTRTG nat, FLANNEL-FWD filter), AWS VPC CNI
 *   (AWS-SNAT-CHAIN-*, AWS-CONNMARK-CHAIN-* nat), kindnet (KIND-MASQ-AGENT nat), GKE's
 *   ip-masq-agent (IP-MASQ-AGENT nat), Cilium (CILIUM_*_nat / _raw / _mangle, CILIUM_FORWARD /
 *   CILIUM_INPUT / CILIUM_OUTPUT filter), Weave (WEAVE nat, WEAVE-NPC* filter), kube-router
 *   (KUBE-ROUTER-*, KUBE-POD-FW-*, KUBE-NWPLCY-* filter), Docker (DOCKER in nat and filter,
 *   DOCKER-USER / DOCKER-ISOLATION-STAGE-* / DOCKER-FORWARD filter).
 */

export const FILTER = 1;
export const NAT = 2;
const MANGLE = 4;
const RAW = 8;
const SECURITY = 16;
export const ALL_TABLES = 31;

/** Bits in the order a guess prefers them: filter is iptables' default table. */
const ORDER: readonly [number, TableName][] = [
  [FILTER, 'filter'],
  [NAT, 'nat'],
  [MANGLE, 'mangle'],
  [RAW, 'raw'],
  [SECURITY, 'security'],
];

export function bitOf(t: TableName): number {
  for (const [b, n] of ORDER) if (n === t) return b;
  return FILTER;
}

/** True when `mask` names exactly one table. */
export function isSingle(mask: number): boolean {
  return mask !== 0 && (mask & (mask - 1)) === 0;
}

/** The table of a one-bit mask, else the first of `prefer` (a bit) and ORDER within `mask`. */
export function pickTable(mask: number, prefer: number): TableName {
  for (const [b, n] of ORDER) if (b === prefer && (mask & b) !== 0) return n;
  for (const [b, n] of ORDER) if ((mask & b) !== 0) return n;
  return 'filter';
}

/** `nat or mangle` for a message. */
export function describeMask(mask: number): string {
  const names = ORDER.filter(([b]) => (mask & b) !== 0).map(([, n]) => n);
  if (names.length <= 1) return names[0] ?? 'no table';
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** What the name of a chain tells: where it can be, whether it exists in several tables, the likeliest. */
export interface ChainKnowledge {
  /** Tables a chain of this name can be in (ALL_TABLES when the name is not known). */
  readonly mask: number;
  /** The name exists in several tables (built-in chains, KUBE-SERVICES, DOCKER, …): rules are placed one by one. */
  readonly multi: boolean;
  /** The likeliest table when the rule itself does not tell (a bit, 0: none). */
  readonly prior: number;
  /** A known name (kube-proxy, kubelet, a CNI, Docker or a built-in chain). */
  readonly known: boolean;
}

const UNKNOWN: ChainKnowledge = { mask: ALL_TABLES, multi: false, prior: 0, known: false };

const one = (mask: number): ChainKnowledge => ({ mask, multi: false, prior: mask, known: true });
const many = (mask: number, prior: number): ChainKnowledge => ({ mask, multi: true, prior, known: true });

const EXACT = new Map<string, ChainKnowledge>([
  ['PREROUTING', many(RAW | MANGLE | NAT, NAT)],
  ['INPUT', many(MANGLE | NAT | FILTER | SECURITY, FILTER)],
  ['FORWARD', many(MANGLE | FILTER | SECURITY, FILTER)],
  ['OUTPUT', many(ALL_TABLES, FILTER)],
  ['POSTROUTING', many(MANGLE | NAT, NAT)],
  // kube-proxy (iptables mode: KUBE-SERVICES / KUBE-NODEPORTS in nat and filter; IPVS mode:
  // KUBE-NODE-PORT in nat and filter; old IPVS versions wrote a nat KUBE-FIREWALL too).
  ['KUBE-SERVICES', many(NAT | FILTER, NAT)],
  ['KUBE-NODEPORTS', many(NAT | FILTER, NAT)],
  ['KUBE-NODE-PORT', many(NAT | FILTER, NAT)],
  ['KUBE-FIREWALL', many(NAT | FILTER, FILTER)],
  ['KUBE-KUBELET-CANARY', many(MANGLE | NAT | FILTER, FILTER)],
  ['KUBE-PROXY-CANARY', many(MANGLE | NAT | FILTER, FILTER)],
  ['KUBE-MARK-MASQ', one(NAT)],
  ['KUBE-MARK-DROP', one(NAT)],
  ['KUBE-POSTROUTING', one(NAT)],
  ['KUBE-LOAD-BALANCER', one(NAT)],
  ['KUBE-HOSTPORTS', one(NAT)],
  ['KUBE-FORWARD', one(FILTER)],
  ['KUBE-PROXY-FIREWALL', one(FILTER)],
  ['KUBE-EXTERNAL-SERVICES', one(FILTER)],
  ['KUBE-SOURCE-RANGES-FIREWALL', one(FILTER)],
  ['KUBE-IPVS-FILTER', one(FILTER)],
  ['KUBE-IPVS-OUT-FILTER', one(FILTER)],
  ['KUBE-IPTABLES-HINT', one(MANGLE)],
  // Calico
  ['cali-PREROUTING', many(RAW | MANGLE | NAT, NAT)],
  ['cali-POSTROUTING', many(MANGLE | NAT, NAT)],
  ['cali-OUTPUT', many(RAW | NAT | FILTER, NAT)],
  ['cali-INPUT', one(FILTER)],
  ['cali-FORWARD', one(FILTER)],
  ['cali-nat-outgoing', one(NAT)],
  ['cali-fip-dnat', one(NAT)],
  ['cali-fip-snat', one(NAT)],
  ['cali-wl-to-host', one(FILTER)],
  ['cali-cidr-block', one(FILTER)],
  ['cali-from-host-endpoint', many(RAW | MANGLE | FILTER, FILTER)],
  ['cali-to-host-endpoint', many(RAW | MANGLE | FILTER, FILTER)],
  // flannel, kindnet, ip-masq-agent, Weave
  ['FLANNEL-POSTRTG', one(NAT)],
  ['FLANNEL-FWD', one(FILTER)],
  ['KIND-MASQ-AGENT', one(NAT)],
  ['IP-MASQ-AGENT', one(NAT)],
  ['WEAVE', one(NAT)],
  ['WEAVE-EXPOSE', one(FILTER)],
  ['WEAVE-CANARY', many(NAT | FILTER, FILTER)],
  // Docker
  ['DOCKER', many(NAT | FILTER, NAT)],
  ['DOCKER-INGRESS', many(NAT | FILTER, NAT)],
  ['DOCKER_OUTPUT', one(NAT)],
  ['DOCKER_POSTROUTING', one(NAT)],
  ['DOCKER-USER', one(FILTER)],
  ['DOCKER-FORWARD', one(FILTER)],
  ['DOCKER-BRIDGE', one(FILTER)],
  ['DOCKER-CT', one(FILTER)],
  ['DOCKER-INTERNAL', one(FILTER)],
  ['CILIUM_FORWARD', one(FILTER)],
  ['CILIUM_INPUT', one(FILTER)],
  ['CILIUM_OUTPUT', one(FILTER)],
]);

const PREFIXES: readonly [string, ChainKnowledge][] = [
  ['KUBE-SVC-', one(NAT)],
  ['KUBE-SEP-', one(NAT)],
  ['KUBE-EXT-', one(NAT)],
  ['KUBE-FW-', one(NAT)],
  ['KUBE-XLB-', one(NAT)],
  ['KUBE-SVL-', one(NAT)],
  ['KUBE-HP-', one(NAT)],
  ['KUBE-POD-FW-', one(FILTER)],
  ['KUBE-NWPLCY-', one(FILTER)],
  ['KUBE-ROUTER-', one(FILTER)],
  ['AWS-SNAT-CHAIN-', one(NAT)],
  ['AWS-CONNMARK-CHAIN-', one(NAT)],
  ['CNI-HOSTPORT-', one(NAT)],
  ['CNI-DN-', one(NAT)],
  ['cali-fw-', one(FILTER)],
  ['cali-tw-', one(FILTER)],
  ['cali-pri-', one(FILTER)],
  ['cali-pro-', one(FILTER)],
  ['cali-from-wl-dispatch', one(FILTER)],
  ['cali-to-wl-dispatch', one(FILTER)],
  ['WEAVE-NPC', one(FILTER)],
  ['DOCKER-ISOLATION-STAGE-', one(FILTER)],
];

/** What chain `name` tells about its table. */
export function chainKnowledge(name: string): ChainKnowledge {
  const exact = EXACT.get(name);
  if (exact !== undefined) return exact;
  for (const [p, k] of PREFIXES) if (name.startsWith(p)) return k;
  if (name.startsWith('CILIUM_')) {
    if (name.endsWith('_nat')) return one(NAT);
    if (name.endsWith('_raw')) return one(RAW);
    if (name.endsWith('_mangle')) return one(MANGLE);
  }
  return UNKNOWN;
}

/** The tables a target extension is accepted in (ALL_TABLES for verdicts, MARK, LOG, chains …). */
export function targetMask(target: string): number {
  switch (target) {
    case 'DNAT':
    case 'SNAT':
    case 'MASQUERADE':
    case 'REDIRECT':
    case 'NETMAP':
      return NAT;
    case 'REJECT':
      return FILTER;
    case 'CT':
    case 'NOTRACK':
      return RAW;
    case 'TPROXY':
    case 'TTL':
    case 'HL':
    case 'TOS':
    case 'DSCP':
    case 'ECN':
    case 'CHECKSUM':
      return MANGLE;
    case 'SECMARK':
    case 'CONNSECMARK':
      return MANGLE | SECURITY;
  }
  return ALL_TABLES;
}

/** Words of a rule's text that kube-proxy's IPVS mode writes (pkg/proxy/ipvs/proxier.go). */
export const IPVS_MARKERS = [
  'KUBE-CLUSTER-IP',
  'KUBE-LOAD-BALANCER',
  // Also matches the chain KUBE-NODE-PORT and its sets (KUBE-NODE-PORT-TCP…), never KUBE-NODEPORTS.
  'KUBE-NODE-PORT',
  'KUBE-EXTERNAL-IP',
  'KUBE-LOOP-BACK',
  'KUBE-HEALTH-CHECK-NODE-PORT',
];
