import type { EndpointAddress, EndpointsInfo, ServiceInfo } from './types';

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
  readonly formats: Set<'table' | 'json' | 'yaml'>;
}

export type EndpointsFrom = 'endpoints' | 'slice';

/** A fresh accumulator for one `parseKubectl` run. */
export function emptyCollected(): Collected {
  return { services: [], servicesRich: [], pieces: [], piecesFrom: [], piecesRich: [], formats: new Set() };
}

export function addService(out: Collected, info: ServiceInfo, rich: boolean): void {
  out.services.push(info);
  out.servicesRich.push(rich);
}

export function addPiece(out: Collected, piece: EndpointsInfo, from: EndpointsFrom, rich: boolean): void {
  out.pieces.push(piece);
  out.piecesFrom.push(from);
  out.piecesRich.push(rich);
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
