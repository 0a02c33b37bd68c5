import type { IpSet } from '../ipset';
import type { IpvsTable } from '../ipvs';
import type { RuleId, TableId, TableName } from '../ruleset';
import type { Diagnostic } from '../text';

/**
 * The tracer's wire types (CLI JSON, worker protocol, permalinks): add fields, never rename.
 */

/**
 * Where the first packet of a connection comes from:
 * - `pod`: a pod on this node; enters PREROUTING from the pod's interface and is forwarded (or delivered locally);
 * - `host`: a process on the node; starts in OUTPUT;
 * - `external`: a client outside the cluster reaching a node IP, LoadBalancer IP or external IP;
 *   enters PREROUTING from the node's external interface.
 */
export type Origin = 'pod' | 'host' | 'external';
export type L4Protocol = 'tcp' | 'udp' | 'sctp' | 'icmp';

export interface Packet {
  readonly origin: Origin;
  readonly src: string;
  readonly dst: string;
  readonly proto: L4Protocol;
  /** `null` when unknown/irrelevant (icmp); an ephemeral port is assumed and recorded. */
  readonly sport: number | null;
  readonly dport: number | null;
  /** Input interface; defaults per origin (pod: a `cali…`/`veth…`-like name, external: `eth0`). */
  readonly inIface?: string | null;
  /** Output interface after routing, when the user knows it. */
  readonly outIface?: string | null;
  /** Initial skb mark (0 by default). */
  readonly mark?: number;
}

/** What the conntrack table says about this packet's connection. Default: first packet of a NEW connection. */
export type ConntrackAssumption = 'new' | 'established' | 'related' | 'invalid';

export interface TraceEnv {
  /** The node's own addresses (`addrtype LOCAL`); 127.0.0.0/8 and ::1 are always local. */
  readonly localAddresses: readonly string[];
  readonly conntrack?: ConntrackAssumption;
  /**
   * `-m recent` lists: list name → entries (address → seconds since last seen). Absent lists are empty.
   * Used for ClientIP session affinity.
   */
  readonly recent?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /**
   * The node's ipsets as `ipset list` / `ipset save` showed them (parseIpset's `sets`): `-m set
   * --match-set` rules are decided from their members. Absent: every set match is an assumption.
   */
  readonly ipsets?: readonly IpSet[];
  /**
   * The node's IPVS table as `ipvsadm -Ln` showed it (parseIpvsadm's result): its virtual
   * addresses are local (kube-ipvs0) and IPVS schedules new connections to them (ipvsHook.ts).
   */
  readonly ipvs?: IpvsTable;
}

/** What IPVS did to an outcome's packet (kube-proxy's IPVS mode; ipvsHook.ts). */
export interface IpvsHop {
  /** The hook IPVS acted in: `INPUT` (a packet that came in) or `OUTPUT` (sent by the node). */
  readonly hook: 'INPUT' | 'OUTPUT';
  /** `TCP 10.96.0.10:53`, or null when no virtual service has the destination. */
  readonly service: string | null;
  /** `ip:port` of the real server chosen, or null (none: refused; or not known). */
  readonly server: string | null;
  /** `Masq` (DNAT), `Route`, `Tunnel`, `Local`, or null when no server was chosen. */
  readonly forward: string | null;
  /** The exact share of new connections (rr, wrr), else null. */
  readonly share: number | null;
  /** How the scheduler chooses (one sentence), and what persistence adds. */
  readonly scheduling: string;
  readonly persistence: string | null;
}

/**
 * The packet as a step leaves it (after its rule acted): what the next rule sees. Kept small and
 * shared between steps that changed nothing.
 */
export interface StepPacket {
  readonly src: string;
  readonly dst: string;
  /** `null` without ports (icmp) or while the source port is unknown (an ephemeral port). */
  readonly sport: number | null;
  readonly dport: number | null;
  /** `null` for a protocol number the tracer does not name. */
  readonly proto: L4Protocol | null;
  /** skb->mark. kube-proxy's KUBE-MARK-MASQ sets 0x4000, KUBE-MARK-DROP 0x8000 (proxier.go). */
  readonly mark: number;
  /** Conntrack state (`untracked` after raw NOTRACK). */
  readonly ct: ConntrackAssumption | 'untracked';
  /** IPS_DST_NAT: a DNAT/REDIRECT binding changed the destination. */
  readonly dnat: boolean;
  /** IPS_SRC_NAT: an SNAT/MASQUERADE binding changed the source. */
  readonly snat: boolean;
  /**
   * MASQUERADE: the source becomes the outgoing interface's primary address
   * (nf_nat_masquerade_ipv4), which the dump does not show; `src` keeps the address before.
   */
  readonly masquerade: boolean;
}

