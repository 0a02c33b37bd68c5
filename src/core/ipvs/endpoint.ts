import { formatIpv6, parseIpv4, parseIpv6 } from '../net';
import type { Word } from '../text';
import { span } from '../text';
import type { IpvsSink } from './codes';
import type { Endpoint } from './types';

/**
 * `addr:port` as ipvsadm prints it (ipvsadm.c, addrport_to_anyname): `10.96.0.1:443`,
 * `[fd00::1]:443` for IPv6, and with `-L` but no `-n` host and service names
 * (`ip-10-45-0-1.ap-southeast-1.:https`), cut to 28 characters for real servers and 33 for the
 * service column of IPv4 — so a name may have lost its `:port` altogether.
 */
export type EndpointRead =
  | { readonly ok: true; readonly endpoint: Endpoint; readonly numeric: boolean }
  | { readonly ok: false; readonly problem: 'address' | 'port'; readonly message: string };

export function readEndpoint(word: string): EndpointRead {
  if (word.startsWith('[')) {
    const close = word.indexOf(']');
    if (close === -1) return bad('address', `"${word}" has no closing "]".`);
    const groups = parseIpv6(word.slice(1, close));
    const rest = word.slice(close + 1);
    if (groups === null) {
      // `[(null)]:5001` is what a broken fork prints; never a real address.
      return bad('address', `"${word.slice(1, close)}" is not an IPv6 address.`);
    }
    if (!rest.startsWith(':')) return bad('port', `"${word}" has no ":port" after the address.`);
    return withPort('ipv6', formatIpv6(groups), rest.slice(1), word);
  }
  const colon = word.lastIndexOf(':');
  const host = colon === -1 ? word : word.slice(0, colon);
  const portText = colon === -1 ? null : word.slice(colon + 1);
  if (parseIpv4(host, 0, host.length) >= 0) {
    if (portText === null) return bad('port', `"${word}" has no ":port".`);
    return withPort('ipv4', host, portText, word);
  }
  if (/^[\d.]+$/.test(host)) return bad('address', `"${host}" is not an IPv4 address.`);
  if (host.indexOf(':') !== -1) return bad('address', `"${word}": an IPv6 address must be in [brackets].`);
  if (!/^[A-Za-z0-9][A-Za-z0-9.-]*$/.test(host)) return bad('address', `"${host}" is not an address.`);
  // A host name: ipvsadm resolved the address (no -n). Numeric port or a service name.
  const port = portText === null ? null : readPort(portText);
  return {
    ok: true,
    numeric: false,
    endpoint: { family: 'ipv4', address: null, port: port ?? null, name: word },
  };
}

function withPort(family: Endpoint['family'], address: string, portText: string, word: string): EndpointRead {
  const port = readPort(portText);
  if (port !== null) return { ok: true, numeric: true, endpoint: { family, address, port, name: null } };
  if (/^[A-Za-z][A-Za-z0-9-]*$/.test(portText)) {
    // `100.64.134.163:http`: a service name from /etc/services (ipvsadm -L without -n).
    return { ok: true, numeric: false, endpoint: { family, address, port: null, name: word } };
  }
  return bad('port', `"${portText}" in "${word}" is not a port (0..65535).`);
}

/** A decimal port 0..65535, or null. */
function readPort(text: string): number | null {
  if (!/^\d{1,5}$/.test(text)) return null;
  const n = Number(text);
  return n <= 65535 ? n : null;
}

function bad(problem: 'address' | 'port', message: string): EndpointRead {
  return { ok: false, problem, message };
}

/** `10.96.0.1:443` / `[fd00::1]:443`, the way ipvsadm -Ln prints an endpoint. */
export function formatEndpoint(e: Endpoint): string {
  if (e.address === null) return e.name ?? '?';
  const host = e.family === 'ipv6' ? `[${e.address}]` : e.address;
  return `${host}:${e.port ?? '?'}`;
}

/**
 * A counter of `--stats` / `--rate`: ipvsadm prints large values with a K, M or G suffix (1000s)
 * unless `--exact` is given (ipvsadm.c, print_largenum). Null when not a counter.
 */
export function readCounter(text: string): number | null {
  const m = /^(\d+)([KMGT]?)$/.exec(text);
  if (m === null) return null;
  const scale = { '': 1, K: 1e3, M: 1e6, G: 1e9, T: 1e12 }[m[2] as '' | 'K' | 'M' | 'G' | 'T'];
  return Number(m[1]) * scale;
}

/** A non-negative decimal integer (weights, connection counts), or null. */
export function readCount(text: string): number | null {
  return /^\d{1,10}$/.test(text) ? Number(text) : null;
}

/**
 * `readEndpoint` for a word of a listing, its problems reported at the word: null when it is not
 * an address (a bad address or port), a warning when it is a host name (`ipvsadm -L` without -n).
 */
export function readEndpointWord(word: Word, sink: IpvsSink): Endpoint | null {
  const read = readEndpoint(word.text);
  const at = span(word.start, word.end);
  if (!read.ok) {
    sink.add(read.problem === 'port' ? 'ipvs/bad-port' : 'ipvs/bad-address', read.message, at);
    return null;
  }
  if (!read.numeric)
    sink.add(
      'ipvs/not-numeric',
      `"${word.text}" is a name, not an address: paste \`ipvsadm -Ln\` (with -n) so the tracer can match it.`,
      at,
    );
  return read.endpoint;
}
