import type { ClusterSpec, EndpointSpec, PortSpec, ServiceSpec } from '../sim/spec';
import { readyEndpoint, serviceSpec } from '../sim/spec';

/**
 * The small clusters of the generated gallery scenarios. One node, `node-a` (192.168.10.11), of a
 * kubeadm-like cluster: pod CIDR 10.244.0.0/16 (this node's pods in 10.244.1.0/24, another node's
 * in 10.244.2.0/24), Service CIDR 10.96.0.0/12, kube-proxy defaults (masquerade bit 14,
 * localhost NodePorts, `MASQUERADE --random-fully`). External clients use documentation addresses.
 */
export const NODE_IP = '192.168.10.11';
export const LOCAL = 'node-a';
export const REMOTE = 'node-b';

export function http(port: number, targetPort: number, nodePort: number | null = null): PortSpec[] {
  return [{ name: 'http', port, protocol: 'TCP', nodePort, targetPort }];
}

/** `default/kubernetes`, as on every cluster: the API server on the node itself. */
const KUBERNETES: ServiceSpec = serviceSpec({
  namespace: 'default',
  name: 'kubernetes',
  clusterIP: '10.96.0.1',
  ports: [{ name: 'https', port: 443, protocol: 'TCP', nodePort: null, targetPort: 6443 }],
  endpoints: [readyEndpoint(NODE_IP, null)],
});

/** A node's cluster with `default/kubernetes` and `services`. */
export function cluster(services: readonly ServiceSpec[]): ClusterSpec {
  return {
    nodeName: LOCAL,
    nodeIPs: [NODE_IP],
    podCIDR: '10.244.0.0/16',
    clusterCIDR: '10.96.0.0/12',
    masqueradeBit: 14,
    masqueradeAll: false,
    localhostNodePorts: true,
    nfacct: false,
    conntrackTCPLiberal: false,
    randomFully: true,
    services: [KUBERNETES, ...services],
  };
}

export const pod = (ip: string, node: string, name: string): EndpointSpec => readyEndpoint(ip, node, name);
