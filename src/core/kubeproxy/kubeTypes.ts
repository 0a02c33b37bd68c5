import type { ChainId, RuleId, TableId } from '../ruleset';

/**
 * kube-proxy's meaning on top of a Ruleset: which chain belongs to which Service port, which
 * KUBE-SEP is which endpoint, how the KUBE-SVC probability cascade splits traffic. Built by
 * `analyzeKubeProxy(ruleset, kubectl?)`. Plain data (structured-clone safe); wire format for the
 * UI, worker and CLI JSON: add fields, never rename.
 */

/** What a chain does in kube-proxy's design (pkg/proxy/iptables/proxier.go chain constants). */
export type KubeChainRole =
  | 'services'
  | 'nodeports'
  | 'external-services'
  | 'svc'
  | 'svl'
  | 'ext'
  | 'fw'
  | 'xlb'
  | 'sep'
  | 'mark-masq'
  | 'mark-drop'
  | 'postrouting'
  | 'firewall'
  | 'proxy-firewall'
  | 'forward'
  | 'canary'
  | 'other';

/**
 * A Service port as kube-proxy names it: `ServicePortName.String()`. `text` is exactly what the
 * dump printed (`"ns1/svc1:p80"`, `"default/web"`, or the pre-2019 `"default/nginx-ext:"`).
 */
export interface ServicePortName {
  readonly text: string;
  readonly namespace: string;
  readonly service: string;
  /** `''` for an unnamed port (single-port Services). */
  readonly portName: string;
  /** Canonical key (`ns/svc` or `ns/svc:port`): the same port printed in either style has one key. */
  readonly key: string;
}

/**
 * How the owner of a chain was found, strongest first: its own rules' comments; the comment of a
 * rule jumping to it; a sibling chain with the same hash suffix (KUBE-SVC-X / KUBE-EXT-X …); the
 * KUBE-SVC/SVL chain that lists it (for KUBE-SEP); a hash recomputed from the kubectl Services.
 */
export type OwnerSource = 'comment' | 'reference' | 'sibling' | 'policy' | 'kubectl-hash';

/**
 * Whether the chain's name equals kube-proxy's hash of its owner: `match`, `mismatch` (comment and
 * name disagree: another kube-proxy version or a hand-edited rule), `unknown` (no owner, or a
 * KUBE-SEP without DNAT endpoint).
 */
export type HashCheck = 'match' | 'mismatch' | 'unknown';

export interface KubeChain {
  readonly id: ChainId;
  readonly table: TableId;
  readonly name: string;
  readonly role: KubeChainRole;
  /** The 16-character hash suffix of per-Service chains (`KUBE-SVC-XPGD46QRK7WJZT7O` → `XPGD46QRK7WJZT7O`). */
  readonly hash: string | null;
  /** Key of the owning Service port (`servicePorts[].name.key`), or `null`. */
  readonly owner: string | null;
  readonly ownerSource: OwnerSource | null;
  readonly hashCheck: HashCheck;
  readonly ruleCount: number;
  /** How many rules jump (or goto) to it. */
  readonly referencedBy: number;
}

/** A `-j`/`-g` from or to a kube-proxy chain. */
export interface KubeJump {
  readonly from: ChainId;
  readonly to: ChainId;
  readonly rule: RuleId;
  readonly goto: boolean;
}

/** A rule that sends traffic for one address/port of a Service port into kube-proxy's chains. */
export interface ServicePortEntry {
  /**
   * `cluster-ip` / `external-ip` / `load-balancer-ip` from KUBE-SERVICES, `node-port` from
   * KUBE-NODEPORTS (`localhostOnly` for the `-d 127.0.0.0/8` nfacct copy), `health-check-node-port`
   * from filter KUBE-NODEPORTS (ACCEPT).
   */
  readonly kind: 'cluster-ip' | 'external-ip' | 'load-balancer-ip' | 'node-port' | 'health-check-node-port';
  readonly rule: RuleId;
  readonly chain: ChainId;
  readonly ip: string | null;
  readonly port: number | null;
  readonly protocol: string | null;
  /** The target as written: a chain name, `KUBE-MARK-MASQ` (pre-1.21 masquerade rules), `ACCEPT`. */
  readonly target: string;
  readonly localhostOnly: boolean;
}

/** A rule that rejects or drops a Service port's traffic (filter KUBE-SERVICES/EXTERNAL-SERVICES/PROXY-FIREWALL, or SVL/XLB → KUBE-MARK-DROP). */
export interface ServicePortFilter {
  /** `no-endpoints` (REJECT), `no-local-endpoints` (DROP / KUBE-MARK-DROP), `firewall` (loadBalancerSourceRanges DROP). */
  readonly kind: 'no-endpoints' | 'no-local-endpoints' | 'firewall';
  readonly rule: RuleId;
  readonly chain: ChainId;
  readonly ip: string | null;
  readonly port: number | null;
  readonly protocol: string | null;
  readonly verdict: string;
}

