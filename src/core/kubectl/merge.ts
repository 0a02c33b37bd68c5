import { span } from '../text/span';
import type { DiagnosticSink } from './codes';
import type { Collected, EndpointsPiece, ServiceEntry } from './collect';
import type { EndpointAddress, EndpointsInfo, KubectlData, ServiceInfo } from './types';

const key = (namespace: string | null, name: string) => JSON.stringify([namespace, name]);

/**
 * Turns what the readers collected into `KubectlData`:
 * - one Service per namespace/name: a JSON/YAML object wins over a table row (it tells more),
 *   else the first; duplicates get an info diagnostic;
 * - one EndpointsInfo per Service, from its best sources only: objects over table rows, and
 *   EndpointSlices over Endpoints (kube-proxy programs rules from slices since 1.19); addresses
 *   deduplicated by ip, port, port name and protocol.
 * Order is the order of first appearance in the text.
 */
export function mergeCollected(text: string, collected: Collected, sink: DiagnosticSink): KubectlData {
  return {
    services: mergeServices(text, collected.services, sink),
    endpoints: mergeEndpoints(collected.pieces),
    formats: (['table', 'json', 'yaml'] as const).filter((f) => collected.formats.has(f)),
  };
}

function mergeServices(text: string, entries: readonly ServiceEntry[], sink: DiagnosticSink): ServiceInfo[] {
  const kept = new Map<string, ServiceEntry>();
  for (const entry of entries) {
    const k = key(entry.info.namespace, entry.info.name);
    const previous = kept.get(k);
    if (previous) {
      const end = text.indexOf('\n', entry.info.offset);
      const where = span(entry.info.offset, end === -1 ? text.length : end);
      const who = `${entry.info.namespace ?? '?'}/${entry.info.name}`;
      sink.report('kubectl/duplicate-service', `Service ${who} appears more than once.`, where);
      if (previous.rich || !entry.rich) continue;
    }
    kept.set(k, entry);
  }
  return [...kept.values()].map((e) => e.info);
}

/** Higher is better: objects over table rows, then slices over Endpoints. */
const rank = (p: EndpointsPiece) => (p.rich ? 2 : 0) + (p.from === 'slice' ? 1 : 0);

function mergeEndpoints(pieces: readonly EndpointsPiece[]): EndpointsInfo[] {
  const groups = new Map<string, EndpointsPiece[]>();
  for (const p of pieces) {
    const k = key(p.namespace, p.service);
    const group = groups.get(k);
    if (group) group.push(p);
    else groups.set(k, [p]);
  }
  return [...groups.values()].map((group) => {
    const best = Math.max(...group.map(rank));
    const chosen = group.filter((p) => rank(p) === best);
    const first = chosen[0] as EndpointsPiece;
    const seen = new Set<string>();
    const addresses: EndpointAddress[] = [];
    for (const a of chosen.flatMap((p) => p.addresses)) {
      const id = JSON.stringify([a.ip, a.port, a.portName, a.protocol]);
      if (seen.has(id)) continue;
      seen.add(id);
      addresses.push(a);
    }
    return {
      namespace: first.namespace,
      service: first.service,
      addresses,
      incomplete: chosen.some((p) => p.incomplete),
      hiddenCount: chosen.reduce((n, p) => n + p.hiddenCount, 0),
      offset: first.offset,
    };
  });
}
