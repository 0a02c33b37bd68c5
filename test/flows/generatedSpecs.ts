import {
  type ClusterSpec,
  type EndpointSpec,
  type PortSpec,
  readyEndpoint,
  type ServiceSpec,
  serviceSpec,
} from '../../src/sim/spec';

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

/** Endpoint conditions (discovery/v1) the per-case setups name. */
const servingTerminating = (ip: string, nodeName: string): EndpointSpec => ({
  ...readyEndpoint(ip, nodeName),
  ready: false,
  terminating: true,
});
const notServing = (ip: string, nodeName: string): EndpointSpec => ({
  ...servingTerminating(ip, nodeName),
  serving: false,
});

const unnamed80: PortSpec[] = [{ name: '', port: 80, protocol: 'TCP', nodePort: null, targetPort: 80 }];

/** TestInternalTrafficPolicy: ns1/svc1 ClusterIP 172.30.1.1, unnamed 80/TCP. */
const itp = (policy: 'Cluster' | 'Local', endpoints: EndpointSpec[]): ClusterSpec =>
  node([
    serviceSpec({
      namespace: 'ns1',
      name: 'svc1',
      clusterIP: '172.30.1.1',
      ports: unnamed80,
      internalTrafficPolicy: policy,
      endpoints,
    }),
  ]);

/** TestTerminatingEndpointsTrafficPolicyLocal: LoadBalancer eTP Local, LB 1.2.3.4, hcnp 30000, no nodePort. */
const terminatingLocal = (endpoints: EndpointSpec[]): ClusterSpec =>
  node([
    serviceSpec({
      namespace: 'ns1',
      name: 'svc1',
      type: 'LoadBalancer',
      clusterIP: '172.30.1.1',
      ports: unnamed80,
      loadBalancerIPs: ['1.2.3.4'],
      externalTrafficPolicy: 'Local',
      healthCheckNodePort: 30000,
      endpoints,
    }),
  ]);

/**
 * Groups whose setup changes per case (fixture `cases[].case` → spec). Endpoint placement and
 * conditions as the case texts (and proxier_test.go) give them.
 */
export const GENERATED_CASE_SPECS: Readonly<Record<string, Readonly<Record<string, ClusterSpec>>>> = {
  TestInternalTrafficPolicy: {
    'iTP Cluster; eps on test-node,node1,node2': itp('Cluster', [
      readyEndpoint('10.0.1.1', 'test-node'),
      readyEndpoint('10.0.1.2', 'node1'),
      readyEndpoint('10.0.1.3', 'node2'),
    ]),
    'iTP Local; one local endpoint (10.0.1.1)': itp('Local', [
      readyEndpoint('10.0.1.1', 'test-node'),
      readyEndpoint('10.0.1.2', 'node1'),
      readyEndpoint('10.0.1.3', 'node2'),
    ]),
    'iTP Local; local 10.0.1.1,10.0.1.2': itp('Local', [
      readyEndpoint('10.0.1.1', 'test-node'),
      readyEndpoint('10.0.1.2', 'test-node'),
      readyEndpoint('10.0.1.3', 'node2'),
    ]),
    'iTP Local; no local endpoints': itp('Local', [
      readyEndpoint('10.0.1.1', 'node0'),
      readyEndpoint('10.0.1.2', 'node1'),
      readyEndpoint('10.0.1.3', 'node2'),
    ]),
    'any, after endpoints deleted': itp('Local', []),
  },
  TestTerminatingEndpointsTrafficPolicyLocal: {
    'ready endpoints exist (10.0.1.1,10.0.1.2 local ready; 10.0.1.3 local serving+terminating; 10.0.1.4 local not serving; 10.0.1.5 remote ready)':
      terminatingLocal([
        readyEndpoint('10.0.1.1', 'test-node'),
        readyEndpoint('10.0.1.2', 'test-node'),
        servingTerminating('10.0.1.3', 'test-node'),
        notServing('10.0.1.4', 'test-node'),
        readyEndpoint('10.0.1.5', 'host-1'),
      ]),
    'only terminating endpoints exist locally (10.0.1.2,10.0.1.3 local serving+terminating; 10.0.1.4 local not serving; 10.0.1.5 remote ready)':
      terminatingLocal([
        servingTerminating('10.0.1.2', 'test-node'),
        servingTerminating('10.0.1.3', 'test-node'),
        notServing('10.0.1.4', 'test-node'),
        readyEndpoint('10.0.1.5', 'host-1'),
      ]),
    'terminating endpoints on remote node only (10.0.1.5 remote serving+terminating)': terminatingLocal([
      servingTerminating('10.0.1.5', 'host-1'),
    ]),
    'no usable endpoints on any node (all not serving)': terminatingLocal([
      notServing('10.0.1.1', 'test-node'),
      notServing('10.0.1.5', 'host-1'),
    ]),
  },
};
