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
  /** Empty for headless (`None`) and ExternalName Services. */
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
}

export interface EndpointAddress {
  readonly ip: string;
  /** `null` when the input does not say which port (table output of Endpoints lists ip:port pairs flat). */
  readonly port: number | null;
  /** The port's name where the input gives it (json/yaml); matches `ServicePortInfo.name`. */
  readonly portName: string | null;
  readonly protocol: Protocol | null;
  /** From `targetRef` (json/yaml) where the input has it. */
  readonly pod: string | null;
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

export interface KubectlData {
  readonly services: readonly ServiceInfo[];
  readonly endpoints: readonly EndpointsInfo[];
  /** Which forms were recognised, for messages. */
  readonly formats: readonly ('table' | 'json' | 'yaml')[];
}
