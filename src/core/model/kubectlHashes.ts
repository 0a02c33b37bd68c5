import type { KubectlData, ServiceInfo, ServicePortInfo } from '../kubectl/types';
import { makeServicePortName } from './comments';
import { endpointString, portProtoHash, servicePortEndpointChainName } from './hash';
import type { ServicePortName } from './kubeTypes';
import { endpointsOf } from './link';
import type { Owner } from './owners';
import { sepEndpoint } from './owners';
import { chainHash, chainRole } from './ruleFacts';
import type { Chain, ChainId } from './ruleset';

/**
 * Owners recomputed from kubectl Services for chains no comment explains: kube-proxy drops
 * comments on KUBE-SEP chains and SVC→SEP rules above `largeClusterEndpointsThreshold` endpoints
 * (proxier.go `appendServiceCommentLocked`), and users paste `iptables-save` through filters.
 * Each Service port's candidate names are hashed exactly as kube-proxy does; only chains that
 * exist are claimed, so a wrong guess can never invent an owner.
 */

/** The ServicePortName texts a kubectl port may have been printed as. */
export function candidateNames(
  namespace: string,
  service: ServiceInfo,
  port: ServicePortInfo,
  knownPortNames: ReadonlySet<string>,
): ServicePortName[] {
  // Tables never show port names: single-port Services are usually unnamed (printed "ns/svc",
  // or "ns/svc:" before ServicePortName.String() learnt fmtPortName); other names come from the dump.
  const names = port.name !== null ? [port.name] : ['', ...knownPortNames];
  const out: ServicePortName[] = [];
  for (const n of names) {
    if (n) out.push(makeServicePortName(namespace, service.name, `:${n}`));
    else
      out.push(
        makeServicePortName(namespace, service.name),
        makeServicePortName(namespace, service.name, ':'),
      );
  }
  return out;
}

/** Port names the dump's comments use for each `ns/svc`. */
function portNamesByService(owners: ReadonlyMap<ChainId, Owner>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const o of owners.values()) {
    const key = `${o.name.namespace}/${o.name.service}`;
    const set = out.get(key) ?? new Set<string>();
    if (o.name.portName) set.add(o.name.portName);
    out.set(key, set);
  }
  return out;
}

/** Namespaces to try for a Service printed without one: those the dump names, then `default`. */
function namespacesFor(service: ServiceInfo, owners: ReadonlyMap<ChainId, Owner>): string[] {
  if (service.namespace !== null) return [service.namespace];
  const set = new Set<string>();
  for (const o of owners.values()) if (o.name.service === service.name) set.add(o.name.namespace);
  set.add('default');
  return [...set];
}

/** Returns chain id → owner for unowned hashed chains whose name a kubectl Service port hashes to. */
export function kubectlHashOwners(
  hashed: readonly Chain[],
  owners: ReadonlyMap<ChainId, Owner>,
  kubectl: KubectlData,
): Map<ChainId, ServicePortName> {
  const unownedByHash = new Map<string, Chain[]>();
  const unownedSepByEndpoint = new Map<string, Chain[]>();
  for (const chain of hashed) {
    if (owners.has(chain.id)) continue;
    if (chainRole(chain.name) === 'sep') {
      const ep = sepEndpoint(chain);
      if (ep !== null) unownedSepByEndpoint.set(ep, [...(unownedSepByEndpoint.get(ep) ?? []), chain]);
    } else {
      const h = chainHash(chain.name) as string;
      unownedByHash.set(h, [...(unownedByHash.get(h) ?? []), chain]);
    }
  }
  const result = new Map<ChainId, ServicePortName>();
  if (unownedByHash.size === 0 && unownedSepByEndpoint.size === 0) return result;
  const portNames = portNamesByService(owners);
  for (const service of kubectl.services) {
    for (const namespace of namespacesFor(service, owners)) {
      const known = portNames.get(`${namespace}/${service.name}`) ?? new Set<string>();
      const endpoints = endpointsOf(kubectl, { ...service, namespace });
      for (const port of service.ports) {
        const proto = port.protocol.toLowerCase();
        for (const name of candidateNames(namespace, service, port, known)) {
          for (const chain of unownedByHash.get(portProtoHash(name.text, proto)) ?? [])
            result.set(chain.id, name);
          for (const addr of endpoints?.addresses ?? []) {
            if (addr.port === null) continue;
            const ep = endpointString(addr.ip, addr.port);
            for (const chain of unownedSepByEndpoint.get(ep) ?? []) {
              if (servicePortEndpointChainName(name.text, proto, ep) === chain.name)
                result.set(chain.id, name);
            }
          }
        }
      }
    }
  }
  return result;
}
