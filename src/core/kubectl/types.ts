/**
 * What the kubectl readers extract, whatever form the user pasted (`kubectl get svc,ep` tables,
 * `get endpointslices`, `-o json` / `-o yaml` Lists). Fields the input did not show are `null`
 * (unknown), never invented.
 */

export type Protocol = 'TCP' | 'UDP' | 'SCTP';

export interface ServicePortInfo {
  /** `null` when the input does not show the port's name (tables never do). */
  readonly name: string | null;
  readonly port: number;
  readonly nodePort: number | null;
  readonly protocol: Protocol;
  readonly targetPort: string | null;
}

export interface ServiceInfo {
  /** `null` when the input had no namespace (`kubectl get svc` without `-A` and no `-n` known). */
  readonly namespace: string | null;
  readonly name: string;
  readonly type: 'ClusterIP' | 'NodePort' | 'LoadBalancer' | 'ExternalName' | string;
  /** Empty for headless (`None`) and ExternalName Services, and unknown for inferred ones. */
  readonly clusterIPs: readonly string[];
  readonly externalIPs: readonly string[];
  readonly loadBalancerIPs: readonly string[];
  /** LoadBalancer hostnames (`a1b2….elb.amazonaws.com`), and ExternalName's target. */
  readonly externalNames: readonly string[];
  /** True when an EXTERNAL-IP column was clipped by kubectl (`a1b2c3d4e5f6a...`). */
  readonly externalTruncated: boolean;
  readonly ports: readonly ServicePortInfo[];
  readonly sessionAffinity: 'ClientIP' | 'None' | null;
  readonly externalTrafficPolicy: 'Cluster' | 'Local' | null;
  readonly internalTrafficPolicy: 'Cluster' | 'Local' | null;
  readonly selector: string | null;
  /** Offset of the line/object the Service came from in the kubectl text. */
  readonly offset: number;
  /**
   * Set when no Service object or row was pasted and the Service was inferred from its
   * EndpointSlices (`kubectl get endpointslices` alone): then `type` is `<unknown>`, `clusterIPs`
   * empty, and `ports` are the slice's (endpoint) ports, which the Service's own ports may
   * differ from (`port: 80` → `targetPort: 8080`). Absent otherwise.
   */
  readonly inferredFrom?: 'endpointslices';
}

export interface EndpointAddress {
  readonly ip: string;
  /** `null` when the input does not say which port (table output of Endpoints lists ip:port pairs flat). */
  readonly port: number | null;
  /** The port's name where the input gives it (json/yaml); matches `ServicePortInfo.name`. */
  readonly portName: string | null;
  readonly protocol: Protocol | null;
  /**
   * From `targetRef` (json/yaml) where the input has it, else from a pasted pod whose IP this is
   * (`get pods -o wide`). `null` when unknown, or when several live pods share the IP (host network).
   */
  readonly pod: string | null;
  /** From the Endpoints/EndpointSlice where they say, else from the pod (`spec.nodeName`, NODE). */
  readonly nodeName: string | null;
  /** Endpoints' `notReadyAddresses` / EndpointSlice `conditions.ready === false`. */
  readonly ready: boolean;
  readonly serving: boolean | null;
  readonly terminating: boolean | null;
}

/** The endpoints of one Service, merged from Endpoints and/or EndpointSlices. */
export interface EndpointsInfo {
  readonly namespace: string | null;
  /** The Service's name. */
  readonly service: string;
  readonly addresses: readonly EndpointAddress[];
  /** True when kubectl truncated the list (`+ 3 more...`): the real list is longer. */
  readonly incomplete: boolean;
  /** How many were hidden, when kubectl said. */
  readonly hiddenCount: number;
  readonly offset: number;
}

/**
 * A Pod from `kubectl get pods [-A] [-o wide]` or a `kind: Pod` object: what names an endpoint's
 * pod and node when the Endpoints themselves do not (tables never do).
 */
export interface PodInfo {
  /** `null` when the input had no namespace (no NAMESPACE column and no `-n` known). */
  readonly namespace: string | null;
  readonly name: string;
  /**
   * `status.podIPs` (or `podIP`); tables show the first only (`-o wide`'s IP column), and none
   * without `-o wide`. Empty while the pod has no IP (`<none>`).
   */
  readonly ips: readonly string[];
  /** `spec.nodeName` / the NODE column; `null` when unscheduled or not shown. */
  readonly nodeName: string | null;
  /** `status.hostIP` (objects only). */
  readonly hostIP: string | null;
  /** `spec.hostNetwork` (objects only; tables do not show it). Such pods share their node's IP. */
  readonly hostNetwork: boolean | null;
  /**
   * `status.phase` for objects; for tables kubectl's STATUS column, a phase or a reason
   * (`CrashLoopBackOff`, `Completed`, `Terminating`, `Evicted`).
   */
  readonly status: string | null;
  /**
   * The pod's Ready condition (objects); for tables, every container ready (`READY` n/n) and
   * every readiness gate passed. `null` when not shown.
   */
  readonly ready: boolean | null;
  readonly offset: number;
}

export interface KubectlData {
  readonly services: readonly ServiceInfo[];
  readonly endpoints: readonly EndpointsInfo[];
  /**
   * Pods pasted with the Services (one per namespace/name, objects over table rows). Endpoint
   * addresses without `pod`/`nodeName` get them from here, by IP (or by pod name for the node).
   */
  readonly pods: readonly PodInfo[];
  /** Which forms were recognised, for messages. */
  readonly formats: readonly ('table' | 'json' | 'yaml')[];
}
