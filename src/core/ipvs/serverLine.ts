import type { Word } from '../text';
import { span } from '../text';
import type { IpvsSink } from './codes';
import { readCount, readEndpointWord } from './endpoint';
import { RATE_COLUMNS, readCounters, STATS_COLUMNS } from './serviceLine';
import type { ForwardMethod, IpvsListing, RealServer } from './types';

const FORWARDS: Readonly<Record<string, ForwardMethod>> = {
  Masq: 'Masq',
  Route: 'Route',
  Tunnel: 'Tunnel',
  Local: 'Local',
};

/**
 * One `  -> RIP:port …` line (the `->` word already removed). Columns by listing, as
 * ipvsadm.c print_service_entry prints them: `%-28s %-7s %-6d %-10u %-10u` (address, Forward,
 * Weight, ActiveConn, InActConn) for `-Ln`; five counters for `--stats`/`--rate`; Weight,
 * PersistConn, ActiveConn, InActConn for `--persistent-conn`; Uthreshold, Lthreshold, ActiveConn,
 * InActConn for `--thresholds`.
 */
export function readServerLine(
  words: readonly Word[],
  listing: IpvsListing,
  lineSpan: { start: number; end: number },
  sink: IpvsSink,
): RealServer | null {
  const first = words[0];
  if (first === undefined) {
    sink.add('ipvs/bad-address', 'A "->" line without a real server address.', lineSpan);
    return null;
  }
  const endpoint = readEndpointWord(first, sink);
  if (endpoint === null) return null;
  const rest = words.slice(1);
  const server: Mutable<RealServer> = {
    ...endpoint,
    forward: null,
    forwardText: null,
    weight: null,
    activeConns: null,
    inactConns: null,
    persistConns: null,
    counters: null,
    span: lineSpan,
  };
  if (listing === 'stats' || listing === 'rate') {
    server.counters = readCounters(rest, listing === 'stats' ? STATS_COLUMNS : RATE_COLUMNS, sink);
    return server;
  }
  const numbers = (from: number) => rest.slice(from).map((w) => count(w, sink));
  if (listing === 'persistent-conn') {
    [server.weight, server.persistConns, server.activeConns, server.inactConns] = pad(numbers(0));
  } else if (listing === 'thresholds') {
    [, , server.activeConns, server.inactConns] = pad(numbers(0));
  } else {
    const fwd = rest[0];
    if (fwd !== undefined) {
      server.forward = FORWARDS[fwd.text] ?? null;
      server.forwardText = fwd.text;
      if (server.forward === null)
        sink.add(
          'ipvs/unknown-forward',
          `"${fwd.text}" is not a Linux IPVS forwarding method (Masq, Route, Tunnel, Local).`,
          span(fwd.start, fwd.end),
        );
    }
    [server.weight, server.activeConns, server.inactConns] = pad(numbers(1));
  }
  return server;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function count(w: Word, sink: IpvsSink): number | null {
  const v = readCount(w.text);
  if (v === null) sink.add('ipvs/bad-number', `"${w.text}" is not a number.`, span(w.start, w.end));
  return v;
}

type N = number | null;

/** The first four values, missing ones as null. */
function pad(values: readonly N[]): [N, N, N, N] {
  return [values[0] ?? null, values[1] ?? null, values[2] ?? null, values[3] ?? null];
}
