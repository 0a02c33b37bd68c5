import type { Packet } from '../core/trace';
import { generateIptablesSave } from '../sim/generate';
import { generateKubectl } from '../sim/kubectlText';
import type { ClusterSpec } from '../sim/spec';
import { serviceSpec } from '../sim/spec';
import { cluster, http, LOCAL, NODE_IP, pod, REMOTE } from './specs';

/** The node's texts for a spec, generated (deterministic, so always consistent with the spec). */
export function texts(spec: ClusterSpec): { iptables: string; kubectl: string; nodeIps: string[] } {
  return {
    iptables: generateIptablesSave(spec, { flavour: 'iptables-save' }),
    kubectl: generateKubectl(spec),
    nodeIps: [...spec.nodeIPs],
  };
}

export const tcp = (origin: Packet['origin'], src: string, dst: string, dport: number): Packet => ({
  origin,
  src,
  dst,
  proto: 'tcp',
  sport: null,
  dport,
});

/** shop/cart: ClusterIP 10.96.120.15:80 → two pods (one here, one on node-b), targetPort 8080. */
export const CART = cluster([
  serviceSpec({
    namespace: 'shop',
    name: 'cart',
    clusterIP: '10.96.120.15',
    ports: http(80, 8080),
    endpoints: [pod('10.244.1.12', LOCAL, 'cart-7c9d5-x2k4p'), pod('10.244.2.7', REMOTE, 'cart-7c9d5-m8q1z')],
  }),
]);

/** shop/cart with a single pod, which then calls its own Service (hairpin). */
export const CART_SINGLE = cluster([
  serviceSpec({
    namespace: 'shop',
    name: 'cart',
    clusterIP: '10.96.120.15',
    ports: http(80, 8080),
    endpoints: [pod('10.244.1.12', LOCAL, 'cart-7c9d5-x2k4p')],
  }),
]);

/** shop/storefront: LoadBalancer 198.51.100.50:80 open only to 203.0.113.0/25. */
export const STOREFRONT = cluster([
  serviceSpec({
    namespace: 'shop',
    name: 'storefront',
    type: 'LoadBalancer',
    clusterIP: '10.96.200.20',
    ports: http(80, 8080, 30080),
    loadBalancerIPs: ['198.51.100.50'],
    loadBalancerSourceRanges: ['203.0.113.0/25'],
    endpoints: [
      pod('10.244.1.20', LOCAL, 'storefront-5f6b7-a1b2c'),
      pod('10.244.2.21', REMOTE, 'storefront-5f6b7-d3e4f'),
    ],
  }),
]);

/** shop/checkout: NodePort 30443, externalTrafficPolicy Local; `withLocal` puts one pod on this node. */
export function checkout(withLocal: boolean): ClusterSpec {
  const endpoints = withLocal
    ? [pod('10.244.1.15', LOCAL, 'checkout-6d8c9-k7l8m'), pod('10.244.2.9', REMOTE, 'checkout-6d8c9-n9p0q')]
    : [pod('10.244.2.9', REMOTE, 'checkout-6d8c9-n9p0q'), pod('10.244.2.10', REMOTE, 'checkout-6d8c9-r1s2t')];
  return cluster([
    serviceSpec({
      namespace: 'shop',
      name: 'checkout',
      type: 'NodePort',
      clusterIP: '10.96.33.40',
      ports: http(443, 8443, 30443),
      externalTrafficPolicy: 'Local',
      endpoints,
    }),
  ]);
}

/** shop/session: ClientIP session affinity (timeout 10800 s) over three pods. */
export const SESSION = cluster([
  serviceSpec({
    namespace: 'shop',
    name: 'session',
    clusterIP: '10.96.77.8',
    ports: http(80, 8080),
    sessionAffinity: 'ClientIP',
    endpoints: [
      pod('10.244.1.31', LOCAL, 'session-4b5c6-aaaaa'),
      pod('10.244.2.32', REMOTE, 'session-4b5c6-bbbbb'),
      pod('10.244.2.33', REMOTE, 'session-4b5c6-ccccc'),
    ],
  }),
]);

/** shop/search: selector matches no ready pod. */
export const SEARCH = cluster([
  serviceSpec({ namespace: 'shop', name: 'search', clusterIP: '10.96.50.5', ports: http(80, 8080) }),
]);

export { NODE_IP };
