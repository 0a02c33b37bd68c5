import { isIP, isObjectName, parsePortNumber } from './addresses';
import {
  isNothing,
  readClusterIpCell,
  readExternalIpCell,
  readPortsCell,
  splitHostPort,
  splitItems,
  splitMore,
} from './cellValues';
import type { DiagnosticSink } from './codes';
import { type Collected, type EndpointsPiece, endpointAddress } from './collect';
import type { Cell } from './tableCells';
import { REQUIRED_COLUMNS, type TableKind } from './tableHeader';
import type { EndpointAddress } from './types';

/** A row's cells by column name (`NAME`, `PORT(S)`, …). */
export type Row = ReadonlyMap<string, Cell>;

export interface RowContext {
  /** From the NAMESPACE column's absence: the `-n` of the pasted command, else unknown. */
  readonly namespace: string | null;
  readonly sink: DiagnosticSink;
  readonly out: Collected;
}

/** `service/web`, `endpoints/web`, `endpointslice.discovery.k8s.io/web-x7k2p` → the name. */
export function objectNameOf(cell: Cell | undefined): string | null {
  if (!cell) return null;
  const name = cell.text.slice(cell.text.lastIndexOf('/') + 1);
  return isObjectName(name) ? name : null;
}

/**
 * Whether a line split into these cells can be a row of this table: a valid name (and
 * namespace), the required cells, and a key cell of the expected shape. Prose or iptables lines pasted right under
 * a table fail this and end the table instead of becoming bogus Services.
 */
