import type { PacketInput } from './pages/packet';
import { SEED_WEB_EXCERPT, WEB_KUBECTL, WEB_NAT_DUMP } from './scenarios';

/**
 * The packet journeys, as data: what the user pastes, the packet they send, and what they must
 * see. Addresses are the seed's (test/seeds/001): Service default/web, ClusterIP 10.104.247.10:80,
 * NodePort 31947 on node 192.168.231.121, endpoints 10.244.169.161/163/165:80.
 */
export interface TraceJourney {
  readonly name: string;
  readonly iptables: string;
  readonly kubectl: string;
  readonly packet: PacketInput;
  /** Chains the path must visit, in this order (a RegExp for "one of"). */
  readonly chainsInOrder: readonly (string | RegExp)[];
  /** The DNAT the path must show (one of). */
  readonly dnatTo: readonly string[];
  readonly masquerade: boolean;
  /** Effective shares the bars must read, in order. */
  readonly shares: readonly string[];
  readonly screenshot: string;
}

export const WEB_ENDPOINTS = ['10.244.169.161:80', '10.244.169.163:80', '10.244.169.165:80'] as const;
const WEB_SVC = 'KUBE-SVC-LOLE4ISW44XBNF3G';
const ANY_WEB_SEP = /^KUBE-SEP-(BJLXVQMD4VVYPI2H|HPW2WDDZQWHWFYBL|G4IDOWJQUQJ6MLO4)$/;
const THIRDS = ['33.3%', '33.3%', '33.3%'];

export const POD_TO_CLUSTER_IP: PacketInput = {
  origin: 'pod',
  src: '10.244.36.7',
  dst: '10.104.247.10',
  dport: 80,
  proto: 'tcp',
  nodeIp: '192.168.231.121',
};

export const TRACE_JOURNEYS: readonly TraceJourney[] = [
  {
    name: 'a pod sends to the web cluster IP: KUBE-SERVICES → KUBE-SVC → a KUBE-SEP → DNAT, a third each',
    iptables: WEB_NAT_DUMP,
    kubectl: WEB_KUBECTL,
    packet: POD_TO_CLUSTER_IP,
    chainsInOrder: ['PREROUTING', 'KUBE-SERVICES', WEB_SVC, ANY_WEB_SEP, 'POSTROUTING'],
    dnatTo: WEB_ENDPOINTS,
    masquerade: false,
    shares: THIRDS,
    screenshot: 'trace-pod-cluster-ip',
  },
  {
    name: 'a client outside sends to the NodePort on the node IP: KUBE-NODEPORTS, then masquerade',
    iptables: WEB_NAT_DUMP,
    kubectl: WEB_KUBECTL,
    packet: {
      origin: 'external',
      src: '203.0.113.7',
      dst: '192.168.231.121',
      dport: 31947,
      proto: 'tcp',
      nodeIp: '192.168.231.121',
    },
    chainsInOrder: [
      'PREROUTING',
      'KUBE-SERVICES',
      'KUBE-NODEPORTS',
      WEB_SVC,
      ANY_WEB_SEP,
      'KUBE-POSTROUTING',
    ],
    dnatTo: WEB_ENDPOINTS,
    masquerade: true,
    shares: THIRDS,
    screenshot: 'trace-external-nodeport',
  },
  {
    name: 'the seed’s own `iptables-save | grep web` excerpt (no table header) still traces',
    iptables: SEED_WEB_EXCERPT,
    kubectl: WEB_KUBECTL,
    packet: POD_TO_CLUSTER_IP,
    chainsInOrder: ['KUBE-SERVICES', WEB_SVC, ANY_WEB_SEP],
    dnatTo: WEB_ENDPOINTS,
    masquerade: false,
    shares: THIRDS,
    screenshot: 'trace-grep-excerpt',
  },
];
