import { formatIpv4, ipv4Value } from '../core/net';
import { mulberry32, type Prng } from './prng';
import type { ClusterSpec, EndpointSpec, PortSpec, ServiceSpec, ServiceType, SpecProtocol } from './spec';

export interface RandomClusterOptions {
  readonly services: number;
  readonly seed: number;
  /** Nodes endpoints are spread over (default 10); node 0 is the spec's own node. */
  readonly nodes?: number;
  /** Name of this node (default `node-0`). */
  readonly nodeName?: string;
  readonly nfacct?: boolean;
  readonly randomFully?: boolean;
}

const NAMESPACES = [
  'default',
  'kube-system',
  'shop',
  'payments',
  'monitoring',
  'ingress',
  'search',
  'team-a',
  'team-b',
];
const WORDS = [
  'web',
  'api',
  'cart',
  'auth',
  'db',
  'cache',
  'queue',
  'grafana',
  'search',
  'mail',
  'media',
  'billing',
];
const PORTS: readonly (readonly [string, number, SpecProtocol, number])[] = [
  ['http', 80, 'TCP', 8080],
  ['https', 443, 'TCP', 8443],
  ['grpc', 9090, 'TCP', 9090],
  ['metrics', 9100, 'TCP', 9100],
  ['dns', 53, 'UDP', 53],
  ['dns-tcp', 53, 'TCP', 53],
  ['syslog', 514, 'UDP', 5514],
  ['sctp-sig', 3868, 'SCTP', 3868],
];
const SOURCE_RANGES = ['203.0.113.0/25', '198.51.100.0/24', '192.0.2.0/24', '10.0.0.0/8'];

/** Sequential allocators for the address and port spaces of one cluster. */
class Allocator {
  private clusterIP = ipv4Value('10.96.0.10') as number;
  private publicIP = ipv4Value('198.18.0.1') as number;
  private nodePort = 30000;
  private readonly podCount: number[];
  constructor(nodes: number) {
    this.podCount = new Array<number>(nodes).fill(0);
  }
  nextClusterIP(): string {
    return formatIpv4(this.clusterIP++);
  }
  nextPublicIP(): string {
    return formatIpv4(this.publicIP++);
  }
  /** 30000–32767, then the wider range big clusters configure (20000–29999). */
  nextNodePort(): number {
    const port = this.nodePort++;
    if (this.nodePort === 32768) this.nodePort = 20000;
    return port;
  }
  /** Node i's pods live in 10.i.0.0/16 (inside the 10.0.0.0/8 local-detector CIDR). */
  nextPodIP(node: number): string {
    const n = ++this.podCount[node]!;
    return formatIpv4(((10 << 24) | (node << 16)) + n + Math.floor(n / 255));
  }
}

function randomPorts(rng: Prng, alloc: Allocator, withNodePort: boolean): PortSpec[] {
  const count = rng.weighted([
    [1, 35],
    [2, 37],
    [3, 17],
    [4, 11],
  ] as const);
  const first = rng.int(0, PORTS.length - 1);
  const ports: PortSpec[] = [];
  for (let i = 0; i < count; i++) {
    const [name, port, protocol, targetPort] = PORTS[(first + i) % PORTS.length]!;
    ports.push({
      name: count === 1 && rng.chance(0.4) ? '' : name,
      port,
      protocol,
      nodePort: withNodePort ? alloc.nextNodePort() : null,
      targetPort,
    });
  }
  return ports;
}

function randomEndpoints(rng: Prng, alloc: Allocator, nodes: number, app: string): EndpointSpec[] {
  if (rng.chance(0.05)) return [];
  const count = rng.weighted([
    [1, 8],
    [2, 12],
    [3, 14],
    [4, 10],
    [5, 10],
    [6, 10],
    [8, 14],
    [10, 22],
  ] as const);
  const out: EndpointSpec[] = [];
  for (let i = 0; i < count; i++) {
    const node = rng.int(0, nodes - 1);
    const state = rng.weighted([
      ['ready', 94],
      ['not-ready', 3],
      ['terminating', 3],
    ] as const);
    out.push({
      ip: alloc.nextPodIP(node),
      nodeName: `node-${node}`,
      ready: state === 'ready',
      serving: state !== 'not-ready',
      terminating: state === 'terminating',
      pod: `${app}-${(i * 7919 + count).toString(36).padStart(5, 'x')}`,
    });
  }
  return out;
}

/**
 * A seeded, realistic cluster: about 70% ClusterIP, 15% NodePort, 15% LoadBalancer; 1–4 ports
 * (some UDP, a little SCTP); 1–10 endpoints (about 5 on average) spread over the nodes (5% none, some not ready or
 * terminating); eTP Local on ~40% of NodePort/LoadBalancer Services; ClientIP affinity on 5%;
 * source ranges on 20% of LoadBalancers; a few external IPs and iTP Local. Same options → same spec.
 */
export function randomClusterSpec(options: RandomClusterOptions): ClusterSpec {
  const rng = mulberry32(options.seed);
  const nodes = Math.max(1, options.nodes ?? 10);
  const alloc = new Allocator(nodes);
  const services: ServiceSpec[] = [];
  for (let i = 0; i < options.services; i++) {
    const type = rng.weighted<ServiceType>([
      ['ClusterIP', 70],
      ['NodePort', 15],
      ['LoadBalancer', 15],
    ]);
    const external = type !== 'ClusterIP';
    const name = `${rng.pick(WORDS)}-${i}`;
    const eTPLocal = external && rng.chance(0.4);
    services.push({
      namespace: rng.pick(NAMESPACES),
      name,
      type,
      clusterIP: alloc.nextClusterIP(),
      ports: randomPorts(rng, alloc, external),
      externalIPs: rng.chance(type === 'ClusterIP' ? 0.03 : 0.05) ? [alloc.nextPublicIP()] : [],
      loadBalancerIPs: type === 'LoadBalancer' ? [alloc.nextPublicIP()] : [],
      loadBalancerSourceRanges: type === 'LoadBalancer' && rng.chance(0.2) ? [rng.pick(SOURCE_RANGES)] : [],
      externalTrafficPolicy: eTPLocal ? 'Local' : 'Cluster',
      internalTrafficPolicy: rng.chance(0.02) ? 'Local' : 'Cluster',
      sessionAffinity: rng.chance(0.05) ? 'ClientIP' : 'None',
      sessionAffinityTimeout: rng.chance(0.5) ? 10800 : rng.int(60, 3600),
      healthCheckNodePort: type === 'LoadBalancer' && eTPLocal ? alloc.nextNodePort() : null,
      endpoints: randomEndpoints(rng, alloc, nodes, name),
    });
  }
  return {
    nodeName: options.nodeName ?? 'node-0',
    nodeIPs: ['192.168.0.10'],
    podCIDR: '10.0.0.0/8',
    clusterCIDR: '10.96.0.0/12',
    masqueradeBit: 14,
    masqueradeAll: false,
    localhostNodePorts: true,
    nfacct: options.nfacct ?? false,
    conntrackTCPLiberal: false,
    randomFully: options.randomFully ?? false,
    services,
  };
}
