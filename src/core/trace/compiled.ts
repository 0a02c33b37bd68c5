import type { Ip } from '../net';
import type { NftOperand, Rule, RuleId, TableId } from '../ruleset';
import type { HookName } from './hooks';
import type { SetIndex } from './nftSets';
import type { AssumedRules } from './types';
import type { Walk, WalkContext } from './walk';

/**
 * The Ruleset prepared for walking: matches become closures over pre-parsed numbers, jumps point at
 * their chains, and long runs of `-d ip -p proto --dport port` rules get a Map index. Built once per
 * Ruleset (WeakMap cache in compile.ts), chain by chain as walks reach them (a trace on a
 * 10,000-Service dump visits a dozen chains of 25,000); never serialised.
 */
export interface CMatch {
  /** `statistic --mode random`: the probability the match holds, negation applied; else null. */
  readonly random: number | null;
  /** nftables `numgen random mod N`: the walk forks N ways here (`Walk.pick` = 0…N-1), 1/N each. */
  readonly ways?: number;
  readonly test: (w: Walk, ctx: WalkContext) => boolean;
}

export type CTarget =
  | { readonly kind: 'none' }
  | { readonly kind: 'jump'; readonly chain: CChain; readonly goto: boolean }
  | { readonly kind: 'ACCEPT' | 'DROP' | 'RETURN' | 'QUEUE' | 'REJECT' }
  | { readonly kind: 'DNAT' | 'SNAT'; readonly nat: NatPick }
  | { readonly kind: 'MASQUERADE' }
  | { readonly kind: 'MARK'; readonly value: number; readonly mask: number }
  | { readonly kind: 'NOTRACK' }
  | { readonly kind: 'REDIRECT'; readonly port: number | null }
  | { readonly kind: 'NFQUEUE'; readonly bypass: boolean }
  | { readonly kind: 'continue'; readonly name: string }
  | { readonly kind: 'unknown-terminal'; readonly name: string }
  /** nftables `KEY vmap …`: the element's verdict (chains resolved by name in the rule's table). */
  | {
      readonly kind: 'vmap';
      readonly key: NftOperand;
      readonly index: SetIndex;
      readonly resolve: (chain: string) => CChain;
    }
  /** nftables `dnat ip to KEY map …`: the element's address (and port). */
  | {
      readonly kind: 'nat-map';
      readonly nat: 'DNAT' | 'SNAT';
      readonly key: NftOperand;
      readonly index: SetIndex;
    };

/** A NAT target's first address/port, parsed once (`ip` null: keep the address, e.g. `:8080`). */
export interface NatPick {
  readonly ip: Ip | null;
  readonly port: number | null;
  /** More than one address or port: nf_nat picks one per connection; the first is shown. */
  readonly multi: boolean;
}

export interface CRule {
  /** Null for the implied kube-proxy jumps. */
  readonly rule: Rule | null;
  readonly id: RuleId | null;
  /** 1-based line in the text; null for rules not in it (implied jumps, assumed rules). */
  readonly line: number | null;
  readonly table: TableId;
  readonly chain: string;
  /** IP-header matches first (ip_packet_match runs before extensions), then extensions in order. */
  readonly matches: readonly CMatch[];
  target: CTarget;
  /** As written: chain name, `DNAT`, `MARK`, … (`''` for a rule without target). */
  readonly targetName: string;
}

/** A run of indexable rules `[start, end)`: key → rule indices in order. */
export interface Segment {
  readonly end: number;
  /** `dstKey|proto|port` for rules with an exact `-d`. */
  readonly exact: ReadonlyMap<string, readonly number[]>;
  /** `proto|port` for rules without `-d`. */
  readonly wild: ReadonlyMap<string, readonly number[]>;
}

export interface CChain {
  readonly table: TableId;
  readonly name: string;
  readonly builtin: boolean;
  readonly policy: 'ACCEPT' | 'DROP';
  /** The model's rules, compiled into `rules` when a walk first enters the chain (`ready`). */
  readonly source: readonly Rule[];
  rules: CRule[];
  /** `seg[i]` is set when an indexed segment starts at rule i; null when the chain has none. */
  seg: (Segment | undefined)[] | null;
  ready: boolean;
  /** Referenced by a jump but absent (or only referenced) in the text: its rules are unknown. */
  readonly missing: boolean;
  /** Holds assumed kube-proxy jump rules (see implied.ts). */
  readonly implied: boolean;
  /** The 1-based line of its `:NAME POLICY` declaration, or null when the text does not declare it. */
  readonly declLine: number | null;
  /** kube-proxy's last rule(s) this chain of an excerpt lacks (cutChains.ts): noted when a walk falls off its end. */
  readonly cutAtEnd: AssumedRules | null;
  /** Fixed kube-proxy chains a walk entering this one needs and the text lacks (KUBE-MARK-MASQ → KUBE-POSTROUTING). */
  readonly onEntry: readonly AssumedRules[];
}

export interface CompiledRuleset {
  readonly family: 'ipv4' | 'ipv6';
  /** `table/chain` → chain. */
  readonly chains: ReadonlyMap<string, CChain>;
  /** The chains the hooks call: `table/HOOK`. */
  readonly hooks: ReadonlyMap<string, CChain>;
  /** Per hook, the chain of each table in HOOK_TABLES order (undefined: no chain, skip). */
  readonly hookTables: Readonly<Record<HookName, readonly (CChain | undefined)[]>>;
  /**
   * Per hook, every base chain the kernel calls, in its order: iptables' tables (HOOK_TABLES) and
   * nftables' base chains merged by priority (hookOrder.ts). What the machine walks.
   */
  readonly hookOrder: Readonly<Record<HookName, readonly HookEntry[]>>;
  /** Base chains of different tables at one hook and priority (text for the assumption), or null. */
  readonly equalPriority: string | null;
  /** Compiles a chain's rules (and index) on first entry; a no-op afterwards. */
  readonly prepare: (chain: CChain) => void;
  /** Text for the 'trace/implied-kube-jumps' assumption, or null when nothing was implied. */
  readonly impliedSummary: string | null;
}

/** One base chain on a hook, as the kernel calls it. */
export interface HookEntry {
  readonly table: TableId;
  /** Undefined: the table has no such chain (skipped). */
  readonly chain: CChain | undefined;
  /** A `nat` chain: only a connection's first packet, until one sets up the binding. */
  readonly nat: boolean;
  /** Where it runs on the hook (for nftables nat chains: the nat core's priority). */
  readonly priority: number;
  /** Its own priority as declared (orders nat chains among themselves). */
  readonly own: number;
}
