import { sortedServices } from './kubectlText';
import type { ClusterSpec, EndpointSpec, ServiceSpec } from './spec';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** kubectl's JSON printer sorts object keys (it round-trips through map[string]interface{}). */
function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: { [key: string]: Json } = {};
  for (const key of Object.keys(value).sort()) out[key] = sortKeys(value[key] as Json);
  return out;
}

function uid(kind: number, index: number): string {
  return `00000000-0000-4000-${kind}000-${index.toString(16).padStart(12, '0')}`;
}

function meta(svc: ServiceSpec, kind: number, index: number, extra: { [key: string]: Json } = {}): Json {
  return {
    creationTimestamp: '2025-01-01T10:00:00Z',
    name: svc.name,
    namespace: svc.namespace,
    resourceVersion: String(kind * 10000 + index),
    uid: uid(kind, index),
    ...extra,
  };
}

function serviceJson(svc: ServiceSpec, index: number): Json {
  const external = svc.type !== 'ClusterIP';
  const spec: { [key: string]: Json } = {
    clusterIP: svc.clusterIP,
    clusterIPs: [svc.clusterIP],
    internalTrafficPolicy: svc.internalTrafficPolicy,
    ipFamilies: ['IPv4'],
    ipFamilyPolicy: 'SingleStack',
    ports: svc.ports.map((p) => ({
      ...(p.name ? { name: p.name } : {}),
      ...(p.nodePort ? { nodePort: p.nodePort } : {}),
      port: p.port,
      protocol: p.protocol,
      targetPort: p.targetPort,
    })),
    selector: { app: svc.name },
    sessionAffinity: svc.sessionAffinity,
    type: svc.type,
  };
  if (external) spec.externalTrafficPolicy = svc.externalTrafficPolicy;
  if (svc.type === 'LoadBalancer') spec.allocateLoadBalancerNodePorts = true;
  if (svc.externalIPs.length > 0) spec.externalIPs = [...svc.externalIPs];
  if (svc.loadBalancerSourceRanges.length > 0)
    spec.loadBalancerSourceRanges = [...svc.loadBalancerSourceRanges];
  if (
    svc.healthCheckNodePort !== null &&
    svc.type === 'LoadBalancer' &&
    svc.externalTrafficPolicy === 'Local'
  ) {
    spec.healthCheckNodePort = svc.healthCheckNodePort;
  }
  if (svc.sessionAffinity === 'ClientIP') {
    spec.sessionAffinityConfig = { clientIP: { timeoutSeconds: svc.sessionAffinityTimeout } };
  }
  const ingress = svc.type === 'LoadBalancer' ? svc.loadBalancerIPs.map((ip) => ({ ip, ipMode: 'VIP' })) : [];
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: meta(svc, 8, index),
    spec,
    status: { loadBalancer: ingress.length > 0 ? { ingress } : {} },
  };
}

function address(svc: ServiceSpec, ep: EndpointSpec, index: number): Json {
  return {
    ip: ep.ip,
    ...(ep.nodeName ? { nodeName: ep.nodeName } : {}),
    ...(ep.pod
      ? { targetRef: { kind: 'Pod', name: ep.pod, namespace: svc.namespace, uid: uid(9, index) } }
      : {}),
  };
}

/** v1 Endpoints: ready → addresses, not ready (and not terminating) → notReadyAddresses. */
function endpointsJson(svc: ServiceSpec, index: number): Json {
  const ready = svc.endpoints.filter((ep) => ep.ready && !ep.terminating);
  const notReady = svc.endpoints.filter((ep) => !ep.ready && !ep.terminating);
  const base = {
    apiVersion: 'v1',
    kind: 'Endpoints',
    metadata: meta(svc, 1, index, { labels: { app: svc.name } }),
  };
  if (ready.length + notReady.length === 0 || svc.ports.length === 0) return base;
  const subset: { [key: string]: Json } = {
    ports: svc.ports.map((p) => ({
      ...(p.name ? { name: p.name } : {}),
      port: p.targetPort,
      protocol: p.protocol,
    })),
  };
  if (ready.length > 0) subset.addresses = ready.map((ep) => address(svc, ep, index));
  if (notReady.length > 0) subset.notReadyAddresses = notReady.map((ep) => address(svc, ep, index));
  return { ...base, subsets: [subset] };
}

/** discovery/v1 EndpointSlice with conditions (what kube-proxy reads). */
function sliceJson(svc: ServiceSpec, index: number): Json {
  const name = `${svc.name}-${(index * 2654435761).toString(36).slice(-5)}`;
  const empty = svc.endpoints.length === 0;
  return {
    addressType: 'IPv4',
    apiVersion: 'discovery.k8s.io/v1',
    endpoints: empty
      ? null
      : svc.endpoints.map((ep) => ({
          addresses: [ep.ip],
          conditions: { ready: ep.ready, serving: ep.serving, terminating: ep.terminating },
          ...(ep.nodeName ? { nodeName: ep.nodeName } : {}),
          ...(ep.pod
            ? { targetRef: { kind: 'Pod', name: ep.pod, namespace: svc.namespace, uid: uid(9, index) } }
            : {}),
        })),
    kind: 'EndpointSlice',
    metadata: {
      ...(meta(svc, 2, index) as { [key: string]: Json }),
      name,
      generateName: `${svc.name}-`,
      labels: {
        'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
        'kubernetes.io/service-name': svc.name,
      },
    },
    ports: empty
      ? null
      : svc.ports.map((p) => ({
          ...(p.name ? { name: p.name } : { name: '' }),
          port: p.targetPort,
          protocol: p.protocol,
        })),
  };
}

/**
 * `kubectl get svc,ep,endpointslices -A -o json` for the spec: a `List` of Services, Endpoints and
 * EndpointSlices (keys sorted, 4-space indent, as kubectl prints). Newline-terminated.
 */
export function generateKubectlJson(spec: ClusterSpec): string {
  const services = sortedServices(spec);
  const items: Json[] = [
    ...services.map((s, i) => serviceJson(s, i + 1)),
    ...services.map((s, i) => endpointsJson(s, i + 1)),
    ...services.map((s, i) => sliceJson(s, i + 1)),
  ];
  const list = sortKeys({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } });
  return `${JSON.stringify(list, null, 4)}\n`;
}
