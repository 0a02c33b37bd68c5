import {
  type ClusterSpec,
  type EndpointSpec,
  type PortSpec,
  readyEndpoint,
  serviceSpec,
} from '../../../src/sim/spec';
import type { TopologyPlan } from '../harness/topology';
import type { Flow } from './flows';

/**
 * A hand-written cluster covering every Service shape the kernel suite must see, generated to rules
 * by `generateIptablesSave` and checked against kube-proxy semantics written out below as flows
 * (the expectations are ours, from proxier.go's rules and the Service API docs, not the generator's).
 * Addresses: node 192.168.0.10, pods in 10.0.0.0/8 (local detector), Service IPs 10.96.0.0/16,
 * LoadBalancer / external IPs in 198.18.0.0/15 (benchmarking range), external clients in
 * TEST-NET-3 (203.0.113.2 inside the 203.0.113.0/25 source range, 203.0.113.130 outside).
 */
const NODE = 'kpe-node';
const REMOTE = 'other-node';
const NODE_IP = '192.168.0.10';
const CLIENT_POD = '10.2.0.2';
const EXT_OK = '203.0.113.2';
const EXT_BLOCKED = '203.0.113.130';

const tcp = (port: number, targetPort: number, nodePort: number | null = null, name = ''): PortSpec => ({
  name,
  port,
  protocol: 'TCP',
  nodePort,
  targetPort,
});
const eps = (node: string, ...ips: string[]): EndpointSpec[] => ips.map((ip) => readyEndpoint(ip, node));

export function conformanceSpec(): ClusterSpec {
  return {
    nodeName: NODE,
    nodeIPs: [NODE_IP],
    podCIDR: '10.0.0.0/8',
    clusterCIDR: '10.96.0.0/16',
    masqueradeBit: 14,
    masqueradeAll: false,
    localhostNodePorts: true,
    nfacct: false,
    conntrackTCPLiberal: false,
    randomFully: false,
    services: [
      serviceSpec({
        namespace: 'kpe',
        name: 'web',
        clusterIP: '10.96.0.10',
        ports: [tcp(80, 8080)],
        endpoints: eps(REMOTE, '10.1.0.1', '10.1.0.2', '10.1.0.3'),
      }),
      serviceSpec({
        namespace: 'kpe',
        name: 'dns',
        clusterIP: '10.96.0.11',
        ports: [
          { name: 'dns', port: 53, protocol: 'UDP', nodePort: null, targetPort: 5353 },
          { name: 'dns-tcp', port: 53, protocol: 'TCP', nodePort: null, targetPort: 5353 },
        ],
        endpoints: eps(REMOTE, '10.1.0.4', '10.1.0.5'),
      }),
      serviceSpec({
        namespace: 'kpe',
        name: 'shop',
        type: 'NodePort',
        clusterIP: '10.96.0.12',
        ports: [tcp(80, 8080, 30080)],
        endpoints: eps(REMOTE, '10.1.0.6', '10.1.0.7'),
      }),
      serviceSpec({
        namespace: 'kpe',
        name: 'pay',
        type: 'LoadBalancer',
        clusterIP: '10.96.0.13',
        ports: [tcp(443, 8443, 30443)],
        loadBalancerIPs: ['198.18.0.1'],
        loadBalancerSourceRanges: ['203.0.113.0/25'],
        endpoints: eps(REMOTE, '10.1.0.8', '10.1.0.9'),
      }),
      serviceSpec({
        namespace: 'kpe',
        name: 'edge',
        type: 'LoadBalancer',
        clusterIP: '10.96.0.14',
        ports: [tcp(80, 8080, 30081)],
        loadBalancerIPs: ['198.18.0.2'],
        externalIPs: ['198.18.0.3'],
        externalTrafficPolicy: 'Local',
        healthCheckNodePort: 30082,
        endpoints: [...eps(NODE, '10.0.0.10'), ...eps(REMOTE, '10.1.0.10')],
      }),
      serviceSpec({
        namespace: 'kpe',
        name: 'batch',
        type: 'NodePort',
        clusterIP: '10.96.0.15',
        ports: [tcp(80, 8080, 30083)],
        externalTrafficPolicy: 'Local',
        endpoints: eps(REMOTE, '10.1.0.11', '10.1.0.12'),
      }),
      serviceSpec({
        namespace: 'kpe',
        name: 'legacy',
        clusterIP: '10.96.0.16',
        ports: [tcp(80, 8080)],
        externalIPs: ['198.18.0.4'],
        endpoints: eps(REMOTE, '10.1.0.13', '10.1.0.14'),
      }),
      serviceSpec({
        namespace: 'kpe',
        name: 'sticky',
        clusterIP: '10.96.0.17',
        ports: [tcp(80, 8080)],
        sessionAffinity: 'ClientIP',
        endpoints: eps(REMOTE, '10.1.0.15', '10.1.0.16', '10.1.0.17'),
      }),
      serviceSpec({ namespace: 'kpe', name: 'empty', clusterIP: '10.96.0.18', ports: [tcp(80, 8080)] }),
      serviceSpec({
        namespace: 'kpe',
        name: 'empty-np',
        type: 'NodePort',
        clusterIP: '10.96.0.19',
        ports: [tcp(80, 8080, 30084)],
      }),
      serviceSpec({
        namespace: 'kpe',
        name: 'self',
        clusterIP: '10.96.0.20',
        ports: [tcp(80, 8080)],
        endpoints: eps(REMOTE, '10.1.0.20'),
      }),
    ],
  };
}

