import type { Span } from '../text';

export type SetFamily = 'inet' | 'inet6';

/** One dimension of a set type (`hash:ip,port,net` has three): what a member stores there. */
export type Dimension = 'ip' | 'net' | 'port' | 'mac' | 'iface' | 'mark' | 'set';

/** One element of a member, per dimension. Addresses are canonical (IPv6 compressed). */
export type Element =
  | {
      readonly kind: 'ip' | 'net';
      readonly family: 'ipv4' | 'ipv6';
      readonly address: string;
      readonly bits: number;
    }
  /** `tcp:53`, `udp:53`, `sctp:31514`, `icmp:8/0`; `proto` null for bitmap:port (any TCP/UDP). */
  | { readonly kind: 'port'; readonly proto: string | null; readonly from: number; readonly to: number }
  | { readonly kind: 'mac'; readonly mac: string }
  | { readonly kind: 'iface'; readonly name: string; readonly physdev: boolean }
  | { readonly kind: 'mark'; readonly mark: number }
  | { readonly kind: 'set'; readonly name: string };

export interface IpsetMember {
  /** The member as printed, without its options (`10.96.0.10,udp:53`). */
  readonly text: string;
  readonly elements: readonly Element[];
  /** `comment "kube-system/kube-dns:dns"`. */
  readonly comment: string | null;
  /** Seconds left when listed (`timeout 119`): the member expires unless refreshed. */
  readonly timeout: number | null;
  /** `nomatch` (hash:net types): a more specific exception that makes the test fail. */
  readonly nomatch: boolean;
  readonly span: Span;
}

export interface IpsetHeader {
  readonly family: SetFamily | null;
  readonly hashsize: number | null;
  readonly maxelem: number | null;
  /** Default timeout of members (`timeout 300`), null when the set has no timeout support. */
  readonly timeout: number | null;
  /** The set stores comments. */
  readonly comment: boolean;
  readonly counters: boolean;
  /** `range 0-65535` (bitmap types). */
  readonly range: string | null;
  /** Everything else, verbatim (`bucketsize 12 initval 0x…`). */
  readonly other: readonly string[];
}

export interface IpSet {
  readonly name: string;
  /** `hash:ip,port` as printed. */
  readonly type: string;
  /** The type's dimensions, or null when the type is unknown. */
  readonly dimensions: readonly Dimension[] | null;
  readonly revision: number | null;
  readonly header: IpsetHeader;
  readonly sizeInMemory: number | null;
  readonly references: number | null;
  /** `Number of entries: N` as printed (ipset ≥ 7.x), or null. */
  readonly declaredEntries: number | null;
  /** Null when the members were not pasted (`ipset list -t`, a cut paste). */
  readonly members: readonly IpsetMember[] | null;
  /** The `Name:` or `create` line. */
  readonly span: Span;
}

export interface IpsetTable {
  readonly format: 'list' | 'save';
  readonly sets: readonly IpSet[];
}
