import type { ServicePortName } from './kubeTypes';

/**
 * A Service port as the graph, the Service finder and the packet form show it (serviceGroups.ts
 * builds them from the model). Plain data: the worker sends them to the UI; add fields, never rename.
 *
 * Words: a Service (`default/web`) has one or more Service ports (`default/web:80`); a group is one
 * Service port; a target is one address:port a client can send to.
 */

export type ServiceTargetKind = 'clusterIP' | 'nodePort' | 'loadBalancer' | 'externalIP';

/** An address:port a client can send to, from a KUBE-SERVICES / KUBE-NODEPORTS rule. */
export interface ServiceTarget {
  readonly kind: ServiceTargetKind;
  /** Null for a NodePort: it answers on every local address (`addrtype LOCAL`). */
  readonly ip: string | null;
  readonly port: number;
  readonly proto: 'tcp' | 'udp' | 'sctp';
  readonly line: number;
}

export interface ServiceGroup {
  /** The portProtoHash suffix (`LOLE4ISW44XBNF3G`). */
  readonly key: string;
  /** `default/web:80` (port name, or the port number when the port is unnamed), null when the model names no owner. */
  readonly label: string | null;
  /** KUBE-SVC/SVL/EXT/FW/XLB and KUBE-SEP chain names of this Service port. */
  readonly chains: readonly string[];
  readonly targets: readonly ServiceTarget[];
  /** `ip:port` endpoints the group's KUBE-SEP chains DNAT to. */
  readonly endpoints: readonly string[];
  /** `ns/name` of the Service this port belongs to, null when no comment (nor kubectl) says. */
  readonly service: string | null;
  /**
   * True when the rules say this port has no endpoints (kube-proxy's filter REJECT "… has no
   * endpoints", proxier.go), or, for a kubectl-only Service, kubectl lists no endpoint address.
   */
  readonly noEndpoints: boolean;
  /** `rules`: the dump implements it; `kubectl`: only kubectl knows it (no rule of the dump matches it). */
  readonly source: 'rules' | 'kubectl';
}

/** `ns/name` of a Service port. */
export function serviceKey(name: ServicePortName): string {
  return `${name.namespace}/${name.service}`;
}

/**
 * `ns/name:portName`, or `ns/name:<port>` for an unnamed port (kube-proxy's comment omits it):
 * the Service port of a cluster IP (else external / load-balancer IP) target. A NodePort is not the
 * Service port (proxier.go matches `--dport svcInfo.NodePort()` there, `svcInfo.Port()` on the
 * others), so a port known only by its NodePort is labelled `ns/name`.
 */
export function groupLabel(name: ServicePortName, targets: readonly ServiceTarget[]): string {
  const service = serviceKey(name);
  if (name.portName) return `${service}:${name.portName}`;
  const t = targets.find((x) => x.kind === 'clusterIP') ?? targets.find((x) => x.kind !== 'nodePort');
  return t ? `${service}:${t.port}` : service;
}
