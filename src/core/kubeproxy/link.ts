import type { EndpointsInfo, KubectlData, ServiceInfo, ServicePortInfo } from '../kubectl';
import type { EndpointChain, KubeProxyModel, KubeServicePort } from './kubeTypes';

/**
 * Joins kubectl Services to the Service ports found in the dump. kubectl tables never show port
 * names, so a port is matched by name when known, else by (port, protocol) as the cluster-IP rule
 * writes it, else by nodePort, else — one port on each side — by elimination.
 */

// Indexes per model / kubectl value, so joining n Services stays linear (models are immutable).
const portsByService = new WeakMap<KubeProxyModel, Map<string, KubeServicePort[]>>();
const sepsByChain = new WeakMap<KubeProxyModel, Map<string, EndpointChain>>();
const endpointsByService = new WeakMap<KubectlData, Map<string, EndpointsInfo[]>>();

function group<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** The KUBE-SEP description of a chain name. */
export function endpointChainOf(model: KubeProxyModel, chain: string): EndpointChain | undefined {
  let index = sepsByChain.get(model);
  if (!index) {
    index = new Map(model.endpoints.map((e) => [e.chain, e]));
    sepsByChain.set(model, index);
  }
  return index.get(chain);
}

/** Whether a dump Service port belongs to a kubectl Service (namespace may be unknown in kubectl). */
function sameService(sp: KubeServicePort, service: ServiceInfo): boolean {
  return (
    sp.name.service === service.name &&
    (service.namespace === null || sp.name.namespace === service.namespace)
  );
}

/** The dump's Service ports of a kubectl Service, preferring those whose cluster IP agrees. */
export function servicePortsOf(model: KubeProxyModel, service: ServiceInfo): KubeServicePort[] {
  let index = portsByService.get(model);
  if (!index) {
    index = group(model.servicePorts, (sp) => sp.name.service);
    portsByService.set(model, index);
  }
  const all = (index.get(service.name) ?? []).filter((sp) => sameService(sp, service));
  if (service.namespace !== null) return all;
  // Without a namespace, Services of the same name in two namespaces are told apart by cluster IP.
  const byIp = all.filter((sp) => sp.clusterIPs.some((ip) => service.clusterIPs.includes(ip)));
  return byIp.length > 0 ? byIp : all;
}

/** The dump's Service port for one kubectl port, or `null`. */
export function linkServicePort(
  model: KubeProxyModel,
  service: ServiceInfo,
  port: ServicePortInfo,
): KubeServicePort | null {
  const candidates = servicePortsOf(model, service);
  if (candidates.length === 0) return null;
  if (port.name !== null) return candidates.find((c) => c.name.portName === port.name) ?? null;
  const proto = port.protocol.toLowerCase();
  const sameProto = candidates.filter((c) => c.protocol === null || c.protocol === proto);
  const byPort = sameProto.find((c) => c.port === port.port);
  if (byPort) return byPort;
  if (port.nodePort !== null) {
    const byNodePort = sameProto.find((c) => c.nodePorts.includes(port.nodePort as number));
    if (byNodePort) return byNodePort;
  }
  if (service.ports.length === 1 && sameProto.length === 1) return sameProto[0] ?? null;
  return null;
}

/** The kubectl Endpoints of a Service, or `undefined`. */
export function endpointsOf(kubectl: KubectlData, service: ServiceInfo): EndpointsInfo | undefined {
  let index = endpointsByService.get(kubectl);
  if (!index) {
    index = group(kubectl.endpoints, (e) => e.service);
    endpointsByService.set(kubectl, index);
  }
  return (index.get(service.name) ?? []).find(
    (e) =>
      e.service === service.name &&
      (e.namespace === null || service.namespace === null || e.namespace === service.namespace),
  );
}
