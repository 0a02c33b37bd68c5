import { isIP, isObjectName, isObjectNameAt, parsePortNumber } from './addresses';
import {
  exact,
  isNothing,
  readClusterIpCell,
  readExternalIpCell,
  readPortsCell,
  splitHostPort,
  splitItems,
  splitMore,
} from './cellValues';
import type { DiagnosticSink } from './codes';
import { addPiece, addService } from './collect';
import type { Cell } from './tableCells';
import { fastClusterIPs, fastEndpoints, fastPorts, isNothingAt } from './tableFast';
import { REQUIRED_COLUMNS, type TableKind } from './tableHeader';
import { nameStart, namespaceOf, type Row, type RowContext, rowName } from './tableNames';
import { isPodRow } from './tablePods';
import type { EndpointAddress, EndpointsInfo } from './types';

const UNKNOWN = '<unknown>';

/** `^[A-Z][A-Za-z]*$|^<unknown>$`: a Service type as printService writes it. */
function isTypeWord(row: Row, i: number): boolean {
  const text = row.text;
  const start = row.start(i);
  const end = row.end(i);
  if (row.is(i, UNKNOWN)) return true;
  const first = text.charCodeAt(start);
  if (start >= end || first < 65 || first > 90) return false;
  for (let k = start + 1; k < end; k++) {
    const c = text.charCodeAt(k);
    if (!((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) return false;
  }
  return true;
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/** `^(<none>|\[|[0-9A-Fa-f]+[.:])`: what formatEndpoints starts a cell with. */
function isEndpointsStart(row: Row, i: number): boolean {
  const text = row.text;
  const start = row.start(i);
  const end = row.end(i);
  // Empty: subsets without a ready address (only read by offsets, see RowCells.mayBeEmpty).
  if (start === end && i !== -1) return true;
  if (text.startsWith('<none>', start) && start + 6 <= end) return true;
  if (start < end && text.charCodeAt(start) === 91) return true;
  let k = start;
  while (k < end && isHex(text.charCodeAt(k))) k++;
  const c = text.charCodeAt(k);
  return k > start && k < end && (c === 46 || c === 58);
}

/**
 * Whether a line split into these cells can be a row of this table: a valid name (and
 * namespace), the required cells, and a key cell of the expected shape. Prose or iptables lines pasted right under
 * a table fail this and end the table instead of becoming bogus Services.
 */
export function isPlausibleRow(kind: TableKind, row: Row): boolean {
  if (nameStart(row, row.col('NAME')) === -1) return false;
  // A short row (cells missing at the end) must still have every cell the readers need.
  if (kind !== 'other' && !REQUIRED_COLUMNS[kind].every((c) => row.col(c) !== -1)) return false;
  const ns = row.col('NAMESPACE');
  if (ns !== -1 && !isObjectNameAt(row.text, row.start(ns), row.end(ns))) return false;
  if (kind === 'services') return isTypeWord(row, row.col('TYPE'));
  if (kind === 'endpoints') return isEndpointsStart(row, row.col('ENDPOINTS'));
  if (kind === 'endpointslices') {
    const t = row.col('ADDRESSTYPE');
    return t !== -1 && (row.is(t, 'IPv4') || row.is(t, 'IPv6') || row.is(t, 'FQDN'));
  }
  if (kind === 'pods') return isPodRow(row);
  return true;
}

const TYPES = ['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'];

/** The TYPE cell, sharing the four type names. */
function typeOf(row: Row): string {
  const i = row.col('TYPE');
  if (i === -1) return 'ClusterIP';
  for (const t of TYPES) if (row.is(i, t)) return t;
  return row.textOf(i);
}

/** A `get svc` row → ServiceInfo (tables never show port names, policies, targetPorts). */
export function readServiceRow(row: Row, offset: number, ctx: RowContext): void {
  const type = typeOf(row);
  const text = row.text;
  const ci = row.col('CLUSTER-IP');
  const ei = row.col('EXTERNAL-IP');
  const pi = row.col('PORT(S)');
  const selector = row.cell(row.col('SELECTOR'));
  // The plain shapes are read in place; anything else (and every diagnostic) by cellValues.ts.
  const noExternal = ei === -1 || isNothingAt(text, row.start(ei), row.end(ei)) || row.is(ei, '<pending>');
  const ext = noExternal ? null : readExternalIpCell(row.cell(ei) as Cell, type, ctx.sink);
  const fastIPs = ci === -1 ? [] : fastClusterIPs(text, row.start(ci), row.end(ci));
  // ExternalName: getServiceExternalIP prints spec.externalName in this column.
  const externalNames = ext?.externalNames ?? [];
  addService(
    ctx.out,
    {
      namespace: namespaceOf(row, ctx),
      name: rowName(row),
      type,
      clusterIPs: fastIPs ?? readClusterIpCell(row.cell(ci) as Cell, ctx.sink),
      externalIPs: ext?.externalIPs ?? [],
      loadBalancerIPs: ext?.loadBalancerIPs ?? [],
      externalNames,
      externalTruncated: ext?.externalTruncated ?? false,
      ports:
        pi === -1
          ? []
          : (fastPorts(text, row.start(pi), row.end(pi)) ?? readPortsCell(row.cell(pi) as Cell, ctx.sink)),
      sessionAffinity: null,
      externalTrafficPolicy: null,
      internalTrafficPolicy: null,
      selector: selector && !isNothing(selector) ? selector.text : null,
      offset,
    },
    false,
  );
}

const TRUNCATED = (hidden: number) =>
  `kubectl shows only the first endpoints; ${hidden} more are hidden. Paste \`kubectl get endpointslices -o json\` for all of them.`;

/** Splits `list + N more...`, warning that the list is incomplete. */
function truncation(cell: Cell, sink: DiagnosticSink): { list: Cell; hidden: number | null } {
  const more = splitMore(cell);
  if (more.hidden !== null) sink.report('kubectl/endpoints-truncated', TRUNCATED(more.hidden), cell);
  return more;
}

/** An address as a table shows it: ip and port (or neither), everything else unknown. */
function tableAddress(ip: string, port: number | null): EndpointAddress {
  return {
    ip,
    port,
    portName: null,
    protocol: null,
    pod: null,
    nodeName: null,
    ready: true,
    serving: null,
    terminating: null,
  };
}

/**
 * A `get ep` row → the Service's endpoints. formatEndpoints lists only ready `addresses`
 * (never notReadyAddresses), as `ip:port` pairs without port names.
 */
export function readEndpointsRow(row: Row, offset: number, ctx: RowContext): void {
  const i = row.col('ENDPOINTS');
  if (row.start(i) === row.end(i)) {
    const n = row.col('NAME');
    const at = { start: row.start(n), end: row.end(n) };
    ctx.sink.report('kubectl/endpoints-none-ready', ctx.sink.full ? '' : NONE_READY, at);
  }
  const fast = fastEndpoints(row.text, row.start(i), row.end(i));
  let addresses: EndpointAddress[];
  let hidden: number | null;
  if (fast) {
    hidden = fast.hidden;
    if (hidden !== null) {
      const at = { start: row.start(i), end: row.end(i) };
      ctx.sink.report('kubectl/endpoints-truncated', ctx.sink.full ? '' : TRUNCATED(hidden), at);
    }
    addresses = fast.ips.map((ip, k) => tableAddress(ip, fast.ports[k] as number));
  } else {
    const cell = row.cell(i) as Cell;
    const more = truncation(cell, ctx.sink);
    hidden = more.hidden;
    addresses = [];
    if (!isNothing(more.list)) {
      for (const item of splitItems(more.list)) {
        const hp = splitHostPort(item.text);
        if (hp) addresses.push(tableAddress(hp.ip, hp.port));
        else ctx.sink.report('kubectl/bad-endpoint', `"${item.text}" is not ip:port.`, item);
      }
    }
    addresses = exact(addresses);
  }
  addPiece(ctx.out, piece(row, offset, ctx, addresses, hidden, rowName(row)), 'endpoints', false);
}

const NONE_READY =
  'kubectl printed no address: this Service has endpoints, but none is ready (the ENDPOINTS column lists ready addresses only; kube-proxy gives not-ready ones no KUBE-SEP rule unless they are terminating and still serving).';

function piece(
  row: Row,
  offset: number,
  ctx: RowContext,
  addresses: EndpointAddress[],
  hidden: number | null,
  service: string,
): EndpointsInfo {
  const namespace = namespaceOf(row, ctx);
  const incomplete = hidden !== null;
  return { namespace, service, addresses, incomplete, hiddenCount: hidden ?? 0, offset };
}

/** kube's generateName suffix: 5 characters of utilrand's alphabet (no vowels, no 0/1/3). */
const SLICE_SUFFIX = /-[bcdfghjklmnpqrstvwxz2456789]{5}$/;

/**
 * A `get endpointslices` row. The row names the slice, not the Service: the endpointslice
 * controller names slices `<service>-<5 random>` (generateName), so the suffix is stripped; the
 * caller reports that inference once per table. Addresses × ports, as the slice means.
 */
export function readSliceRow(row: Row, offset: number, ctx: RowContext): void {
  const name = rowName(row);
  const addressType = row.col('ADDRESSTYPE');
  if (addressType !== -1 && row.is(addressType, 'FQDN')) {
    ctx.sink.report(
      'kubectl/fqdn-slice',
      'kube-proxy ignores FQDN EndpointSlices.',
      row.cell(addressType) as Cell,
    );
    return;
  }
  const ports = readSlicePorts(row.cell(row.col('PORTS')) as Cell, ctx.sink);
  const { list, hidden } = truncation(row.cell(row.col('ENDPOINTS')) as Cell, ctx.sink);
  const addresses: EndpointAddress[] = [];
  if (!isNothing(list)) {
    for (const item of splitItems(list)) {
      if (!isIP(item.text)) {
        ctx.sink.report('kubectl/bad-endpoint', `"${item.text}" is not an address.`, item);
        continue;
      }
      if (ports.length === 0) addresses.push(sliceAddress(item.text, null, null));
      for (const p of ports) addresses.push(sliceAddress(item.text, p.port, p.portName));
    }
  }
  const service = name.replace(SLICE_SUFFIX, '');
  // The table shows no protocol: TCP, the API's default, as for a Service inferred from this slice.
  const servicePorts = ports.flatMap((p) =>
    p.port === null
      ? []
      : [{ name: null, port: p.port, nodePort: null, protocol: 'TCP' as const, targetPort: String(p.port) }],
  );
  addPiece(ctx.out, piece(row, offset, ctx, exact(addresses), hidden, service), 'slice', false, servicePorts);
}

function sliceAddress(ip: string, port: number | null, portName: string | null): EndpointAddress {
  return { ...tableAddress(ip, port), portName };
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
