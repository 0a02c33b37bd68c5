import { isHostname, isIP, isIPv4At, parsePortAt } from './addresses';
import type { DiagnosticSink } from './codes';
import type { Cell } from './tableCells';
import type { Protocol, ServicePortInfo } from './types';

/**
 * Readers for the cells kubectl's printers produce (kubernetes/kubernetes
 * pkg/printers/internalversion/printers.go: printService, makePortString, getServiceExternalIP,
 * loadBalancerStatusStringer, formatEndpoints, formatDiscoveryPorts/Endpoints).
 */

/** kubectl's placeholders for "nothing here". */
const NOTHING = new Set(['<none>', '<unset>', '<nodes>', '<unknown>', '']);

/**
 * `list` without the spare room `push` leaves (an array grown by push keeps room for 16 items):
 * Services and endpoints are kept as long as the analysis, so their lists are trimmed.
 */
export function exact<T>(list: T[]): T[] {
  return list.length === 0 ? list : list.slice();
}

/** Splits a comma list, keeping each item's offsets. */
export function splitItems(cell: Cell): Cell[] {
  const out: Cell[] = [];
  let from = 0;
  const t = cell.text;
  while (from <= t.length) {
    const comma = t.indexOf(',', from);
    const to = comma === -1 ? t.length : comma;
    const item = t.slice(from, to).trim();
    if (item !== '') out.push({ text: item, start: cell.start + from, end: cell.start + to });
    if (comma === -1) break;
    from = comma + 1;
  }
  return out;
}

/**
 * `list + N more...` → the visible list and N. kubectl shows at most 3 items
 * (formatEndpoints / listWithMoreString) and counts the rest.
 */
export function splitMore(cell: Cell): { list: Cell; hidden: number | null } {
  if (!cell.text.endsWith(' more...')) return { list: cell, hidden: null };
  const at = cell.text.lastIndexOf(' + ');
  const tail = at === -1 ? null : /^ \+ (\d+) more\.\.\.$/.exec(cell.text.slice(at));
  if (!tail) return { list: cell, hidden: null };
  const list = { text: cell.text.slice(0, at).trim(), start: cell.start, end: cell.start + at };
  return { list, hidden: Number(tail[1]) };
}

/** True for `<none>`, `<unset>`, `<nodes>`, `<unknown>`. */
export function isNothing(cell: Cell): boolean {
  return cell.text.length <= 9 && NOTHING.has(cell.text);
}

/** `PORT(S)`: `80:31947/TCP,443:30443/TCP` → ports; makePortString prints `port[:nodePort]/PROTO`. */
export function readPortsCell(cell: Cell, sink: DiagnosticSink): ServicePortInfo[] {
  if (isNothing(cell)) return [];
  const ports: ServicePortInfo[] = [];
  for (const item of splitItems(cell)) {
    const port = readPortItem(item.text);
    if (port) ports.push(port);
    else sink.report('kubectl/bad-port', `"${item.text}" is not port[:nodePort]/PROTOCOL.`, item);
  }
  return exact(ports);
}

const PROTOCOLS: readonly Protocol[] = ['TCP', 'UDP', 'SCTP'];

function digitsEnd(s: string, from: number): number {
  let i = from;
  while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
  return i;
}

/** `^(\d+)(?::(\d+))?/(TCP|UDP|SCTP)$` with both numbers valid ports, read by index. */
function readPortItem(s: string): ServicePortInfo | null {
  const portEnd = digitsEnd(s, 0);
  if (portEnd === 0) return null;
  let i = portEnd;
  let nodePort: number | null = null;
  if (s.charCodeAt(i) === 58) {
    const nodeEnd = digitsEnd(s, i + 1);
    if (nodeEnd === i + 1) return null;
    nodePort = parsePortAt(s, i + 1, nodeEnd);
    if (nodePort === null) return null;
    i = nodeEnd;
  }
  if (s.charCodeAt(i) !== 47) return null;
  let protocol: Protocol | null = null;
  for (const p of PROTOCOLS) if (s.length - i - 1 === p.length && s.startsWith(p, i + 1)) protocol = p;
  const port = parsePortAt(s, 0, portEnd);
  if (protocol === null || port === null) return null;
  return { name: null, port, nodePort, protocol, targetPort: null };
}

/** `CLUSTER-IP`: an IP, `None` (headless) or `<none>` (ExternalName). */
export function readClusterIpCell(cell: Cell, sink: DiagnosticSink): string[] {
  if (isNothing(cell) || cell.text === 'None') return [];
  const ips: string[] = [];
  for (const item of splitItems(cell)) {
    if (isIP(item.text)) ips.push(item.text);
    else sink.report('kubectl/bad-address', `"${item.text}" is not an IP address.`, item);
  }
  return exact(ips);
}

export interface ExternalCell {
  externalIPs: string[];
  loadBalancerIPs: string[];
  externalNames: string[];
  externalTruncated: boolean;
}

/**
 * `EXTERNAL-IP`. For LoadBalancer, getServiceExternalIP prints the ingress IPs/hostnames and then
 * spec.externalIPs in one comma list: a table cannot tell them apart, so for LoadBalancer every
 * IP goes to `loadBalancerIPs`, for other types to `externalIPs`. Hostnames go to
 * `externalNames`. Without `-o wide` the ingress part is clipped to 16 characters
 * (`a1b2c3d4e5f6a...`): that item is dropped and `externalTruncated` set.
 */
export function readExternalIpCell(cell: Cell, type: string, sink: DiagnosticSink): ExternalCell {
  const out: ExternalCell = {
    externalIPs: [],
    loadBalancerIPs: [],
    externalNames: [],
    externalTruncated: false,
  };
  if (isNothing(cell) || cell.text === '<pending>') return out;
  for (const item of splitItems(cell)) {
    if (item.text.endsWith('...')) {
      out.externalTruncated = true;
      sink.report('kubectl/external-ip-truncated', `kubectl clipped "${item.text}"; use -o wide.`, item);
    } else if (isIP(item.text)) {
      (type === 'LoadBalancer' ? out.loadBalancerIPs : out.externalIPs).push(item.text);
    } else if (isHostname(item.text)) {
      out.externalNames.push(item.text);
    } else {
      sink.report('kubectl/bad-address', `"${item.text}" is neither an IP address nor a hostname.`, item);
    }
  }
  out.externalIPs = exact(out.externalIPs);
  out.loadBalancerIPs = exact(out.loadBalancerIPs);
  out.externalNames = exact(out.externalNames);
  return out;
}

/** `ip:port` or `[ipv6]:port` (net.JoinHostPort) → parts, or `null`. */
export function splitHostPort(s: string): { ip: string; port: number } | null {
  if (s.charCodeAt(0) !== 91) {
    // `ip:port`: the ip part has no colon, so only IPv4 can pass (tables print IPv6 bracketed).
    const colon = s.lastIndexOf(':');
    if (colon === -1 || s.indexOf(':') !== colon) return null;
    const port = parsePortAt(s, colon + 1, s.length);
    return port !== null && isIPv4At(s, 0, colon) ? { ip: s.slice(0, colon), port } : null;
  }
  const v6 = /^\[([^\]]+)\]:(\d+)$/.exec(s);
  const colon = s.lastIndexOf(':');
  const ip = v6 ? (v6[1] as string) : s.slice(0, colon);
  const portText = v6 ? (v6[2] as string) : s.slice(colon + 1);
  const port = parsePortAt(portText, 0, portText.length);
  if (colon === -1 || port === null || !isIP(ip) || (!v6 && ip.includes(':'))) return null;
  return { ip, port };
}
