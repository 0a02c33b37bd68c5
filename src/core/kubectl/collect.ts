import type { EndpointAddress, EndpointsInfo, PodInfo, ServiceInfo, ServicePortInfo } from './types';

/**
 * What the readers collect before merging: Services with how much they tell, and endpoint
 * pieces with where they came from (Endpoints vs EndpointSlice), so that `mergeCollected` can
 * prefer slices and dedupe. Kept in parallel arrays: a piece is already the EndpointsInfo the
 * merge returns when nothing else names its Service (no wrapper object per row).
 */
export interface Collected {
  readonly services: ServiceInfo[];
  /** Per Service: true for JSON/YAML objects (they carry names, targetPorts, policies); false for table rows. */
  readonly servicesRich: boolean[];
  readonly pieces: EndpointsInfo[];
  readonly piecesFrom: EndpointsFrom[];
  /** Per piece: true for JSON/YAML objects (port names, readiness, pods); false for table rows. */
  readonly piecesRich: boolean[];
  /**
   * Per slice piece (by index into `pieces`): the slice's ports, for Services inferred from
   * slices alone (a slice without endpoints still shows its ports).
   */
  readonly slicePorts: Map<number, readonly ServicePortInfo[]>;
  readonly pods: PodInfo[];
  /** Per pod: true for JSON/YAML objects (podIPs, hostNetwork, conditions); false for table rows. */
  readonly podsRich: boolean[];
  readonly formats: Set<'table' | 'json' | 'yaml'>;
}

export type EndpointsFrom = 'endpoints' | 'slice';

/** A fresh accumulator for one `parseKubectl` run. */
export function emptyCollected(): Collected {
  return {
    services: [],
    servicesRich: [],
    pieces: [],
    piecesFrom: [],
    piecesRich: [],
    slicePorts: new Map(),
    pods: [],
    podsRich: [],
    formats: new Set(),
  };
}

export function addService(out: Collected, info: ServiceInfo, rich: boolean): void {
  out.services.push(info);
  out.servicesRich.push(rich);
}

/** Adds an endpoints piece; a slice passes its ports (`[]` when it has none). */
export function addPiece(
  out: Collected,
  piece: EndpointsInfo,
  from: EndpointsFrom,
  rich: boolean,
  ports?: readonly ServicePortInfo[],
): void {
  if (ports && ports.length > 0) out.slicePorts.set(out.pieces.length, ports);
  out.pieces.push(piece);
  out.piecesFrom.push(from);
  out.piecesRich.push(rich);
}

export function addPod(out: Collected, pod: PodInfo, rich: boolean): void {
  out.pods.push(pod);
  out.podsRich.push(rich);
}

/** An address with everything the input did not say left unknown (`null`). */
export function endpointAddress(
  ip: string,
  fields: Partial<Omit<EndpointAddress, 'ip'>> = {},
): EndpointAddress {
  return {
    ip,
    port: fields.port ?? null,
    portName: fields.portName ?? null,
    protocol: fields.protocol ?? null,
    pod: fields.pod ?? null,
    nodeName: fields.nodeName ?? null,
    ready: fields.ready ?? true,
    serving: fields.serving ?? null,
    terminating: fields.terminating ?? null,
  };
}
