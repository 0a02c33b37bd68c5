/**
 * What nftables adds to the netfilter model (issue 11): operands an nftables expression reads from the
 * packet, set references and the sets themselves. nftables tables live in the same `Ruleset` as
 * iptables' five (ruleset.ts), under a `TableId` "<family> <name>" ("ip kube-proxy"), with their base
 * chains declared by the dump (tables.ts `BaseChain`). Plain data, structured-clone safe.
 */

/** A value read from the packet or its metadata (nft(8) EXPRESSIONS). */
export type NftOperand =
  /** A payload/meta/ct selector spelled as nft lists it: "ip daddr", "th dport", "meta l4proto", "ct state". */
  | { readonly kind: 'field'; readonly name: string }
  /** `fib saddr type`, `fib daddr . iif oif`: a routing lookup. */
  | { readonly kind: 'fib'; readonly flags: readonly string[]; readonly result: string }
  /** `numgen random mod N offset O`: one of N values, each with probability 1/N (nft_numgen.c). */
  | { readonly kind: 'numgen'; readonly mod: number; readonly offset: number }
  /** `meta mark & 0x4000`, `meta mark | 0x4000` (right side a literal). */
  | { readonly kind: 'binop'; readonly op: string; readonly left: NftOperand; readonly right: string }
  | { readonly kind: 'concat'; readonly parts: readonly NftOperand[] }
  /** A literal where an operand is expected (`meta mark set 0x4000`). */
  | { readonly kind: 'literal'; readonly text: string };

/** A set or map element: key parts as written (`10.0.0.0/8`, `80-90`, `tcp`), and a map's value. */
export interface NftElementModel {
  readonly key: readonly string[];
  readonly value:
    | { readonly kind: 'verdict'; readonly verdict: string; readonly chain: string | null }
    | { readonly kind: 'data'; readonly parts: readonly string[] }
    | null;
  readonly comment: string | null;
  readonly timeout: string | null;
  readonly expires: string | null;
}

/** `@name` (a set or map of the rule's table) or an anonymous `{ … }`. */
export type NftSetRef =
  | { readonly kind: 'named'; readonly name: string }
  | { readonly kind: 'anonymous'; readonly elements: readonly NftElementModel[] };

/** A named set or map of an nftables table. */
export interface NftSetModel {
  readonly kind: 'set' | 'map';
  readonly name: string;
  readonly line: number;
  /** Key type parts (`ipv4_addr`, `inet_proto`, `inet_service`), or the `typeof` text as one part. */
  readonly keyType: readonly string[];
  /** A map's data type (`verdict`, `ipv4_addr . inet_service`), null for a set. */
  readonly dataType: string | null;
  readonly flags: readonly string[];
  readonly timeout: string | null;
  readonly comment: string | null;
  readonly elements: readonly NftElementModel[];
}

/** A statement that changes the packet or state and lets the rule go on. */
export type NftEffect =
  /** `meta mark set …` / `ct mark set …`. */
  | { readonly kind: 'mark'; readonly target: string; readonly value: NftOperand }
  /** `update @set { ip saddr }` / `add @set { … }` / `delete @set { … }` (session affinity). */
  | {
      readonly kind: 'set-update';
      readonly op: 'update' | 'add' | 'delete';
      readonly set: string;
      readonly key: NftOperand;
      readonly timeout: string | null;
    }
  /** counter, log, `meta nftrace set 1`, … : nothing the tracer follows. */
  | { readonly kind: 'other'; readonly raw: string };
