import { span } from '../text/span';
import type { DiagnosticSink } from './codes';
import type { Collected, EndpointsPiece, ServiceEntry } from './collect';
import type { EndpointAddress, EndpointsInfo, KubectlData, ServiceInfo } from './types';

/**
 * Turns what the readers collected into `KubectlData`:
 * - one Service per namespace/name: a JSON/YAML object wins over a table row (it tells more),
 *   else the first; duplicates get an info diagnostic;
 * - one EndpointsInfo per Service, from its best sources only: objects over table rows, and
 *   EndpointSlices over Endpoints (kube-proxy programs rules from slices since 1.19); addresses
 *   deduplicated by ip, port, port name and protocol.
 * Order is the order of first appearance in the text. Linear: keys are looked up in nested maps
 * (namespace, then name), nothing is serialised per item.
 */
export function mergeCollected(text: string, collected: Collected, sink: DiagnosticSink): KubectlData {
  return {
    services: mergeServices(text, collected.services, sink),
    endpoints: mergeEndpoints(collected.pieces),
    formats: (['table', 'json', 'yaml'] as const).filter((f) => collected.formats.has(f)),
  };
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

function mergeServices(text: string, entries: readonly ServiceEntry[], sink: DiagnosticSink): ServiceInfo[] {
  const kept = new ByName<ServiceEntry>();
  for (const entry of entries) {
    const at = kept.find(entry.info.namespace, entry.info.name);
    if (at === -1) {
      kept.add(entry.info.namespace, entry.info.name, entry);
      continue;
    }
    const previous = kept.values[at] as ServiceEntry;
    const end = text.indexOf('\n', entry.info.offset);
    const where = span(entry.info.offset, end === -1 ? text.length : end);
    const who = `${entry.info.namespace ?? '?'}/${entry.info.name}`;
    sink.report('kubectl/duplicate-service', `Service ${who} appears more than once.`, where);
    if (previous.rich || !entry.rich) continue;
    kept.values[at] = entry;
  }
  return kept.values.map((e) => e.info);
}

/** Higher is better: objects over table rows, then slices over Endpoints. */
const rank = (p: EndpointsPiece) => (p.rich ? 2 : 0) + (p.from === 'slice' ? 1 : 0);

function mergeEndpoints(pieces: readonly EndpointsPiece[]): EndpointsInfo[] {
  const groups = new ByName<EndpointsPiece[]>();
  for (const p of pieces) {
    const at = groups.find(p.namespace, p.service);
    if (at === -1) groups.add(p.namespace, p.service, [p]);
    else (groups.values[at] as EndpointsPiece[]).push(p);
  }
  return groups.values.map((group) => {
    let best = -Infinity;
    for (const p of group) best = Math.max(best, rank(p));
    const chosen = group.length === 1 ? group : group.filter((p) => rank(p) === best);
    const first = chosen[0] as EndpointsPiece;
    let incomplete = false;
    let hiddenCount = 0;
    for (const p of chosen) {
      incomplete ||= p.incomplete;
      hiddenCount += p.hiddenCount;
    }
    return {
      namespace: first.namespace,
      service: first.service,
      addresses: uniqueAddresses(chosen),
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
function uniqueAddresses(chosen: readonly EndpointsPiece[]): EndpointAddress[] {
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
  const only = chosen.length === 1 ? (chosen[0] as EndpointsPiece).addresses : null;
  if (only !== null && only.length === addresses.length) return only as EndpointAddress[];
  return addresses.slice();
}