export function isPlausibleRow(kind: TableKind, row: Row): boolean {
  if (objectNameOf(row.get('NAME')) === null) return false;
  // A short row (cells missing at the end) must still have every cell the readers need.
  if (kind !== 'other' && !REQUIRED_COLUMNS[kind].every((c) => row.has(c))) return false;
  const ns = row.get('NAMESPACE');
  if (ns && !isObjectName(ns.text)) return false;
  const key = (name: string, shape: RegExp) => shape.test(row.get(name)?.text ?? '');
  if (kind === 'services') return key('TYPE', /^[A-Z][A-Za-z]*$|^<unknown>$/);
  if (kind === 'endpoints') return key('ENDPOINTS', /^(<none>|\[|[0-9A-Fa-f]+[.:])/);
  if (kind === 'endpointslices') return key('ADDRESSTYPE', /^(IPv4|IPv6|FQDN)$/);
  return true;
}

function namespaceOf(row: Row, ctx: RowContext): string | null {
  return row.get('NAMESPACE')?.text ?? ctx.namespace;
}

/** A `get svc` row → ServiceInfo (tables never show port names, policies, targetPorts). */
export function readServiceRow(row: Row, offset: number, ctx: RowContext): void {
  const type = row.get('TYPE')?.text ?? 'ClusterIP';
  const clusterIP = row.get('CLUSTER-IP');
  const external = row.get('EXTERNAL-IP');
  const ports = row.get('PORT(S)');
  const selector = row.get('SELECTOR');
  const ext = external ? readExternalIpCell(external, type, ctx.sink) : null;
  // ExternalName: getServiceExternalIP prints spec.externalName in this column.
  const externalNames = ext?.externalNames ?? [];
  ctx.out.services.push({
    rich: false,
    info: {
      namespace: namespaceOf(row, ctx),
      name: objectNameOf(row.get('NAME')) as string,
      type,
      clusterIPs: clusterIP ? readClusterIpCell(clusterIP, ctx.sink) : [],
      externalIPs: ext?.externalIPs ?? [],
      loadBalancerIPs: ext?.loadBalancerIPs ?? [],
      externalNames,
      externalTruncated: ext?.externalTruncated ?? false,
      ports: ports ? readPortsCell(ports, ctx.sink) : [],
      sessionAffinity: null,
      externalTrafficPolicy: null,
      internalTrafficPolicy: null,
      selector: selector && !isNothing(selector) ? selector.text : null,
      offset,
    },
  });
}

/** Splits `list + N more...`, warning that the list is incomplete. */
function truncation(cell: Cell, sink: DiagnosticSink): { list: Cell; hidden: number | null } {
  const more = splitMore(cell);
  if (more.hidden !== null) {
    const message = `kubectl shows only the first endpoints; ${more.hidden} more are hidden. Paste \`kubectl get endpointslices -o json\` for all of them.`;
    sink.report('kubectl/endpoints-truncated', message, cell);
  }
  return more;
}

/**
 * A `get ep` row → the Service's endpoints. formatEndpoints lists only ready `addresses`
 * (never notReadyAddresses), as `ip:port` pairs without port names.
 */
export function readEndpointsRow(row: Row, offset: number, ctx: RowContext): void {
  const cell = row.get('ENDPOINTS') as Cell;
  const { list, hidden } = truncation(cell, ctx.sink);
  const addresses: EndpointAddress[] = [];
  if (!isNothing(list)) {
    for (const item of splitItems(list)) {
      const hp = splitHostPort(item.text);
      if (hp) addresses.push(endpointAddress(hp.ip, { port: hp.port, ready: true }));
      else ctx.sink.report('kubectl/bad-endpoint', `"${item.text}" is not ip:port.`, item);
    }
  }
  ctx.out.pieces.push(piece(row, offset, ctx, 'endpoints', addresses, hidden));
}

function piece(
  row: Row,
  offset: number,
  ctx: RowContext,
  from: EndpointsPiece['from'],
  addresses: EndpointAddress[],
  hidden: number | null,
  service = objectNameOf(row.get('NAME')) as string,
): EndpointsPiece {
  const namespace = namespaceOf(row, ctx);
  const incomplete = hidden !== null;
  return { namespace, service, addresses, incomplete, hiddenCount: hidden ?? 0, offset, from, rich: false };
}

/** kube's generateName suffix: 5 characters of utilrand's alphabet (no vowels, no 0/1/3). */
const SLICE_SUFFIX = /-[bcdfghjklmnpqrstvwxz2456789]{5}$/;

/**
 * A `get endpointslices` row. The row names the slice, not the Service: the endpointslice
 * controller names slices `<service>-<5 random>` (generateName), so the suffix is stripped; the
 * caller reports that inference once per table. Addresses × ports, as the slice means.
 */
export function readSliceRow(row: Row, offset: number, ctx: RowContext): void {
  const name = objectNameOf(row.get('NAME')) as string;
  const type = row.get('ADDRESSTYPE')?.text;
  if (type === 'FQDN') {
    ctx.sink.report(
      'kubectl/fqdn-slice',
      'kube-proxy ignores FQDN EndpointSlices.',
      row.get('ADDRESSTYPE') as Cell,
    );
    return;
  }
  const ports = readSlicePorts(row.get('PORTS') as Cell, ctx.sink);
  const { list, hidden } = truncation(row.get('ENDPOINTS') as Cell, ctx.sink);
  const addresses: EndpointAddress[] = [];
  if (!isNothing(list)) {
    for (const item of splitItems(list)) {
      if (!isIP(item.text)) {
        ctx.sink.report('kubectl/bad-endpoint', `"${item.text}" is not an address.`, item);
        continue;
      }
      if (ports.length === 0) addresses.push(endpointAddress(item.text));
      for (const p of ports) addresses.push(endpointAddress(item.text, p));
    }
  }
  const service = name.replace(SLICE_SUFFIX, '');
  ctx.out.pieces.push(piece(row, offset, ctx, 'slice', addresses, hidden, service));
}

/** `PORTS`: numbers, or the port's name when it has no number, `*` for neither. */
function readSlicePorts(
  cell: Cell,
  sink: DiagnosticSink,
): { port: number | null; portName: string | null }[] {
  const { list, hidden } = splitMore(cell);
  if (hidden !== null) sink.report('kubectl/endpoints-truncated', `${hidden} more ports are hidden.`, cell);
  if (isNothing(list)) return [];
  return splitItems(list).map((item) => {
    const port = parsePortNumber(item.text);
    if (port !== null || item.text === '*') return { port, portName: null };
    if (!isObjectName(item.text)) sink.report('kubectl/bad-port', `"${item.text}" is not a port.`, item);
    return { port: null, portName: item.text };
  });
}
