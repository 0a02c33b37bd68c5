import { span } from '../text';
import type { DiagnosticSink } from './codes';
import type { Collected } from './collect';
import { linkPods } from './podLinks';
import { inferSliceServices } from './sliceServices';
import type { EndpointAddress, EndpointsInfo, KubectlData, PodInfo, ServiceInfo } from './types';

/**
 * Turns what the readers collected into `KubectlData`:
 * - one Service per namespace/name: a JSON/YAML object wins over a table row (it tells more),
 *   else the first; duplicates get an info diagnostic;
 * - one EndpointsInfo per Service, from its best sources only: objects over table rows, and
 *   EndpointSlices over Endpoints (kube-proxy programs rules from slices since 1.19); addresses
 *   deduplicated by ip, port, port name and protocol.
 * - Services named only by EndpointSlices are inferred (sliceServices.ts), after the listed ones;
 * - pods deduplicated as Services are, and endpoint addresses given their pod and node from
 *   them where the Endpoints did not say (podLinks.ts).
 * Order is the order of first appearance in the text. Linear: keys are looked up in nested maps
 * (namespace, then name), nothing is serialised per item.
 */
export function mergeCollected(text: string, collected: Collected, sink: DiagnosticSink): KubectlData {
  const services = mergeServices(text, collected, sink);
  const pods = mergePods(collected);
  return {
    services: [...services, ...inferSliceServices(text, collected, services, sink)],
    endpoints: linkPods(text, mergeEndpoints(collected), pods, sink),
    pods,
    formats: (['table', 'json', 'yaml'] as const).filter((f) => collected.formats.has(f)),
  };
}

/** One pod per namespace/name: an object over a table row (podIPs, hostNetwork), else the first. */
function mergePods(collected: Collected): PodInfo[] {
  const kept = new ByName<number>();
  const { pods, podsRich } = collected;
  for (let i = 0; i < pods.length; i++) {
    const pod = pods[i] as PodInfo;
    const at = kept.find(pod.namespace, pod.name);
    if (at === -1) kept.add(pod.namespace, pod.name, i);
    else if (podsRich[i] && !podsRich[kept.values[at] as number]) kept.values[at] = i;
  }
  return kept.values.map((i) => pods[i] as PodInfo);
}

/** Values by (namespace, name), in order of first appearance. */
class ByName<T> {
  private readonly index = new Map<string | null, Map<string, number>>();
  readonly values: T[] = [];

  /** The position of the key, or -1. */
  find(namespace: string | null, name: string): number {
    return this.index.get(namespace)?.get(name) ?? -1;
  }

  add(namespace: string | null, name: string, value: T): void {
    let names = this.index.get(namespace);
    if (!names) {
      names = new Map();
      this.index.set(namespace, names);
    }
    names.set(name, this.values.length);
    this.values.push(value);
  }
}

function mergeServices(text: string, collected: Collected, sink: DiagnosticSink): ServiceInfo[] {
  const kept = new ByName<number>();
  const { services, servicesRich } = collected;
  for (let i = 0; i < services.length; i++) {
    const info = services[i] as ServiceInfo;
    const at = kept.find(info.namespace, info.name);
    if (at === -1) {
      kept.add(info.namespace, info.name, i);
      continue;
    }
    const previous = kept.values[at] as number;
    const end = text.indexOf('\n', info.offset);
    const where = span(info.offset, end === -1 ? text.length : end);
    const who = `${info.namespace ?? '?'}/${info.name}`;
    sink.report('kubectl/duplicate-service', `Service ${who} appears more than once.`, where);
    if (servicesRich[previous] || !servicesRich[i]) continue;
    kept.values[at] = i;
  }
  return kept.values.map((i) => services[i] as ServiceInfo);
}

function mergeEndpoints(collected: Collected): EndpointsInfo[] {
  const { pieces, piecesFrom, piecesRich } = collected;
  /** Higher is better: objects over table rows, then slices over Endpoints. */
  const rank = (i: number) => (piecesRich[i] ? 2 : 0) + (piecesFrom[i] === 'slice' ? 1 : 0);
  const groups = new ByName<number[] | number>();
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i] as EndpointsInfo;
    const at = groups.find(p.namespace, p.service);
    if (at === -1) groups.add(p.namespace, p.service, i);
    else {
      const g = groups.values[at] as number[] | number;
      if (typeof g === 'number') groups.values[at] = [g, i];
      else g.push(i);
    }
  }
  return groups.values.map((group) => {
    const indices = typeof group === 'number' ? [group] : group;
    let best = -Infinity;
    for (const i of indices) best = Math.max(best, rank(i));
    const chosen = indices.filter((i) => rank(i) === best).map((i) => pieces[i] as EndpointsInfo);
    const first = chosen[0] as EndpointsInfo;
    let incomplete = false;
    let hiddenCount = 0;
    for (const p of chosen) {
      incomplete ||= p.incomplete;
      hiddenCount += p.hiddenCount;
    }
    const addresses = uniqueAddresses(chosen);
    // A Service named by one piece without repeated addresses: that piece is the result.
    if (chosen.length === 1 && addresses === first.addresses) return first;
    return {
      namespace: first.namespace,
      service: first.service,
      addresses,
      incomplete,
      hiddenCount,
      offset: first.offset,
    };
  });
}

/** A port as JSON.stringify compares it: non-finite numbers print as `null`. */
function portKey(port: number | null): number | null {
  return typeof port === 'number' && !Number.isFinite(port) ? null : port;
}

/** Same ip, port, port name and protocol (the fields an address is deduplicated by). */
function sameAddress(a: EndpointAddress, b: EndpointAddress): boolean {
  return (
    a.ip === b.ip &&
    portKey(a.port) === portKey(b.port) &&
    a.portName === b.portName &&
    a.protocol === b.protocol
  );
}

/**
 * The pieces' addresses without repeats, first occurrence kept. A single piece without repeats
 * keeps its own list; short lists are compared pairwise, long ones through a map by ip.
 */
function uniqueAddresses(chosen: readonly EndpointsInfo[]): EndpointAddress[] {
  let total = 0;
  for (const p of chosen) total += p.addresses.length;
  const addresses: EndpointAddress[] = [];
  const byIp = total > 16 ? new Map<string, EndpointAddress[]>() : null;
  for (const p of chosen) {
    for (const a of p.addresses) {
      if (byIp === null) {
        if (addresses.some((b) => sameAddress(a, b))) continue;
      } else {
        const same = byIp.get(a.ip);
        if (same?.some((b) => sameAddress(a, b))) continue;
        if (same) same.push(a);
        else byIp.set(a.ip, [a]);
      }
      addresses.push(a);
    }
  }
  const only = chosen.length === 1 ? (chosen[0] as EndpointsInfo).addresses : null;
  if (only !== null && only.length === addresses.length) return only as EndpointAddress[];
  return addresses.slice();
}
