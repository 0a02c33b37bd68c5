import {
  endpointString,
  portProtoHash,
  SERVICE_CHAIN_PREFIX,
  servicePortEndpointChainName,
  servicePortNameString,
} from '../core/kubeproxy';
import type { GenProto } from './genRule';
import type { ClusterSpec, PortSpec, ServiceSpec } from './spec';

/**
 * One endpoint of one Service port as kube-proxy holds it (pkg/proxy/endpoint.go BaseEndpointInfo
 * plus the iptables proxier's `ChainName`).
 */
export interface EndpointView {
  readonly ip: string;
  /** `ip:port` (`Endpoint.String()`). */
  readonly text: string;
  readonly local: boolean;
  readonly ready: boolean;
  readonly serving: boolean;
  readonly terminating: boolean;
  readonly chain: string;
}

/** A Service port as the proxier's `servicePortInfo` sees it (pkg/proxy/serviceport.go). */
export interface ServicePortView {
  readonly nameString: string;
  readonly protocol: GenProto;
  readonly clusterIP: string;
  readonly port: number;
  readonly nodePort: number;
  readonly healthCheckNodePort: number;
  readonly externalIPs: readonly string[];
  readonly loadBalancerVIPs: readonly string[];
  readonly loadBalancerSourceRanges: readonly string[];
  /** Seconds of ClientIP affinity, or `null` when sessionAffinity is None. */
  readonly stickyMaxAgeSeconds: number | null;
  readonly internalPolicyLocal: boolean;
  readonly externalPolicyLocal: boolean;
  readonly chains: { readonly svc: string; readonly svl: string; readonly ext: string; readonly fw: string };
  /** Sorted by `text` as endpointslicecache.go sorts them (`byEndpoint`). */
  readonly endpoints: readonly EndpointView[];
}

/** pkg/apis/core/v1/helper ExternallyAccessible (the Service-level test, not the port-level one). */
function serviceExternallyAccessible(svc: ServiceSpec): boolean {
  return (
    svc.type === 'LoadBalancer' ||
    svc.type === 'NodePort' ||
    (svc.type === 'ClusterIP' && svc.externalIPs.length > 0)
  );
}

/** `ExternallyAccessible()` of a Service port: a NodePort, an LB VIP or an external IP. */
export function externallyAccessible(p: ServicePortView): boolean {
  return p.nodePort !== 0 || p.loadBalancerVIPs.length > 0 || p.externalIPs.length > 0;
}

function portView(cluster: ClusterSpec, svc: ServiceSpec, port: PortSpec): ServicePortView {
  const nameString = servicePortNameString(svc.namespace, svc.name, port.name || null);
  const protocol = port.protocol.toLowerCase() as GenProto;
  const isLB = svc.type === 'LoadBalancer';
  const externalPolicyLocal = serviceExternallyAccessible(svc) && svc.externalTrafficPolicy === 'Local';
  const hash = portProtoHash(nameString, protocol);
  const endpoints = svc.endpoints
    .map((ep): EndpointView => {
      const text = endpointString(ep.ip, port.targetPort);
      return {
        ip: ep.ip,
        text,
        local: ep.nodeName !== null && ep.nodeName === cluster.nodeName,
        ready: ep.ready,
        serving: ep.serving,
        terminating: ep.terminating,
        chain: servicePortEndpointChainName(nameString, protocol, text),
      };
    })
    .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  return {
    nameString,
    protocol,
    clusterIP: svc.clusterIP,
    port: port.port,
    nodePort: port.nodePort ?? 0,
    // apiservice.NeedsHealthCheck: LoadBalancer with externalTrafficPolicy Local.
    healthCheckNodePort: isLB && svc.externalTrafficPolicy === 'Local' ? (svc.healthCheckNodePort ?? 0) : 0,
    externalIPs: svc.externalIPs,
    loadBalancerVIPs: isLB ? svc.loadBalancerIPs : [],
    loadBalancerSourceRanges: isLB ? svc.loadBalancerSourceRanges : [],
    stickyMaxAgeSeconds: svc.sessionAffinity === 'ClientIP' ? svc.sessionAffinityTimeout : null,
    internalPolicyLocal: svc.internalTrafficPolicy === 'Local',
    externalPolicyLocal,
    // The four chains share one portProtoHash (proxier.go newServiceInfo).
    chains: {
      svc: SERVICE_CHAIN_PREFIX.svc + hash,
      svl: SERVICE_CHAIN_PREFIX.svl + hash,
      ext: SERVICE_CHAIN_PREFIX.ext + hash,
      fw: SERVICE_CHAIN_PREFIX.fw + hash,
    },
    endpoints,
  };
}

/**
 * Every Service port of the cluster, in spec order (kube-proxy iterates a Go map, so its order is
 * random; the unit tests sort the output — see sortRestoreInput).
 */
export function servicePortViews(cluster: ClusterSpec): ServicePortView[] {
  const out: ServicePortView[] = [];
  for (const svc of cluster.services) {
    for (const port of svc.ports) out.push(portView(cluster, svc, port));
  }
  return out;
}

export interface Categorized {
  readonly cluster: readonly EndpointView[];
  readonly local: readonly EndpointView[];
  readonly allReachable: readonly EndpointView[];
  readonly hasAny: boolean;
}

/**
 * pkg/proxy/topology.go `CategorizeEndpoints` without topology hints: Ready endpoints, falling back
 * (separately for Cluster and Local) to serving+terminating ones.
 */
export function categorizeEndpoints(p: ServicePortView): Categorized {
  const usesCluster = !p.internalPolicyLocal || externallyAccessible(p);
  const usesLocal = p.internalPolicyLocal || (p.externalPolicyLocal && externallyAccessible(p));
  let cluster: EndpointView[] = [];
  let hasAny = false;
  if (usesCluster) {
    cluster = p.endpoints.filter((ep) => ep.ready);
    if (cluster.length === 0) cluster = p.endpoints.filter((ep) => ep.serving && ep.terminating);
    hasAny = cluster.length > 0;
  }
  if (!usesLocal) return { cluster, local: [], allReachable: cluster, hasAny };
  let localReady = false;
  let localTerminating = false;
  for (const ep of p.endpoints) {
    if (ep.ready) {
      hasAny = true;
      if (ep.local) localReady = true;
    } else if (ep.serving && ep.terminating) {
      hasAny = true;
      if (ep.local) localTerminating = true;
    }
  }
  let local: EndpointView[] = [];
  if (localReady) local = p.endpoints.filter((ep) => ep.local && ep.ready);
  else if (localTerminating) local = p.endpoints.filter((ep) => ep.local && ep.serving && ep.terminating);
  if (!usesCluster) return { cluster, local, allReachable: local, hasAny };
  if (!localTerminating || localReady) return { cluster, local, allReachable: cluster, hasAny };
  // Union (kube-proxy builds it from a map: order unspecified; we keep endpoint order).
  const seen = new Set([...cluster, ...local].map((ep) => ep.text));
  return { cluster, local, allReachable: p.endpoints.filter((ep) => seen.has(ep.text)), hasAny };
}
