import type { Rule } from '../ruleset';

/**
 * Who wrote a chain or a rule: kube-proxy, kubelet, a CNI plugin, Docker, a host firewall. The one
 * place this knowledge lives (the graph, the path, the tracer's notes and the analysis ask here).
 * Names as each writer spells them:
 * - kube-proxy: pkg/proxy/iptables/proxier.go and pkg/proxy/ipvs/proxier.go (`KUBE-SERVICES`, the
 *   `KUBE-SVC-`… prefixes, comments "kubernetes service portals", "kubernetes forwarding rules");
 *   kubelet: KUBE-FIREWALL, KUBE-MARK-DROP, KUBE-KUBELET-CANARY, KUBE-IPTABLES-HINT
 *   (pkg/kubelet/kubelet_network_linux.go), and the dockershim hostport chains KUBE-HOSTPORTS /
 *   KUBE-HP-*; kube-router: KUBE-ROUTER-*, KUBE-POD-FW-*, KUBE-NWPLCY-* (pkg/controllers/netpol);
 * - Calico felix: `cali-` chains and `cali:<hash>` comments on its rules in built-in chains;
 * - Cilium: `CILIUM_` chains, comments "cilium-feeder: …" and "cilium: …";
 * - flannel: FLANNEL-POSTRTG, FLANNEL-FWD, comments "flanneld masq" / "flanneld forward";
 * - kindnet: KIND-MASQ-AGENT; GKE's ip-masq-agent: IP-MASQ-AGENT;
 * - AWS VPC CNI: AWS-SNAT-CHAIN-<n>, AWS-CONNMARK-CHAIN-<n>, comments "AWS SNAT CHAIN", "AWS, …";
 * - Weave Net: WEAVE, WEAVE-*; Docker: DOCKER, DOCKER-USER, DOCKER-ISOLATION-STAGE-*, DOCKER-*;
 *   the CNI portmap plugin: CNI-HOSTPORT-*, CNI-DN-*;
 * - firewalld's iptables backend: INPUT_direct, FORWARD_IN_ZONES…, IN_<zone>…, FWDI_/FWDO_<zone>…,
 *   PRE_/POST_<zone>… (its nftables backend writes its own `inet firewalld` table, which
 *   iptables-save does not print);
 * - the distribution's default firewall (RHEL/CentOS/Fedora iptables-services): `-j REJECT
 *   --reject-with icmp-host-prohibited` in filter INPUT and FORWARD.
 */
export type ChainAuthorId =
  | 'kube-proxy'
  | 'kubelet'
  | 'kube-router'
  | 'calico'
  | 'cilium'
  | 'flannel'
  | 'kindnet'
  | 'ip-masq-agent'
  | 'aws-vpc-cni'
  | 'weave'
  | 'docker'
  | 'cni-portmap'
  | 'firewalld'
  | 'distribution';

/** How each writer is named in the app and the CLI (proper names stay as written in every language). */
const CHAIN_AUTHOR_NAME: Readonly<Record<ChainAuthorId, { readonly en: string; readonly zh: string }>> = {
  'kube-proxy': { en: 'kube-proxy', zh: 'kube-proxy' },
  kubelet: { en: 'kubelet', zh: 'kubelet' },
  'kube-router': { en: 'kube-router', zh: 'kube-router' },
  calico: { en: 'Calico', zh: 'Calico' },
  cilium: { en: 'Cilium', zh: 'Cilium' },
  flannel: { en: 'flannel', zh: 'flannel' },
  kindnet: { en: 'kindnet', zh: 'kindnet' },
  'ip-masq-agent': { en: 'ip-masq-agent', zh: 'ip-masq-agent' },
  'aws-vpc-cni': { en: 'AWS VPC CNI', zh: 'AWS VPC CNI' },
  weave: { en: 'Weave Net', zh: 'Weave Net' },
  docker: { en: 'Docker', zh: 'Docker' },
  'cni-portmap': { en: 'CNI portmap', zh: 'CNI portmap' },
  firewalld: { en: 'firewalld', zh: 'firewalld' },
  distribution: { en: 'Distribution firewall', zh: '发行版默认防火墙' },
};

const EXACT: ReadonlyMap<string, ChainAuthorId> = new Map([
  ['KUBE-FIREWALL', 'kubelet'],
  ['KUBE-MARK-DROP', 'kubelet'],
  ['KUBE-KUBELET-CANARY', 'kubelet'],
  ['KUBE-IPTABLES-HINT', 'kubelet'],
  ['KUBE-HOSTPORTS', 'kubelet'],
  ['FLANNEL-POSTRTG', 'flannel'],
  ['FLANNEL-FWD', 'flannel'],
  ['KIND-MASQ-AGENT', 'kindnet'],
  ['IP-MASQ-AGENT', 'ip-masq-agent'],
  ['WEAVE', 'weave'],
  ['DOCKER', 'docker'],
]);

