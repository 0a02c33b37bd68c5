import { isIPv4At, parsePortAt } from './addresses';
import type { Protocol, ServicePortInfo } from './types';

/**
 * Allocation-free readers for the cells that make up most of a large table (`CLUSTER-IP`,
 * `PORT(S)`, `ENDPOINTS`), working on offsets into the text. Each handles only the plain shapes
 * kubectl prints and returns `null` for anything else, so that the general readers of
 * cellValues.ts (which keep every diagnostic) decide: same results, far fewer objects per row.
 */

const NOTHING = ['<none>', '<unset>', '<nodes>', '<unknown>'];

/** Whether `text[start, end)` is one of kubectl's placeholders (`isNothing`). */
export function isNothingAt(text: string, start: number, end: number): boolean {
  if (start === end) return true;
  if (text.charCodeAt(start) !== 60) return false;
  for (const w of NOTHING) if (end - start === w.length && text.startsWith(w, start)) return true;
  return false;
}

/** `CLUSTER-IP` holding nothing, `None` or one IPv4 address; `null` for anything else. */
export function fastClusterIPs(text: string, start: number, end: number): string[] | null {
  if (isNothingAt(text, start, end) || (end - start === 4 && text.startsWith('None', start))) return [];
  return isIPv4At(text, start, end) ? [text.slice(start, end)] : null;
}

const PROTOCOLS: readonly Protocol[] = ['TCP', 'UDP', 'SCTP'];
const SCRATCH_PORTS: ServicePortInfo[] = [];

function digitsEnd(text: string, from: number, end: number): number {
  let i = from;
  while (i < end && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
  return i;
}

/** One `port[:nodePort]/PROTO` item in `text[start, end)`, or `null`. */
function portItem(text: string, start: number, end: number): ServicePortInfo | null {
  const portEnd = digitsEnd(text, start, end);
  const port = parsePortAt(text, start, portEnd);
  if (port === null) return null;
  let i = portEnd;
  let nodePort: number | null = null;
  if (i < end && text.charCodeAt(i) === 58) {
    const nodeEnd = digitsEnd(text, i + 1, end);
    nodePort = parsePortAt(text, i + 1, nodeEnd);
    if (nodePort === null) return null;
    i = nodeEnd;
  }
  if (i >= end || text.charCodeAt(i) !== 47) return null;
  for (const protocol of PROTOCOLS) {
    if (end - i - 1 === protocol.length && text.startsWith(protocol, i + 1))
      return { name: null, port, nodePort, protocol, targetPort: null };
  }
  return null;
}

/** `PORT(S)`: a comma list of valid `port[:nodePort]/PROTO` items (nothing else); `null` otherwise. */
export function fastPorts(text: string, start: number, end: number): ServicePortInfo[] | null {
  if (isNothingAt(text, start, end)) return [];
  const out = SCRATCH_PORTS;
  out.length = 0;
  let from = start;
  while (from <= end) {
    let to = text.indexOf(',', from);
    if (to === -1 || to > end) to = end;
    const item = portItem(text, from, to);
    if (item === null) return null;
    out.push(item);
    from = to + 1;
  }
  return out.slice();
}

export interface FastEndpoints {
  /** `ip:port` pairs, in order. */
  readonly ips: string[];
  readonly ports: number[];
  /** N of `+ N more...`, or `null`. */
  readonly hidden: number | null;
}

const SCRATCH: FastEndpoints = { ips: [], ports: [], hidden: null };
const MORE = ' more...';

/**
 * `ENDPOINTS`: `<none>` or a comma list of IPv4 `ip:port` pairs, optionally followed by
 * ` + N more...`. Fills and returns a reused buffer (copy what you keep); `null` otherwise.
 */
export function fastEndpoints(text: string, start: number, end: number): FastEndpoints | null {
  const out = SCRATCH as { ips: string[]; ports: number[]; hidden: number | null };
  out.ips.length = 0;
  out.ports.length = 0;
  out.hidden = null;
  let listEnd = end;
  if (end - start > MORE.length && text.startsWith(MORE, end - MORE.length)) {
    const digitsTo = end - MORE.length;
    let d = digitsTo;
    while (d > start && text.charCodeAt(d - 1) >= 48 && text.charCodeAt(d - 1) <= 57) d--;
    if (d === digitsTo || d - 3 < start || !text.startsWith(' + ', d - 3)) return null;
    out.hidden = Number(text.slice(d, digitsTo));
    listEnd = d - 3;
    // The list before ` + ` is trimmed (trailing padding); anything but plain spaces goes the long way.
    while (listEnd > start && text.charCodeAt(listEnd - 1) === 32) listEnd--;
  }
  if (isNothingAt(text, start, listEnd)) return out;
  let from = start;
  while (from <= listEnd) {
    let to = text.indexOf(',', from);
    if (to === -1 || to > listEnd) to = listEnd;
    let colon = to - 1;
    while (colon > from && text.charCodeAt(colon) !== 58) colon--;
    const port = colon > from ? parsePortAt(text, colon + 1, to) : null;
    if (port === null || !isIPv4At(text, from, colon)) return null;
    out.ips.push(text.slice(from, colon));
    out.ports.push(port);
    from = to + 1;
  }
  return out;
}
