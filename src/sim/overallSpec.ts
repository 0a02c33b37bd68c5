import { type ClusterSpec, type PortSpec, readyEndpoint, serviceSpec } from './spec';

function p80(nodePort: number | null = null): PortSpec[] {
  return [{ name: 'p80', port: 80, protocol: 'TCP', nodePort, targetPort: 80 }];
}

/**
 * The six Services of kube-proxy's `TestOverallIPTablesRules` (pkg/proxy/iptables/proxier_test.go),
 * on the test's node: `test-node`, node IP 192.168.0.2, local detector 10.0.0.0/8, localhost
 * NodePorts with nfacct counters. svc4 is a ClusterIP Service with an external IP (the test's
 * NodePort-without-nodePort gives the same rules). Generates test/fixtures/iptables/k8s-overall-rules.txt.
 */
export function overallClusterSpec(): ClusterSpec {
  const remote = 'node-b';
  return {
    nodeName: 'test-node',
    nodeIPs: ['192.168.0.2', '192.168.1.2', '192.168.99.11'],
    podCIDR: '10.0.0.0/8',
    clusterCIDR: '172.30.0.0/16',
    masqueradeBit: 14,
    masqueradeAll: false,
    localhostNodePorts: true,
    nfacct: true,
    conntrackTCPLiberal: false,
    randomFully: false,
    services: [
      serviceSpec({
        namespace: 'ns1',
        name: 'svc1',
        clusterIP: '172.30.0.41',
        ports: p80(),
        endpoints: [readyEndpoint('10.180.0.1', remote, 'svc1-7d9f8-abcde')],
      }),
      serviceSpec({
        namespace: 'ns2',
        name: 'svc2',
        type: 'LoadBalancer',
        clusterIP: '172.30.0.42',
        ports: p80(3001),
        externalIPs: ['192.168.99.22'],
        loadBalancerIPs: ['1.2.3.4'],
        externalTrafficPolicy: 'Local',
        healthCheckNodePort: 30000,
        endpoints: [readyEndpoint('10.180.0.2', remote, 'svc2-6c4b5-fghij')],
      }),
      serviceSpec({
        namespace: 'ns3',
        name: 'svc3',
        type: 'NodePort',
        clusterIP: '172.30.0.43',
        ports: p80(3003),
        endpoints: [readyEndpoint('10.180.0.3', remote, 'svc3-5b7c6-klmno')],
      }),
      serviceSpec({
        namespace: 'ns4',
        name: 'svc4',
        clusterIP: '172.30.0.44',
        ports: p80(),
        externalIPs: ['192.168.99.33'],
        endpoints: [
          readyEndpoint('10.180.0.4', remote, 'svc4-84d6f-pqrst'),
          readyEndpoint('10.180.0.5', 'test-node', 'svc4-84d6f-uvwxy'),
        ],
      }),
      serviceSpec({
        namespace: 'ns5',
        name: 'svc5',
        type: 'LoadBalancer',
        clusterIP: '172.30.0.45',
        ports: p80(3002),
        loadBalancerIPs: ['5.6.7.8'],
        loadBalancerSourceRanges: ['203.0.113.0/25'],
        sessionAffinity: 'ClientIP',
        sessionAffinityTimeout: 10800,
        endpoints: [readyEndpoint('10.180.0.3', remote, 'svc5-9f8e7-zabcd')],
      }),
      serviceSpec({ namespace: 'ns6', name: 'svc6', clusterIP: '172.30.0.46', ports: p80() }),
    ],
  };
}
