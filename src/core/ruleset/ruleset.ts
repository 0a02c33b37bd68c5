import type { Cidr } from '../net';
import type { Span } from '../text';
import type { ChainId, RuleId } from './ids';
import type { NftEffect, NftOperand, NftSetModel, NftSetRef } from './nft';
import type { BaseChain, NftTableFamily, TableId } from './tables';

/**
 * The immutable, typed meaning of an iptables dump: what the tracer evaluates and the graph draws.
 * Built by `lowerToRuleset(document)`. Plain data (structured-clone safe for the worker).
 */

export interface PortRange {
  readonly from: number;
  readonly to: number;
}

/** A typed match. Every variant carries `negated` for options written with `!`. */
export type Match =
  | { readonly kind: 'addr'; readonly dir: 'src' | 'dst'; readonly negated: boolean; readonly cidr: Cidr }
  | { readonly kind: 'proto'; readonly negated: boolean; readonly proto: string }
  | {
      readonly kind: 'iface';
      readonly dir: 'in' | 'out';
      readonly negated: boolean;
      /** As written; a trailing `+` is a prefix wildcard (iptables(8)). */
      readonly name: string;
    }
  | { readonly kind: 'fragment'; readonly negated: boolean }
  | {
      /** tcp/udp/sctp/udplite `--sport` / `--dport` (module in `module`). */
      readonly kind: 'port';
      readonly module: string;
      readonly dir: 'src' | 'dst';
      readonly negated: boolean;
      readonly range: PortRange;
    }
  | {
      readonly kind: 'multiport';
      readonly dir: 'src' | 'dst' | 'any';
      readonly negated: boolean;
      readonly ranges: readonly PortRange[];
    }
  | {
      readonly kind: 'statistic';
      readonly mode: 'random';
      readonly negated: boolean;
      /** As written. */
      readonly probability: number;
      /**
       * What the kernel applies: xt_statistic compares `get_random_u32() & 0x7FFFFFFF` with
       * `round(p * 2^31)` (libxt_statistic), so the real probability is that integer / 2^31.
       */
      readonly effectiveProbability: number;
    }
  | {
      readonly kind: 'statistic';
      readonly mode: 'nth';
      readonly negated: boolean;
      readonly every: number;
      readonly packet: number;
    }
  | {
      readonly kind: 'recent';
      readonly negated: boolean;
      readonly name: string;
      readonly action: 'set' | 'rcheck' | 'update' | 'remove';
      readonly seconds: number | null;
      readonly reap: boolean;
      readonly hitcount: number | null;
      readonly rttl: boolean;
      /** `--rsource` (default) or `--rdest`. */
      readonly side: 'source' | 'dest';
      readonly mask: string | null;
    }
  | {
      readonly kind: 'addrtype';
      readonly src: { readonly negated: boolean; readonly types: readonly string[] } | null;
      readonly dst: { readonly negated: boolean; readonly types: readonly string[] } | null;
      readonly limitIfaceIn: boolean;
      readonly limitIfaceOut: boolean;
    }
  | { readonly kind: 'mark'; readonly negated: boolean; readonly value: number; readonly mask: number }
  | {
      readonly kind: 'conntrack';
      /** One entry per conntrack option, e.g. `{ option: 'ctstate', negated: true, values: ['RELATED','ESTABLISHED','DNAT'] }`. */
      readonly conditions: readonly {
        readonly option: string;
        readonly negated: boolean;
        readonly values: readonly string[];
      }[];
    }
  | { readonly kind: 'state'; readonly negated: boolean; readonly states: readonly string[] }
  | { readonly kind: 'comment'; readonly text: string }
  | {
      /**
       * A match the model keeps but cannot decide from the packet alone (ipset, physdev, limit,
       * nfacct, socket, icmp types, unknown modules…): the tracer evaluates it under a visible
       * assumption. `options` are the raw options.
       */
      readonly kind: 'opaque';
      readonly module: string;
      readonly negated: boolean;
      readonly options: readonly {
        readonly name: string;
        readonly negated: boolean;
        readonly values: readonly string[];
      }[];
      /** A short text for the assumption shown to the user. */
      readonly summary: string;
    }
  /* nftables (issue 11): what has no iptables counterpart. Matches that do (addresses, l4proto,
     ports, interfaces, ct state/status, mark, fib type, meta random) are lowered to the kinds above. */
  | {
      /** `left op right`: a comparison of an operand with a literal (`meta mark & 0x4000 != 0`). */
      readonly kind: 'nft-cmp';
      readonly negated: boolean;
      readonly left: NftOperand;
      readonly op: '==' | '!=' | '<' | '>' | '<=' | '>=';
      readonly right: string;
    }
  | {
      /** `ip daddr @cluster-ips`, `ip daddr . meta l4proto . th dport { … }`, `!= { … }`. */
      readonly kind: 'nft-lookup';
      readonly negated: boolean;
      readonly left: NftOperand;
      readonly set: NftSetRef;
    }
  | {
      /** A `numgen random mod N` the rule reads further on: the walk forks N ways here (1/N each). */
      readonly kind: 'nft-numgen';
      readonly negated: boolean;
      readonly mod: number;
      readonly offset: number;
    }
  /** A statement that acts and lets the rule go on (`meta mark set`, `update @set`, counter). */
  | { readonly kind: 'nft-effect'; readonly negated: boolean; readonly effect: NftEffect };

