import type { KubectlData, ServiceInfo, ServicePortInfo } from '../kubectl';
import { makeServicePortName } from './comments';
import { type AnalysisContext, type ChainFacts, cachedPortHash } from './context';
import { endpointString, isEndpointChainHash } from './hash';
import type { ServicePortName } from './kubeTypes';
import { endpointsOf } from './link';

/**
 * Owners recomputed from kubectl Services for chains no comment explains: kube-proxy drops
 * comments on KUBE-SEP chains and SVC→SEP rules above `largeClusterEndpointsThreshold` endpoints
 * (proxier.go `appendServiceCommentLocked`), and users paste `iptables-save` through filters.
 * Each Service port's candidate names are hashed exactly as kube-proxy does; only chains that
 * exist are claimed, so a wrong guess can never invent an owner.
 */

/** The ServicePortName texts a kubectl port may have been printed as. */
function candidateNames(
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
function portNamesByService(owned: readonly ChainFacts[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const f of owned) {
    const name = f.owner as ServicePortName;
    const key = `${name.namespace}/${name.service}`;
    const set = out.get(key) ?? new Set<string>();
    if (name.portName) set.add(name.portName);
    out.set(key, set);
  }
  return out;
}

/** Namespaces to try for a Service printed without one: those the dump names, then `default`. */
function namespacesFor(service: ServiceInfo, owned: readonly ChainFacts[]): string[] {
  if (service.namespace !== null) return [service.namespace];
  const set = new Set<string>();
  for (const f of owned) {
    const name = f.owner as ServicePortName;
    if (name.service === service.name) set.add(name.namespace);
  }
  set.add('default');
  return [...set];
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Returns owners for unowned hashed chains whose name a kubectl Service port hashes to. Hashes
 * only when some chain is unowned, and only the kinds of names that could own one.
 */
export function kubectlHashOwners(
  ctx: AnalysisContext,
  chains: readonly ChainFacts[],
  kubectl: KubectlData,
): Map<ChainFacts, ServicePortName> {
  const unownedByHash = new Map<string, ChainFacts[]>();
  const unownedSepByEndpoint = new Map<string, ChainFacts[]>();
  for (const f of chains) {
    if (f.owner || f.hash === null) continue;
    if (f.role === 'sep') {
      const ep = f.endpoint;
      if (ep !== null) push(unownedSepByEndpoint, ep, f);
    } else {
      push(unownedByHash, f.hash as string, f);
    }
  }
  const result = new Map<ChainFacts, ServicePortName>();
  if (unownedByHash.size === 0 && unownedSepByEndpoint.size === 0) return result;
  const owned = ctx.owned;
  const portNames = portNamesByService(owned);
  for (const service of kubectl.services) {
    for (const namespace of namespacesFor(service, owned)) {
      const known = portNames.get(`${namespace}/${service.name}`) ?? new Set<string>();
      const endpoints =
        unownedSepByEndpoint.size > 0 ? endpointsOf(kubectl, { ...service, namespace }) : undefined;
      for (const port of service.ports) {
        const proto = port.protocol.toLowerCase();
        for (const name of candidateNames(namespace, service, port, known)) {
          if (unownedByHash.size > 0)
            for (const f of unownedByHash.get(cachedPortHash(ctx, name.text, proto)) ?? [])
              result.set(f, name);
          for (const addr of endpoints?.addresses ?? []) {
            if (addr.port === null) continue;
            const ep = endpointString(addr.ip, addr.port);
            for (const f of unownedSepByEndpoint.get(ep) ?? []) {
              if (isEndpointChainHash(f.hash as string, name.text, proto, ep)) result.set(f, name);
            }
          }
        }
      }
    }
  }
  return result;
}
