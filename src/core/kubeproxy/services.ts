import type { KubectlData, ServiceInfo, ServicePortInfo } from '../kubectl';
import { endpointString } from './hash';
import type { KubeProxyModel } from './kubeTypes';
import { endpointChainOf, endpointsOf, linkServicePort } from './link';

/**
 * The Services view the CLI prints (`services` command) and the UI lists: kubectl's Services with
 * their endpoints and, given a dump's model, kube-proxy's chains for each port.
 * Wire format (CLI JSON): add fields, never rename.
 */

export interface DescribedEndpoint {
  readonly ip: string;
  readonly port: number | null;
  readonly pod: string | null;
}

export interface DescribedChains {
  readonly svc: string | null;
  readonly svl: string | null;
  readonly ext: string | null;
  readonly fw: string | null;
  readonly xlb: string | null;
  readonly seps: readonly { readonly chain: string; readonly endpoint: string | null }[];
}

export interface DescribedPort {
  readonly name: string | null;
  readonly port: number;
  readonly nodePort: number | null;
  readonly protocol: string;
  readonly endpoints: readonly DescribedEndpoint[];
  /** `null` without a dump, or when the dump has no chain for this port. */
  readonly chains: DescribedChains | null;
}

export interface DescribedService {
  readonly namespace: string | null;
  readonly name: string;
  readonly type: string;
  readonly clusterIPs: readonly string[];
  readonly externalIPs: readonly string[];
  readonly loadBalancerIPs: readonly string[];
  readonly ports: readonly DescribedPort[];
}

export interface ServicesDescription {
  readonly services: readonly DescribedService[];
}

/**
 * Describes kubectl's Services. Endpoints are those of the port when kubectl says which (json/yaml:
 * port name, or the same port number as a KUBE-SEP of this port), else every address of the Service
 * (tables list `ip:port` pairs flat). Chains are filled only with a `model`.
 * @returns `{ services: [...] }` in kubectl's order.
 */
export function describeServices(kubectl: KubectlData, model?: KubeProxyModel): ServicesDescription {
  return { services: kubectl.services.map((s) => describeService(kubectl, s, model)) };
}

function describeService(
  kubectl: KubectlData,
  service: ServiceInfo,
  model?: KubeProxyModel,
): DescribedService {
  const eps = endpointsOf(kubectl, service);
  return {
    namespace: service.namespace,
    name: service.name,
    type: service.type,
    clusterIPs: service.clusterIPs,
    externalIPs: service.externalIPs,
    loadBalancerIPs: service.loadBalancerIPs,
    ports: service.ports.map((port) => describePort(service, port, eps, model)),
  };
}

function describePort(
  service: ServiceInfo,
  port: ServicePortInfo,
  eps: ReturnType<typeof endpointsOf>,
  model?: KubeProxyModel,
): DescribedPort {
  const sp = model ? linkServicePort(model, service, port) : null;
  const seps =
    sp && model
      ? sp.seps.map((chain) => ({
          chain,
          endpoint: endpointChainOf(model, chain)?.endpoint ?? null,
        }))
      : [];
  const sepEndpoints = new Set(seps.map((s) => s.endpoint));
  let addresses = eps?.addresses ?? [];
  const named = addresses.filter((a) => a.portName !== null);
  if (port.name !== null && named.length > 0) addresses = addresses.filter((a) => a.portName === port.name);
  else if (service.ports.length > 1 && sepEndpoints.size > 0) {
    // Flat table lists of a multi-port Service: keep the addresses this port's KUBE-SEPs DNAT to.
    addresses = addresses.filter((a) => a.port !== null && sepEndpoints.has(endpointString(a.ip, a.port)));
  }
  return {
    name: port.name,
    port: port.port,
    nodePort: port.nodePort,
    protocol: port.protocol,
    endpoints: addresses.map((a) => ({ ip: a.ip, port: a.port, pod: a.pod })),
    chains: sp
      ? {
          svc: sp.chains.svc,
          svl: sp.chains.svl,
          ext: sp.chains.ext,
          fw: sp.chains.fw,
          xlb: sp.chains.xlb,
          seps,
        }
      : null,
  };
}
