import { tabwrite } from '../core/text';
import type { ClusterSpec, ServiceSpec } from './spec';

/** kubectl's EXTERNAL-IP clip width for LoadBalancer ingress (printers.go `loadBalancerWidth`). */
const LOAD_BALANCER_WIDTH = 16;

/** printers.go `getServiceExternalIP` (not wide): LB ingress (sorted, clipped) then externalIPs. */
function externalIPCell(svc: ServiceSpec): string {
  if (svc.type !== 'LoadBalancer') return svc.externalIPs.length > 0 ? svc.externalIPs.join(',') : '<none>';
  let lb = [...new Set(svc.loadBalancerIPs)].sort().join(',');
  if (lb.length > LOAD_BALANCER_WIDTH) lb = `${lb.slice(0, LOAD_BALANCER_WIDTH - 3)}...`;
  const all = [...(lb ? lb.split(',') : []), ...svc.externalIPs];
  return all.length > 0 ? all.join(',') : '<pending>';
}

/** printers.go `makePortString`: `80/TCP`, `80:30080/TCP`. */
function portsCell(svc: ServiceSpec): string {
  return svc.ports
    .map((p) => (p.nodePort ? `${p.port}:${p.nodePort}/${p.protocol}` : `${p.port}/${p.protocol}`))
    .join(',');
}

/**
 * printers.go `formatEndpoints` over the v1 Endpoints the controller writes: ready addresses only
 * (terminating pods are left out, not-ready ones go to notReadyAddresses), ports outer, addresses
 * inner, at most 3 then ` + N more...`; `<none>` without subsets.
 */
function endpointsCell(svc: ServiceSpec): string {
  const listed = svc.endpoints.filter((ep) => !ep.terminating);
  if (listed.length === 0 || svc.ports.length === 0) return '<none>';
  const ready = listed.filter((ep) => ep.ready).map((ep) => ep.ip);
  ready.sort();
  const list: string[] = [];
  let count = 0;
  for (const port of svc.ports) {
    count += ready.length;
    for (const ip of ready) {
      if (list.length === 3) break;
      list.push(`${ip}:${port.targetPort}`);
    }
  }
  const text = list.join(',');
  return count > 3 ? `${text} + ${count - 3} more...` : text;
}

/** The API server lists objects in etcd key order: namespace, then name. */
export function sortedServices(spec: ClusterSpec): ServiceSpec[] {
  const key = (s: ServiceSpec) => `${s.namespace}/${s.name}`;
  return [...spec.services].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

export interface KubectlTextOptions {
  /** The AGE column (kubectl prints a duration; fixed for reproducible output). */
  readonly age?: string;
}

/**
 * `kubectl get svc,ep -A` for the spec: the Service table, a blank line, the Endpoints table
 * (kubectl get.go prints one table per kind with `kind/name` names). Newline-terminated.
 */
export function generateKubectl(spec: ClusterSpec, options: KubectlTextOptions = {}): string {
  const age = options.age ?? '5d';
  const svcRows = [['NAMESPACE', 'NAME', 'TYPE', 'CLUSTER-IP', 'EXTERNAL-IP', 'PORT(S)', 'AGE']];
  const epRows = [['NAMESPACE', 'NAME', 'ENDPOINTS', 'AGE']];
  for (const svc of sortedServices(spec)) {
    svcRows.push([
      svc.namespace,
      `service/${svc.name}`,
      svc.type,
      svc.clusterIP,
      externalIPCell(svc),
      portsCell(svc),
      age,
    ]);
    epRows.push([svc.namespace, `endpoints/${svc.name}`, endpointsCell(svc), age]);
  }
  return `${tabwrite(svcRows)}\n\n${tabwrite(epRows)}\n`;
}
