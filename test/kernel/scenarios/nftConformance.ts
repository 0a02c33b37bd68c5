import type { ClusterSpec } from '../../../src/sim/spec';
import { conformanceFlows, conformanceSpec } from './conformanceSpec';
import type { Flow } from './flows';

/**
 * The iptables suite's conformance cluster (conformanceSpec.ts) for kube-proxy's nftables mode.
 * One change: the hairpin Service's endpoint runs on this node. A pod can only reach its own
 * Service through this node's rules when it runs here, and 1.36 masquerades hairpin traffic only
 * for this node's endpoints (@hairpin-connections holds the local ones).
 */
export function nftConformanceSpec(): ClusterSpec {
  const spec = conformanceSpec();
  return {
    ...spec,
    services: spec.services.map((s) =>
      s.name === 'self'
        ? { ...s, endpoints: s.endpoints.map((e) => ({ ...e, nodeName: spec.nodeName })) }
        : s,
    ),
  };
}

const CLIENT_POD = '10.2.0.2';

const flow = (name: string, src: string, dst: string, dport: number, output: 'DROP' | 'REJECT'): Flow => ({
  name,
  sourceIP: src,
  destIP: dst,
  destPort: dport,
  protocol: 'tcp',
  expectedEndpoints: [],
  expectedOutput: output,
  masq: false,
});

/**
 * The conformance flows, without the ICMP echoes (their expectations are iptables mode's: nftables
 * mode rejects any new connection to a ClusterIP that no Service port claims, echoes included), plus
 * the nftables mode's own cluster-ips-check (kube-proxy TestClusterIPGeneral: "svc1 does not accept
 * svc2's ports" → REJECT, "packet to unallocated cluster ip" → DROP).
 */
export function nftConformanceFlows(): Flow[] {
  const nodeIp = conformanceSpec().nodeIPs[0]!;
  return [
    ...conformanceFlows().filter((f) => f.protocol !== 'icmp'),
    flow('ClusterIP on a port no Service claims, from a pod', CLIENT_POD, '10.96.0.10', 81, 'REJECT'),
    flow('ClusterIP on a port no Service claims, from the node', nodeIp, '10.96.0.10', 81, 'REJECT'),
    flow('unallocated address in the Service CIDR', CLIENT_POD, '10.96.0.99', 80, 'DROP'),
  ];
}