/** A rule whose matches all held (or were assumed to), in evaluation order. */
export interface PathStep {
  /** `filter`, `nat`, … for iptables; "<family> <table>" for nftables ("ip kube-proxy"). */
  readonly table: TableId;
  readonly chain: string;
  /**
   * 1-based line in the pasted text: the rule's, or for a built-in chain's policy the chain's
   * `:CHAIN POLICY` declaration. `null` when the text has no such line: a policy whose chain was
   * not declared, an implied kube-proxy jump, a rule assumed by the tracer. (Before issue 12: 0.)
   */
  readonly line: number | null;
  readonly ruleId: RuleId | null;
  /** The target as written (`KUBE-SVC-…`, `DNAT`, `MARK`, `ACCEPT`), or `policy ACCEPT`. */
  readonly target: string;
  /** What happened at this step: `jump`, `goto`, `return`, `continue` (non-terminating target), or a verdict. */
  readonly verdict:
    | 'jump'
    | 'goto'
    | 'return'
    | 'continue'
    | 'ACCEPT'
    | 'DROP'
    | 'REJECT'
    | 'DNAT'
    | 'SNAT'
    | 'MASQUERADE';
  /** The hook this step ran in (`PREROUTING`, `INPUT`, `FORWARD`, `OUTPUT`, `POSTROUTING`). */
  readonly hook: string;
  /** The packet after this step (added in issue 8; absent in results made before). */
  readonly packet?: StepPacket;
}

/** Something the tracer could not know from the packet and the rules, and what it assumed. */
export interface Assumption {
  readonly code: string;
  readonly message: string;
  readonly line: number | null;
}

export interface Outcome {
  /** Probability of this outcome (kernel-effective, from `round(p·2^31)/2^31`). Outcomes sum to 1. */
  readonly probability: number;
  readonly verdict: 'ACCEPT' | 'DROP' | 'REJECT';
  /** `ip:port` (`[v6]:port`) the destination was rewritten to, or null. */
  readonly dnat: string | null;
  /** True when the source was masqueraded (or SNATed) in POSTROUTING. */
  readonly masquerade: boolean;
  /** The source after SNAT/MASQUERADE when known (`null` if unchanged). */
  readonly snat: string | null;
  /**
   * Where an accepted packet goes: `local` (INPUT: a process on this node), `forward` (FORWARD,
   * then out: a packet that came in), `out` (a locally generated packet leaving the node through
   * OUTPUT and POSTROUTING, without FORWARD — also a packet IPVS scheduled to a real server
   * elsewhere: IPVS sends it on through OUTPUT and POSTROUTING).
   */
  readonly delivery: 'local' | 'forward' | 'out' | null;
  readonly path: readonly PathStep[];
  readonly assumptions: readonly Assumption[];
  /** What IPVS did (IPVS-mode nodes with `env.ipvs`); absent otherwise. */
  readonly ipvs?: IpvsHop;
}

export interface TraceResult {
  readonly outcomes: readonly Outcome[];
  /** Union of all outcomes' assumptions, deduplicated. */
  readonly assumptions: readonly Assumption[];
  readonly diagnostics: readonly Diagnostic[];
  /**
   * Issue 12: present when the walk met a kube-proxy chain that looks cut (an `iptables-save | grep`
   * excerpt drops kube-proxy's rules without a Service's name): the same packet traced again with
   * kube-proxy's standard rules assumed. `outcomes` above stay the text as given.
   */
  readonly standard?: StandardTrace;
}

/** kube-proxy rules the text lacks, assumed in their standard shape (pkg/proxy/iptables/proxier.go). */
export interface AssumedRules {
  readonly table: TableName;
  readonly chain: string;
  /** The rules as kube-proxy writes them (`-A KUBE-EXT-… -j KUBE-SVC-…`). */
  readonly rules: readonly string[];
  /** Why they are assumed, naming the chain that looks cut or is missing. */
  readonly why: string;
}

/** The trace under the assumption that kube-proxy's standard rules are there; outcomes sum to 1. */
export interface StandardTrace {
  readonly assumed: readonly AssumedRules[];
  readonly outcomes: readonly Outcome[];
  readonly assumptions: readonly Assumption[];
}

export interface SimulatedConnection {
  readonly dnat: string | null;
  readonly masquerade: boolean;
  readonly verdict: Outcome['verdict'];
  readonly path: readonly PathStep[];
}

export interface SimulationResult {
  readonly connections: readonly SimulatedConnection[];
  /** `ip:port` or `<none>` → count. */
  readonly endpointCounts: Readonly<Record<string, number>>;
}
