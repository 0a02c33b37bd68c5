import type { KubectlData } from '../kubectl';
import { endpointHost } from '../kubeproxy';

/**
 * Where kubectl says the endpoints run: each endpoint IP's pod and node, and each Service's
 * endpoint IPs. Plain data (the worker sends it to the page; the CLI builds it itself). Only what
 * the pasted text says: an IP no pod has stays unnamed (kubectl/endpoint-pod-unknown), never guessed.
 */
export interface PodPlaces {
  /**
   * IP → pod: the Endpoints' targetRef, or the one live pasted pod with that IP (also without
   * Endpoints pasted: `kubectl get pod -o wide` alone names the DNAT targets).
   */
  readonly pods: Readonly<Record<string, string>>;
  /**
   * IP → node name: an endpoint's `nodeName`, a live pod's node by the pod's IP, a node by its
   * `hostIP`. A host-network pod's IP is its node's, so a node IP finds its node here too. An IP
   * the text puts on two nodes is left out.
   */
  readonly nodes: Readonly<Record<string, string>>;
  /** Service `ns/name` (`name` when the text has no namespace) → its endpoint IPs, as kubectl lists them. */
  readonly services: Readonly<Record<string, readonly string[]>>;
}

export const NO_PLACES: PodPlaces = { pods: {}, nodes: {}, services: {} };

/** Pods kubectl still lists with an IP the network may have given to a live pod since. */
const FINISHED = new Set(['Succeeded', 'Failed', 'Completed', 'Evicted']);

/** The places the kubectl text gives; `NO_PLACES` without one. Pure; never throws. */
export function podPlacesOf(kubectl: KubectlData | null): PodPlaces {
  if (kubectl === null) return NO_PLACES;
  const pods: Record<string, string> = {};
  const nodes = new Map<string, string | null>();
  const put = (ip: string | null, node: string | null) => {
    if (!ip || !node) return;
    const had = nodes.get(ip);
    nodes.set(ip, had === undefined || had === node ? node : null);
  };
  const services: Record<string, string[]> = {};
  for (const e of kubectl.endpoints) {
    const key = e.namespace === null ? e.service : `${e.namespace}/${e.service}`;
    const ips = services[key] ?? [];
    services[key] = ips;
    for (const a of e.addresses) {
      if (a.pod) pods[a.ip] = a.pod;
      put(a.ip, a.nodeName);
      if (!ips.includes(a.ip)) ips.push(a.ip);
    }
  }
  // Pods pasted without (or beyond) Endpoints: a live pod's IP is its own unless a host-network
  // pod shares it with others (then no pod is named: kubectl/pod-ip-shared).
  const byIp = new Map<string, string | null>();
  for (const p of kubectl.pods) {
    if (FINISHED.has(p.status ?? '')) continue;
    for (const ip of p.ips) {
      put(ip, p.nodeName);
      byIp.set(ip, byIp.has(ip) ? null : p.name);
    }
    put(p.hostIP, p.nodeName);
  }
  for (const [ip, pod] of byIp) if (pod !== null && pods[ip] === undefined) pods[ip] = pod;
  const nodeOf: Record<string, string> = {};
  for (const [ip, node] of nodes) if (node !== null) nodeOf[ip] = node;
  return { pods, nodes: nodeOf, services };
}

/** Every node the places name, sorted. */
export function nodeNamesOf(places: PodPlaces): string[] {
  return [...new Set(Object.values(places.nodes))].sort();
}

/**
 * The node this dump is from: the node whose IP (a pod's hostIP, a host-network pod's IP) is one
 * of `nodeIps` — the node IP of the packet form or inferred from the dump. Null when no pasted pod
 * says, or when the addresses point at different nodes.
 */
export function detectThisNode(places: PodPlaces, nodeIps: readonly string[]): string | null {
  const found = new Set(nodeIps.map((ip) => places.nodes[ip]).filter((n): n is string => !!n));
  return found.size === 1 ? ([...found][0] as string) : null;
}

export interface EndpointPlace {
  readonly pod: string | null;
  readonly node: string | null;
}

/** The pod and node of an `ip:port` (or bare IP) endpoint, or null when kubectl names neither. */
export function placeOf(places: PodPlaces | null | undefined, endpoint: string): EndpointPlace | null {
  if (!places) return null;
  const ip = endpointHost(endpoint);
  const pod = places.pods[ip] ?? null;
  const node = places.nodes[ip] ?? null;
  return pod === null && node === null ? null : { pod, node };
}

/** The endpoint IPs kubectl lists for Service `ns/name` (also found when the text had no namespace). */
export function serviceEndpointIps(places: PodPlaces, service: string): readonly string[] {
  const name = service.slice(service.indexOf('/') + 1);
  return places.services[service] ?? places.services[name] ?? [];
}