/** One `-j KUBE-SEP-…` of a policy chain's cascade. */
export interface PolicyTarget {
  readonly rule: RuleId;
  readonly sep: string;
  /** `ip:port` of the KUBE-SEP's DNAT, else from the `"… -> ip:port"` comment, else `null`. */
  readonly endpoint: string | null;
  /**
   * `probability`: `-m statistic --mode random`; `always`: no condition; `affinity`: a
   * `-m recent --rcheck` ClientIP-affinity rule (taken only for a remembered client, outside the
   * cascade); `other`: some other match (treated as the cascade does not know it).
   */
  readonly condition: 'probability' | 'always' | 'affinity' | 'other';
  /** `--probability` as written (`null` when the rule has none). */
  readonly writtenProbability: number | null;
  /** What xt_statistic applies: round(p·2^31)/2^31 (1 for `always`). */
  readonly effectiveProbability: number | null;
  /** Share of new connections this rule gets: remaining mass × effective p. 0 for affinity/other. */
  readonly share: number;
  /** The same with the written probabilities. */
  readonly writtenShare: number;
}

/** A KUBE-SVC / KUBE-SVL / KUBE-XLB chain: the endpoint lottery. */
export interface PolicyChain {
  readonly chain: string;
  readonly id: ChainId;
  readonly kind: 'svc' | 'svl' | 'xlb';
  readonly owner: string | null;
  readonly targets: readonly PolicyTarget[];
  /** Mass the cascade leaves unassigned (the last rule has a statistic match): those packets fall through. */
  readonly fallthrough: number;
  /** ClientIP affinity: `-m recent --rcheck --seconds N` (service.spec.sessionAffinityConfig timeout). */
  readonly affinity: { readonly seconds: number | null; readonly rules: readonly RuleId[] } | null;
  /** `-j KUBE-MARK-MASQ` rules inside the chain (off-cluster traffic to the cluster IP). */
  readonly masqueradeRules: readonly RuleId[];
}

/** A KUBE-SEP chain: one endpoint of one Service port. */
export interface EndpointChain {
  readonly chain: string;
  readonly id: ChainId;
  readonly owner: string | null;
  /** `ip:port` from `DNAT --to-destination` (IPv6 as `[ip]:port`). */
  readonly endpoint: string | null;
  readonly ip: string | null;
  readonly port: number | null;
  readonly protocol: string | null;
  readonly dnatRule: RuleId | null;
  /** The hairpin rule `-s <endpoint ip> -j KUBE-MARK-MASQ`. */
  readonly hairpinRule: RuleId | null;
  /** Sets the `-m recent` list of ClientIP affinity. */
  readonly affinitySet: boolean;
}

/** Everything the dump says about one Service port. */
export interface KubeServicePort {
  readonly name: ServicePortName;
  /** Lowercase, as in the rules (`tcp`); `null` when no rule says. */
  readonly protocol: string | null;
  readonly clusterIPs: readonly string[];
  /** The Service port (`--dport` of the cluster-IP rule). */
  readonly port: number | null;
  readonly externalIPs: readonly string[];
  readonly loadBalancerIPs: readonly string[];
  readonly nodePorts: readonly number[];
  readonly healthCheckNodePort: number | null;
  readonly chains: {
    readonly svc: string | null;
    readonly svl: string | null;
    readonly ext: string | null;
    readonly fw: string | null;
    readonly xlb: string | null;
  };
  /** KUBE-SEP chains of this port, in the order the policy chains list them (then by name). */
  readonly seps: readonly string[];
  readonly entries: readonly ServicePortEntry[];
  readonly filters: readonly ServicePortFilter[];
  readonly affinitySeconds: number | null;
}

/** kube-proxy's SNAT machinery: KUBE-MARK-MASQ sets a bit, KUBE-POSTROUTING masquerades marked packets. */
export interface MasqueradeSetup {
  readonly markChain: ChainId | null;
  readonly markRule: RuleId | null;
  /** The bit KUBE-MARK-MASQ sets (`--masquerade-bit`, default 14 → 0x4000). */
  readonly mark: number | null;
  readonly postroutingChain: ChainId | null;
  readonly masqueradeRule: RuleId | null;
  readonly randomFully: boolean;
  /**
   * `return-xor` (≥ 1.21: RETURN unless marked, clear the bit with --xor-mark, MASQUERADE) or
   * `mark-match` (older: `-m mark --mark 0x4000/0x4000 -j MASQUERADE`).
   */
  readonly style: 'return-xor' | 'mark-match' | 'unknown';
  /** Built-in chain rules that jump to KUBE-POSTROUTING (`POSTROUTING -j KUBE-POSTROUTING`). */
  readonly hookRules: readonly RuleId[];
  /** Pre-1.21 `KUBE-SERVICES … ! -s <podCIDR> -j KUBE-MARK-MASQ` rules. */
  readonly servicesMasqueradeRules: readonly RuleId[];
}

export interface DropMarkSetup {
  readonly chain: ChainId;
  readonly rule: RuleId | null;
  readonly mark: number | null;
}

export interface KubeProxyModel {
  /** Every `KUBE-*` chain, in table then declaration order. */
  readonly chains: readonly KubeChain[];
  readonly servicePorts: readonly KubeServicePort[];
  readonly policies: readonly PolicyChain[];
  readonly endpoints: readonly EndpointChain[];
  readonly jumps: readonly KubeJump[];
  readonly masquerade: MasqueradeSetup;
  /** KUBE-MARK-DROP (removed from kube-proxy in 1.25; kubelet may still create it). */
  readonly dropMark: DropMarkSetup | null;
  /**
   * kube-proxy's mode(s) on this node (issue 11): set for nftables dumps and for dumps holding more
   * than one mode's rules (leftovers of a switch); absent for a plain iptables-save dump.
   */
  readonly modes?: readonly ('iptables' | 'ipvs' | 'nftables')[];
}
