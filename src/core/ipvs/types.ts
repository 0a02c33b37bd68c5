import type { Span } from '../text';

/** Protocols of an IPVS virtual service as `ipvsadm -Ln` prints them (ipvsadm.c, print_service_entry). */
export type IpvsProtocol = 'TCP' | 'UDP' | 'SCTP';

/**
 * Forwarding methods (`-m` Masq = NAT, `-g` Route = direct routing, `-i` Tunnel = IPIP, and Local
 * when the real server is this node). ipvsadm(8) "PACKET-FORWARDING-METHOD".
 */
export type ForwardMethod = 'Masq' | 'Route' | 'Tunnel' | 'Local';

/** Which `ipvsadm -L` listing the text is: its columns differ (ipvsadm.c, print_title). */
/** `rules` is `ipvsadm -S -n` (ipvsadm-save): `-A …` / `-a …` lines. */
export type IpvsListing = 'list' | 'stats' | 'rate' | 'persistent-conn' | 'thresholds' | 'rules';

export type IpFamily = 'ipv4' | 'ipv6';

/** An address and port as printed; `address` null when ipvsadm printed a host name (`-L` without `-n`). */
export interface Endpoint {
  readonly family: IpFamily;
  /** Canonical text (IPv6 compressed, without brackets), or null for a name. */
  readonly address: string | null;
  readonly port: number | null;
  /** The host or port name when ipvsadm resolved it (not numeric output). */
  readonly name: string | null;
}

/** Counters of `--stats` / `--rate` (per second for `--rate`); K/M/G suffixes multiplied out. */
export type IpvsCounters = Readonly<Record<string, number>>;

export interface RealServer extends Endpoint {
  /** Null in `--stats` / `--rate` / `--thresholds` / `--persistent-conn` listings (not printed). */
  readonly forward: ForwardMethod | null;
  /** The method word as printed (e.g. `FullNat` of a fork) when it is not one of ForwardMethod. */
  readonly forwardText: string | null;
  readonly weight: number | null;
  readonly activeConns: number | null;
  readonly inactConns: number | null;
  readonly persistConns: number | null;
  readonly counters: IpvsCounters | null;
  /** The `  -> …` line. */
  readonly span: Span;
}

export interface Persistence {
  /** Seconds (`persistent N`): kube-proxy writes Service sessionAffinityConfig timeoutSeconds here. */
  readonly timeout: number;
  /** `mask a.b.c.d` (IPv4) or `mask N` (IPv6 prefix) when not a single address; null otherwise. */
  readonly mask: string | null;
}

export interface VirtualService {
  /** `TCP 10.96.0.1:443`, `UDP [fd00::a]:53`, `FWM 258`: the identity used for lookups. */
  readonly key: string;
  /** Null for a firewall-mark service. */
  readonly protocol: IpvsProtocol | null;
  /** Null for a firewall-mark service. */
  readonly endpoint: Endpoint | null;
  readonly fwmark: number | null;
  readonly family: IpFamily;
  /** `rr`, `wrr`, `lc`…; null in `--stats` / `--rate` listings, which do not print it. */
  readonly scheduler: string | null;
  /** `(sh-fallback,sh-port)`, `(flag-1)`… */
  readonly schedFlags: readonly string[];
  readonly persistence: Persistence | null;
  /** `ops`: one-packet scheduling (UDP). */
  readonly onePacket: boolean;
  /** `pe sip`: persistence engine. */
  readonly persistenceEngine: string | null;
  readonly counters: IpvsCounters | null;
  readonly realServers: readonly RealServer[];
  /** The virtual service line. */
  readonly span: Span;
}

export interface IpvsTable {
  /** `1.2.1` from `IP Virtual Server version 1.2.1 (size=4096)`, when pasted. */
  readonly version: string | null;
  readonly connTableSize: number | null;
  readonly listing: IpvsListing;
  readonly services: readonly VirtualService[];
}