/**
 * Endpoints share a few pod namespaces (8 addresses each, to keep processes few); every client pod
 * has a namespace of its own. Why: a reply from an endpoint to a client in the same namespace is
 * delivered locally and never meets the node's conntrack, so it is not un-DNATed (the very reason
 * kube-proxy masquerades hairpin traffic). `clients` are the pod addresses that originate traffic.
 */
export function podGroups(endpoints: readonly string[], clients: readonly string[]): string[][] {
  const rest = [...new Set(endpoints)].filter((ip) => !clients.includes(ip));
  const groups = clients.map((c) => [c]);
  for (let i = 0; i < rest.length; i += 8) groups.push(rest.slice(i, i + 8));
  return groups;
}

export function conformancePlan(spec: ClusterSpec): TopologyPlan {
  const endpoints = spec.services.flatMap((s) => s.endpoints.map((e) => e.ip));
  const clients = [...new Set(conformanceFlows().map((fl) => fl.sourceIP))].filter((ip) =>
    ip.startsWith('10.'),
  );
  return {
    nodeIp: spec.nodeIPs[0]!,
    extGateway: '192.168.0.1',
    extClients: [EXT_OK, EXT_BLOCKED],
    pods: podGroups(endpoints, clients),
  };
}

/** Each endpoint listens on every target port its Services send it (TCP/UDP; SCTP is not served). */
export function conformanceListeners(spec: ClusterSpec): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const s of spec.services) {
    for (const p of s.ports) {
      if (p.protocol === 'SCTP') continue;
      for (const e of s.endpoints) {
        const l = `${p.protocol.toLowerCase()}:${p.targetPort}`;
        const list = out.get(e.ip) ?? [];
        if (!list.includes(l)) list.push(l);
        out.set(e.ip, list);
      }
    }
  }
  return out;
}

const f = (
  name: string,
  src: string,
  dst: string,
  dport: number,
  endpoints: string[] | 'DROP' | 'REJECT',
  masq = false,
  protocol: Flow['protocol'] = 'tcp',
): Flow => ({
  name,
  sourceIP: src,
  destIP: dst,
  destPort: dport,
  protocol,
  expectedEndpoints: Array.isArray(endpoints) ? endpoints : [],
  expectedOutput: Array.isArray(endpoints) ? endpoints.join(', ') : endpoints,
  masq,
});

/**
 * An ICMP echo request (`ping`): every Service rule has `-p tcp/udp/sctp`, so none matches: no DNAT,
 * no KUBE-MARK-MASQ, so no masquerade; the packet is routed as addressed. `output`: `''` routed on
 * (forwarded, or out for the node's own), `ACCEPT` delivered to the node itself.
 */
const echo = (name: string, src: string, dst: string, output: '' | 'ACCEPT', echoReply: boolean): Flow => ({
  ...f(name, src, dst, 0, [], false, 'icmp'),
  expectedOutput: output,
  echoReply,
});

/**
 * kube-proxy semantics per scenario. masq: node or external sources to a ClusterIP are masqueraded
 * (`! -s podCIDR` in KUBE-SVC), external traffic to eTP=Cluster external destinations always
 * (KUBE-EXT "masquerade traffic for … external destinations"), eTP=Local never (source preserved),
 * hairpin always (`-s <endpoint>` in KUBE-SEP). The 'sticky' Service is checked separately.
 */
