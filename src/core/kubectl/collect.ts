import type { EndpointAddress, EndpointsInfo, ServiceInfo } from './types';

/**
 * What the readers collect before merging: Services with how much they tell, and endpoint
 * pieces with where they came from (Endpoints vs EndpointSlice), so that `mergeCollected` can
 * prefer slices and dedupe.
 */
export interface Collected {
  readonly services: ServiceEntry[];
  readonly pieces: EndpointsPiece[];
  readonly formats: Set<'table' | 'json' | 'yaml'>;
}

export interface ServiceEntry {
  readonly info: ServiceInfo;
  /** True for JSON/YAML objects (they carry names, targetPorts, policies); false for table rows. */
  readonly rich: boolean;
}

export interface EndpointsPiece extends EndpointsInfo {
  readonly from: 'endpoints' | 'slice';
  /** True for JSON/YAML objects (port names, readiness, pods); false for table rows. */
  readonly rich: boolean;
}

/** A fresh accumulator for one `parseKubectl` run. */
export function emptyCollected(): Collected {
  return { services: [], pieces: [], formats: new Set() };
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