/** Prefixes, tried in order (kube-router's and kubelet's before kube-proxy's `KUBE-`). */
const PREFIXES: readonly (readonly [string, ChainAuthorId])[] = [
  ['KUBE-ROUTER-', 'kube-router'],
  ['KUBE-POD-FW-', 'kube-router'],
  ['KUBE-NWPLCY-', 'kube-router'],
  ['KUBE-HP-', 'kubelet'],
  ['KUBE-', 'kube-proxy'],
  ['cali-', 'calico'],
  ['CILIUM_', 'cilium'],
  ['AWS-SNAT-CHAIN-', 'aws-vpc-cni'],
  ['AWS-CONNMARK-CHAIN-', 'aws-vpc-cni'],
  ['WEAVE-', 'weave'],
  ['DOCKER-', 'docker'],
  ['DOCKER_', 'docker'],
  ['CNI-HOSTPORT-', 'cni-portmap'],
  ['CNI-DN-', 'cni-portmap'],
  ['IN_', 'firewalld'],
  ['FWDI_', 'firewalld'],
  ['FWDO_', 'firewalld'],
  ['FWD_', 'firewalld'],
  ['PRE_', 'firewalld'],
  ['POST_', 'firewalld'],
  ['OUT_', 'firewalld'],
];

/** firewalld's fixed chains end so: INPUT_direct, FORWARD_IN_ZONES, POSTROUTING_ZONES_SOURCE… */
const FIREWALLD_SUFFIXES = ['_direct', '_ZONES', '_ZONES_SOURCE'];

/** Comment prefixes that name the writer of a rule in a built-in chain. */
const COMMENTS: readonly (readonly [string, ChainAuthorId])[] = [
  ['cali:', 'calico'],
  ['cilium', 'cilium'],
  ['flanneld', 'flannel'],
  ['kind-masq-agent', 'kindnet'],
  ['ip-masq-agent', 'ip-masq-agent'],
  ['AWS', 'aws-vpc-cni'],
  ['kubernetes ', 'kube-proxy'],
];

/** Who wrote a chain, from its name alone; null for built-in chains and names nobody here writes. */
export function chainAuthor(name: string): ChainAuthorId | null {
  const exact = EXACT.get(name);
  if (exact !== undefined) return exact;
  for (const [prefix, author] of PREFIXES) if (name.startsWith(prefix)) return author;
  for (const s of FIREWALLD_SUFFIXES) if (name.endsWith(s) && name.length > s.length) return 'firewalld';
  return null;
}

const BUILTIN = new Set(['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING']);

/** The REJECT iptables-services puts last in filter INPUT and FORWARD (RHEL/CentOS/Fedora). */
function isDistributionReject(rule: Pick<Rule, 'table' | 'chain' | 'target'>): boolean {
  if (rule.table !== 'filter' || (rule.chain !== 'INPUT' && rule.chain !== 'FORWARD')) return false;
  const t = rule.target;
  return (
    t.kind === 'REJECT' &&
    (t.rejectWith === 'icmp-host-prohibited' || t.rejectWith === 'icmp6-adm-prohibited')
  );
}

/**
 * Who wrote a rule: the writer of its chain; in a built-in chain, the writer of the chain it jumps
 * to, else the one its comment names, else the distribution for its REJECT; null when nothing tells.
 */
export function ruleAuthor(rule: Pick<Rule, 'table' | 'chain' | 'target' | 'comment'>): ChainAuthorId | null {
  if (!BUILTIN.has(rule.chain)) return chainAuthor(rule.chain);
  if (rule.target.kind === 'jump') {
    const to = chainAuthor(rule.target.chain);
    if (to !== null) return to;
  }
  const c = rule.comment;
  if (c !== null) for (const [prefix, author] of COMMENTS) if (c.startsWith(prefix)) return author;
  return isDistributionReject(rule) ? 'distribution' : null;
}

/** The writer's name in `lang` (`en` or `zh-CN`). */
export function chainAuthorName(id: ChainAuthorId, lang: 'en' | 'zh-CN' = 'en'): string {
  const n = CHAIN_AUTHOR_NAME[id];
  return lang === 'zh-CN' ? n.zh : n.en;
}