export function conformanceFlows(): Flow[] {
  const web = ['10.1.0.1:8080', '10.1.0.2:8080', '10.1.0.3:8080'];
  const pay = ['10.1.0.8:8443', '10.1.0.9:8443'];
  const shop = ['10.1.0.6:8080', '10.1.0.7:8080'];
  return [
    f('ClusterIP from a pod', CLIENT_POD, '10.96.0.10', 80, web),
    f('ClusterIP from the node', NODE_IP, '10.96.0.10', 80, web, true),
    f('ClusterIP from outside', EXT_OK, '10.96.0.10', 80, web, true),
    f('multi-port UDP port', CLIENT_POD, '10.96.0.11', 53, ['10.1.0.4:5353', '10.1.0.5:5353'], false, 'udp'),
    f('multi-port TCP port', CLIENT_POD, '10.96.0.11', 53, ['10.1.0.4:5353', '10.1.0.5:5353']),
    f('NodePort from outside', EXT_OK, NODE_IP, 30080, shop, true),
    f('NodePort from the node', NODE_IP, NODE_IP, 30080, shop, true),
    f('LoadBalancer IP from an allowed source', EXT_OK, '198.18.0.1', 443, pay, true),
    f(
      'LoadBalancer IP from a source outside loadBalancerSourceRanges',
      EXT_BLOCKED,
      '198.18.0.1',
      443,
      'DROP',
    ),
    f(
      'NodePort of a source-ranged LoadBalancer (ranges do not apply)',
      EXT_BLOCKED,
      NODE_IP,
      30443,
      pay,
      true,
    ),
    f('eTP Local LoadBalancer IP, local endpoint', EXT_OK, '198.18.0.2', 80, ['10.0.0.10:8080']),
    f('eTP Local external IP, local endpoint', EXT_OK, '198.18.0.3', 80, ['10.0.0.10:8080']),
    f('eTP Local NodePort, local endpoint', EXT_OK, NODE_IP, 30081, ['10.0.0.10:8080']),
    f('eTP Local LoadBalancer IP from a pod (short-circuit to all endpoints)', CLIENT_POD, '198.18.0.2', 80, [
      '10.0.0.10:8080',
      '10.1.0.10:8080',
    ]),
    f(
      'eTP Local NodePort from the node (LOCAL traffic to all endpoints)',
      NODE_IP,
      NODE_IP,
      30081,
      ['10.0.0.10:8080', '10.1.0.10:8080'],
      true,
    ),
    f('eTP Local NodePort without local endpoints', EXT_OK, NODE_IP, 30083, 'DROP'),
    f('eTP Local Service ClusterIP from a pod', CLIENT_POD, '10.96.0.15', 80, [
      '10.1.0.11:8080',
      '10.1.0.12:8080',
    ]),
    f(
      'externalIP (eTP Cluster) from outside',
      EXT_OK,
      '198.18.0.4',
      80,
      ['10.1.0.13:8080', '10.1.0.14:8080'],
      true,
    ),
    f('ClusterIP without endpoints', CLIENT_POD, '10.96.0.18', 80, 'REJECT'),
    f('NodePort without endpoints', EXT_OK, NODE_IP, 30084, 'REJECT'),
    f(
      'hairpin: the only endpoint to its own Service',
      '10.1.0.20',
      '10.96.0.20',
      80,
      ['10.1.0.20:8080'],
      true,
    ),
    echo(
      'ICMP echo to a ClusterIP from a pod (no Service rule matches)',
      CLIENT_POD,
      '10.96.0.10',
      '',
      false,
    ),
    echo('ICMP echo to a ClusterIP from the node (not masqueraded)', NODE_IP, '10.96.0.10', '', false),
    echo(
      'ICMP echo to the node IP from outside (addrtype LOCAL, delivered)',
      EXT_OK,
      NODE_IP,
      'ACCEPT',
      true,
    ),
    echo('ICMP echo to a pod IP (an endpoint) from a pod', CLIENT_POD, '10.1.0.1', '', true),
    echo(
      'ICMP echo to a ClusterIP without endpoints (its REJECT is TCP-only)',
      CLIENT_POD,
      '10.96.0.18',
      '',
      false,
    ),
    echo(
      'ICMP echo to a LoadBalancer IP from outside its source ranges (its DROP is TCP-only)',
      EXT_BLOCKED,
      '198.18.0.1',
      '',
      false,
    ),
  ];
}

/** The ClientIP-affinity Service: every connection from one client must reach one endpoint. */
export const STICKY = {
  dst: '10.96.0.17',
  dport: 80,
  endpoints: ['10.1.0.15:8080', '10.1.0.16:8080', '10.1.0.17:8080'],
  clients: [CLIENT_POD, EXT_OK, NODE_IP],
} as const;
