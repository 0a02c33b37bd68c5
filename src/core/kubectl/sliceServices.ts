import { span } from '../text';
import type { DiagnosticSink } from './codes';
import type { Collected } from './collect';
import type { ServiceInfo, ServicePortInfo } from './types';

/**
 * Services named only by their EndpointSlices (`kubectl get endpointslices` pasted without
 * `get svc`). A slice names its Service (the `kubernetes.io/service-name` label; in tables its
 * name minus the generated suffix), so the Service exists; what the slice does not show stays
 * unknown: type `<unknown>`, no cluster IP, no policies. Its ports are the slice's, i.e. the
 * endpoints' ports, the Service's `targetPort`s (its own `port` may differ).
 *
 * A slice's Service is inferred only when no pasted Service could be in the slice's namespace:
 * where `get svc` covered the namespace and does not list it, the slice is an orphan (or the
 * paste is from another moment) and nothing is invented.
 */
export function inferSliceServices(
  text: string,
  collected: Collected,
  listed: readonly ServiceInfo[],
  sink: DiagnosticSink,
): ServiceInfo[] {
  const { pieces, piecesFrom, slicePorts } = collected;
  const namespaces = new Set(listed.map((s) => s.namespace));
  const covered = (ns: string | null) =>
    namespaces.has(null) || (ns === null ? listed.length > 0 : namespaces.has(ns));
  const inferred = new Map<string, { info: ServiceInfo; ports: ServicePortInfo[] }>();
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i];
    if (!p || piecesFrom[i] !== 'slice' || covered(p.namespace)) continue;
    const key = `${p.namespace ?? ''}/${p.service}`;
    let entry = inferred.get(key);
    if (!entry) {
      const ports: ServicePortInfo[] = [];
      entry = { info: serviceOf(p.namespace, p.service, p.offset, ports), ports };
      inferred.set(key, entry);
    }
    for (const port of slicePorts.get(i) ?? []) {
      const same = entry.ports.some(
        (q) => q.port === port.port && q.protocol === port.protocol && q.name === port.name,
      );
      if (!same) entry.ports.push(port);
    }
  }
  const out = [...inferred.values()].map((e) => e.info);
  const first = out[0];
  if (first) {
    const end = text.indexOf('\n', first.offset);
    const what = out.length === 1 ? `Service ${first.name} was` : `${out.length} Services were`;
    sink.report(
      'kubectl/services-from-slices',
      `${what} inferred from EndpointSlices (no \`kubectl get svc\` for their namespaces was pasted): type and cluster IP are unknown, and the ports are the endpoints’ ports (the Service’s own port may differ).`,
      span(first.offset, end === -1 ? text.length : end),
    );
  }
  return out;
}

function serviceOf(
  namespace: string | null,
  name: string,
  offset: number,
  ports: ServicePortInfo[],
): ServiceInfo {
  return {
    namespace,
    name,
    type: '<unknown>',
    clusterIPs: [],
    externalIPs: [],
    loadBalancerIPs: [],
    externalNames: [],
    externalTruncated: false,
    ports,
    sessionAffinity: null,
    externalTrafficPolicy: null,
    internalTrafficPolicy: null,
    selector: null,
    offset,
    inferredFrom: 'endpointslices',
  };
}