/** `ip[-ip][:port[-port]]` of DNAT/SNAT. */
export interface NatRange {
  readonly minIp: string | null;
  readonly maxIp: string | null;
  readonly minPort: number | null;
  readonly maxPort: number | null;
}

export type Target =
  | { readonly kind: 'none' }
  | { readonly kind: 'jump'; readonly chain: string; readonly goto: boolean }
  | { readonly kind: 'ACCEPT' }
  | { readonly kind: 'DROP' }
  | { readonly kind: 'RETURN' }
  | { readonly kind: 'QUEUE' }
  | { readonly kind: 'REJECT'; readonly rejectWith: string }
  | {
      readonly kind: 'DNAT' | 'SNAT';
      readonly ranges: readonly NatRange[];
      readonly random: boolean;
      readonly persistent: boolean;
    }
  | {
      readonly kind: 'MASQUERADE';
      readonly toPorts: { readonly from: number; readonly to: number } | null;
      readonly random: boolean;
      readonly randomFully: boolean;
    }
  | {
      /**
       * MARK normalised to xt_MARK's single operation: `mark = (mark & ~mask) ^ value`
       * (net/netfilter/xt_mark.c, mark_tg). `--or-mark`, `--and-mark`, `--set-mark`, … are
       * rewritten as libxt_MARK does; `written` keeps the user's option.
       */
      readonly kind: 'MARK';
      readonly value: number;
      readonly mask: number;
      readonly written: string;
    }
  | {
      /** LOG, NFLOG, TRACE, CT, CONNMARK, … kept verbatim. `terminal` is false for those that continue. */
      readonly kind: 'other';
      readonly name: string;
      readonly terminal: boolean;
      readonly options: readonly {
        readonly name: string;
        readonly negated: boolean;
        readonly values: readonly string[];
      }[];
    }
  /** nftables `KEY vmap @map` / `vmap { … }`: the element's verdict; a miss goes on silently. */
  | { readonly kind: 'nft-vmap'; readonly key: NftOperand; readonly map: NftSetRef }
  /** nftables `dnat ip to KEY map { … }` (`snat` likewise): the address (and port) the map gives. */
  | {
      readonly kind: 'nft-nat-map';
      readonly nat: 'DNAT' | 'SNAT';
      readonly key: NftOperand;
      readonly map: NftSetRef;
    };

export interface Rule {
  readonly id: RuleId;
  readonly table: TableId;
  readonly chain: string;
  /** 0-based position in its chain. */
  readonly index: number;
  /** 1-based line in the pasted text. */
  readonly line: number;
  readonly span: Span;
  /** The user's own text of the rule. */
  readonly raw: string;
  readonly matches: readonly Match[];
  readonly target: Target;
  /** The `-m comment --comment` text, if any. */
  readonly comment: string | null;
}

export interface Chain {
  readonly id: ChainId;
  readonly table: TableId;
  readonly name: string;
  readonly builtin: boolean;
  /** Built-in chains' policy (`ACCEPT` when the dump did not say); `null` for user chains. */
  readonly policy: 'ACCEPT' | 'DROP' | null;
  /** How the chain came to exist: declared by `:NAME`, implied by an excerpt, or only referenced by a jump. */
  readonly origin: 'declared' | 'implied' | 'referenced';
  readonly rules: readonly Rule[];
  /** Span of the declaration; empty span at the first use for implied/referenced chains. */
  readonly span: Span;
  readonly line: number;
}

export interface Table {
  readonly name: TableId;
  /** Chains by name. */
  readonly chains: Readonly<Record<string, Chain>>;
  /** Chain names in declaration order. */
  readonly order: readonly string[];
  /** nftables tables: the family (`ip`, `ip6`, `inet`, …); absent for iptables tables. */
  readonly family?: NftTableFamily;
  /** nftables tables: the base chains the dump declares (hook, type, priority, policy). */
  readonly baseChains?: readonly BaseChain[];
  /** nftables tables: named sets and maps by name. */
  readonly sets?: Readonly<Record<string, NftSetModel>>;
  /** nftables tables iptables-nft manages (`table ip nat` on an iptables-nft node). */
  readonly iptablesNft?: boolean;
}

export interface Ruleset {
  readonly family: 'ipv4' | 'ipv6';
  /** iptables tables by name; nftables tables by their `TableId` ("ip kube-proxy"), in dump order. */
  readonly tables: Readonly<Partial<Record<TableId, Table>>>;
  /** Where the rules came from: absent for iptables-save, `nftables` for an nft dump (issue 11). */
  readonly source?: 'nftables';
  /** Number of rules over all tables. */
  readonly ruleCount: number;
}
