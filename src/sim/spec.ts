/**
 * A cluster as one node's kube-proxy sees it: the input of the generator. Plain data (JSON-safe),
 * IPv4 single-stack. Field meanings follow the Kubernetes API (core/v1 Service, Endpoints /
 * EndpointSlice) and kube-proxy's flags (pkg/proxy/iptables/proxier.go `NewProxier`).
 */

export type ServiceType = 'ClusterIP' | 'NodePort' | 'LoadBalancer';
export type SpecProtocol = 'TCP' | 'UDP' | 'SCTP';
export type TrafficPolicy = 'Cluster' | 'Local';

export interface PortSpec {
  /** `''` for the single unnamed port of a Service (ServicePortName then prints `ns/name`). */
  readonly name: string;
  readonly port: number;
  readonly protocol: SpecProtocol;
  /** `null` for ClusterIP Services (and LoadBalancers with allocateLoadBalancerNodePorts=false). */
  readonly nodePort: number | null;
  /** The container port every endpoint listens on for this Service port. */
  readonly targetPort: number;
}

export interface EndpointSpec {
  readonly ip: string;
  /** The node the pod runs on; the endpoint is local when it equals `ClusterSpec.nodeName`. */
  readonly nodeName: string | null;
  /** EndpointSlice conditions (discovery/v1): ready implies serving. */
  readonly ready: boolean;
  readonly serving: boolean;
  readonly terminating: boolean;
  /** Pod name for targetRef (kubectl -o json). */
  readonly pod: string | null;
}

export interface ServiceSpec {
  readonly namespace: string;
  readonly name: string;
  readonly type: ServiceType;
  readonly clusterIP: string;
  readonly ports: readonly PortSpec[];
  readonly externalIPs: readonly string[];
  /** status.loadBalancer.ingress[].ip (ipMode VIP). Only used for type LoadBalancer. */
  readonly loadBalancerIPs: readonly string[];
  readonly loadBalancerSourceRanges: readonly string[];
  readonly externalTrafficPolicy: TrafficPolicy;
  readonly internalTrafficPolicy: TrafficPolicy;
  readonly sessionAffinity: 'None' | 'ClientIP';
  /** sessionAffinityConfig.clientIP.timeoutSeconds (API default 10800). */
  readonly sessionAffinityTimeout: number;
  /** spec.healthCheckNodePort; kube-proxy uses it only for LoadBalancer + externalTrafficPolicy Local. */
  readonly healthCheckNodePort: number | null;
  readonly endpoints: readonly EndpointSpec[];
}

export interface ClusterSpec {
  /** kube-proxy `--hostname-override`: endpoints with this nodeName are local. */
  readonly nodeName: string;
  /** Node addresses; the first is kube-proxy's node IP (loadBalancerSourceRanges `allowFromNode`). */
  readonly nodeIPs: readonly string[];
  /**
   * The local-traffic detector's CIDR (`--detect-local-mode=ClusterCIDR` with `--cluster-cidr`):
   * `-s`/`! -s` in KUBE-SVC and KUBE-EXT rules. `null`: no detector (those rules are not written).
   */
  readonly podCIDR: string | null;
  /** The Service ClusterIP range (kube-apiserver `--service-cluster-ip-range`); informational. */
  readonly clusterCIDR: string;
  /** `--iptables-masquerade-bit` (default 14 → mark 0x4000). */
  readonly masqueradeBit: number;
  /** `--masquerade-all`: every ClusterIP connection is marked. */
  readonly masqueradeAll: boolean;
  /** `--iptables-localhost-nodeports` (default true): KUBE-FIREWALL and 127.0.0.0/8 NodePorts. */
  readonly localhostNodePorts: boolean;
  /**
   * kube-proxy ≥ 1.29 adds `-m nfacct --nfacct-name …` counters when the nfacct objects exist.
   * Off by default: xt_nfacct needs the `nfnetlink_acct` objects created before iptables-restore.
   */
  readonly nfacct: boolean;
  /** `nf_conntrack_tcp_be_liberal=1` removes the `--ctstate INVALID -j DROP` rule. */
  readonly conntrackTCPLiberal: boolean;
  /** `MASQUERADE --random-fully` (kube-proxy adds it when iptables supports it). */
  readonly randomFully: boolean;
  readonly services: readonly ServiceSpec[];
}

/** A Service with API defaults for the fields not given. */
export function serviceSpec(
  partial: Partial<ServiceSpec> & Pick<ServiceSpec, 'namespace' | 'name' | 'clusterIP' | 'ports'>,
): ServiceSpec {
  return {
    type: 'ClusterIP',
    externalIPs: [],
    loadBalancerIPs: [],
    loadBalancerSourceRanges: [],
    externalTrafficPolicy: 'Cluster',
    internalTrafficPolicy: 'Cluster',
    sessionAffinity: 'None',
    sessionAffinityTimeout: 10800,
    healthCheckNodePort: null,
    endpoints: [],
    ...partial,
  };
}

/** A ready endpoint (conditions ready, serving, not terminating). */
export function readyEndpoint(ip: string, nodeName: string | null, pod: string | null = null): EndpointSpec {
  return { ip, nodeName, ready: true, serving: true, terminating: false, pod };
}
