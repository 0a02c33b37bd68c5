import {
  type ClusterSpec,
  type PortSpec,
  readyEndpoint,
  type ServiceSpec,
  serviceSpec,
} from '../../src/core/gen/spec';

/**
 * The setups of k8s-flows-without-dumps.json, rebuilt as generator specs (the dumps are generated at
 * test time upstream; see the fixture's `setup` texts). Node `test-node` with PROVENANCE.md's addresses.
 */
const node = (services: ServiceSpec[]): ClusterSpec => ({
  nodeName: 'test-node',
  nodeIPs: ['192.168.0.2', '192.168.1.2', '192.168.99.11'],
  podCIDR: '10.0.0.0/8',
  clusterCIDR: '172.30.0.0/16',
  masqueradeBit: 14,
  masqueradeAll: false,
  localhostNodePorts: true,
  nfacct: false,
  conntrackTCPLiberal: false,
  randomFully: false,
  services,
});

const port = (nodePort: number | null, name = 'p80'): PortSpec[] => [
  { name, port: 80, protocol: 'TCP', nodePort, targetPort: 80 },
];

export const GENERATED_SPECS: Readonly<Record<string, ClusterSpec>> = {
  TestLoadBalancer: node([
    serviceSpec({
      namespace: 'ns1',
      name: 'svc1',
      type: 'LoadBalancer',
      clusterIP: '172.30.0.41',
      ports: port(3001),
      loadBalancerIPs: ['1.2.3.4', '5.6.7.8'],
      loadBalancerSourceRanges: ['192.168.0.0/24', '203.0.113.0/25'],
      endpoints: [readyEndpoint('10.180.0.1', 'node-b')],
    }),
  ]),
  TestExternalTrafficPolicyLocal: node([
    serviceSpec({
      namespace: 'ns1',
      name: 'svc1',
      type: 'LoadBalancer',
      clusterIP: '172.30.0.41',
      ports: port(3001),
      externalIPs: ['192.168.99.11'],
      loadBalancerIPs: ['1.2.3.4'],
      externalTrafficPolicy: 'Local',
      healthCheckNodePort: 30000,
      endpoints: [readyEndpoint('10.180.0.1', 'node-b'), readyEndpoint('10.180.2.1', 'test-node')],
    }),
  ]),
  TestExternalTrafficPolicyCluster: node([
    serviceSpec({
      namespace: 'ns1',
      name: 'svc1',
      type: 'LoadBalancer',
      clusterIP: '172.30.0.41',
      ports: port(3001),
      externalIPs: ['192.168.99.11'],
      loadBalancerIPs: ['1.2.3.4'],
      endpoints: [readyEndpoint('10.180.0.1', 'node-b'), readyEndpoint('10.180.2.1', 'test-node')],
    }),
  ]),
  'TestInternalExternalMasquerade (base case: local detector by CIDR 10.0.0.0/8, masqueradeAll=false)': node(
    [1, 2, 3].map((n) =>
      serviceSpec({
        namespace: `ns${n}`,
        name: `svc${n}`,
        type: 'LoadBalancer',
        clusterIP: `172.30.0.4${n}`,
        ports: port(3000 + n),
        loadBalancerIPs: [['1.2.3.4', '5.6.7.8', '9.10.11.12'][n - 1] as string],
        externalTrafficPolicy: n === 2 ? 'Local' : 'Cluster',
        internalTrafficPolicy: n === 3 ? 'Local' : 'Cluster',
        endpoints: [readyEndpoint(`10.180.0.${n}`, 'test-node'), readyEndpoint(`10.180.1.${n}`, 'node-b')],
      }),
    ),
  ),
};
