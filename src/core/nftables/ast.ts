import type { Span } from '../text';

/**
 * The syntax tree of an nftables ruleset, whichever form it was pasted in: `nft list ruleset`
 * text, `nft -j list ruleset` JSON, or an `nft -f` / knftables transaction (`add rule …`). All three
 * land in this one tree; every node keeps its source span (for JSON, the span of its JSON object)
 * and rules keep their raw text. Meaning (hook order, lookups, verdicts) is the tracer's business.
 */

export type NftFamily = 'ip' | 'ip6' | 'inet' | 'arp' | 'bridge' | 'netdev';
export const NFT_FAMILIES: readonly NftFamily[] = ['ip', 'ip6', 'inet', 'arp', 'bridge', 'netdev'];

/** Which form the text was read from. */
export type NftForm = 'listing' | 'json' | 'transaction';

/**
 * An expression. `field` is a payload/meta/ct/rt selector spelled as nft lists it, with the
 * shorthand `mark` widened to `meta mark` ("ip saddr", "th dport", "meta l4proto", "ct state").
 */
export type NftExpr =
  | { readonly kind: 'field'; readonly name: string; readonly span: Span }
  | { readonly kind: 'fib'; readonly flags: readonly string[]; readonly result: string; readonly span: Span }
  | {
      readonly kind: 'numgen';
      readonly mode: string;
      readonly mod: number;
      readonly offset: number;
      readonly span: Span;
    }
  /** A literal as written: address, prefix `10.0.0.0/8`, range `80-90`, number, keyword (`tcp`, `new`). */
  | { readonly kind: 'value'; readonly text: string; readonly span: Span }
  /** `established,related`: a comma list outside braces (flag values). */
  | { readonly kind: 'list'; readonly items: readonly NftExpr[]; readonly span: Span }
  | { readonly kind: 'concat'; readonly parts: readonly NftExpr[]; readonly span: Span }
  /** `a & b`, `a | b`, `a ^ b`, `a << b`, `a >> b` (`and`/`or`/`xor` are stored as `&`/`|`/`^`). */
  | {
      readonly kind: 'binop';
      readonly op: string;
      readonly left: NftExpr;
      readonly right: NftExpr;
      readonly span: Span;
    }
  /** An anonymous set `{ a, b }` or map `{ k : v, … }`. */
  | { readonly kind: 'set'; readonly elements: readonly NftElement[]; readonly span: Span }
  /** `@name`. */
  | { readonly kind: 'setref'; readonly name: string; readonly span: Span }
  /** `KEY map { … }` / `KEY map @name`: a data lookup (dnat targets). */
  | { readonly kind: 'map'; readonly key: NftExpr; readonly map: NftExpr; readonly span: Span };

/** What an element of a map maps to: a verdict (vmap) or data. */
export type NftVerdictKind = 'accept' | 'drop' | 'return' | 'continue' | 'jump' | 'goto' | 'queue';

export interface NftVerdict {
  readonly kind: 'verdict';
  readonly verdict: NftVerdictKind;
  /** The chain of `jump` / `goto`. */
  readonly chain: string | null;
  readonly span: Span;
}

/** A set or map element, named (`elements = { … }`, `add element`) or anonymous. */
export interface NftElement {
  /** Concatenation parts (`10.0.0.1 . tcp . 80` → three), each as written (prefixes, ranges kept). */
  readonly key: readonly string[];
  /** For maps: a verdict or the data parts (`10.180.0.7 . 8080`). */
  readonly value: NftVerdict | { readonly kind: 'data'; readonly parts: readonly string[] } | null;
  readonly timeout: string | null;
  readonly expires: string | null;
  readonly comment: string | null;
  readonly counter: { readonly packets: number; readonly bytes: number } | null;
  readonly span: Span;
}

/** A statement without its text and span (what the readers build first). */
export type NftStatementBody =
  | {
      readonly kind: 'match';
      readonly left: NftExpr;
      /** As written; `null` for an implicit match (`ip saddr 10.0.0.1`, `ct state new`). */
      readonly op: string | null;
      readonly right: NftExpr;
    }
  | NftVerdict
  | { readonly kind: 'vmap'; readonly key: NftExpr; readonly map: NftExpr }
  | { readonly kind: 'reject'; readonly with: string | null }
  | {
      readonly kind: 'nat';
      readonly type: 'dnat' | 'snat' | 'masquerade' | 'redirect';
      /** `dnat ip to …` */
      readonly family: string | null;
      readonly to: NftExpr | null;
      readonly flags: readonly string[];
    }
  /** `meta mark set …`, `ct mark set …`, `meta nftrace set 1`, `tcp option maxseg size set 1400`. */
  | { readonly kind: 'assign'; readonly target: NftExpr; readonly value: NftExpr }
  /** `update @set { ip saddr }` / `add @set { … }` (session affinity). */
  | {
      readonly kind: 'setUpdate';
      readonly op: 'update' | 'add' | 'delete';
      readonly set: string;
      readonly key: NftExpr;
      readonly timeout: string | null;
    }
  | { readonly kind: 'counter'; readonly packets: number | null; readonly bytes: number | null }
  /** `xt match recent` / `xt target …`: an iptables extension shown by name only. */
  | { readonly kind: 'xt'; readonly type: string; readonly name: string }
  | { readonly kind: 'unknown' };

export type NftStatement = NftStatementBody & {
  /** The statement's own text (for JSON input: nft-like text printed from the JSON). */
  readonly raw: string;
  readonly span: Span;
};

export interface NftRule {
  readonly statements: readonly NftStatement[];
  readonly comment: string | null;
  /** `# handle N` (`nft -a`) or the JSON `handle`. */
  readonly handle: number | null;
  /** The rule's text as the user wrote it, without the `add rule FAMILY TABLE CHAIN` prefix. */
  readonly raw: string;
  readonly span: Span;
  /** 1-based line of the rule in the pasted text. */
  readonly line: number;
}

export interface NftPriority {
  /** As written: `-100`, `dstnat`, `dstnat - 10`. */
  readonly raw: string;
  /** Resolved per nft(8) "PRIORITY" (family and hook dependent); null if it cannot be resolved. */
  readonly value: number | null;
}

export interface NftBaseChain {
  readonly type: string;
  readonly hook: string;
  readonly device: string | null;
  readonly priority: NftPriority;
  /** `accept` when not written (the kernel default). */
  readonly policy: string;
}

export interface NftChain {
  readonly name: string;
  readonly span: Span;
  readonly line: number;
  readonly base: NftBaseChain | null;
  readonly comment: string | null;
  readonly handle: number | null;
  readonly rules: readonly NftRule[];
}

export interface NftSet {
  readonly kind: 'set' | 'map';
  readonly name: string;
  readonly span: Span;
  readonly line: number;
  /** `type a . b : c` key parts; `null` with `typeof`. */
  readonly type: readonly string[] | null;
  /** `typeof …` key text, as written. */
  readonly typeOf: string | null;
  /** A map's data type: `verdict`, `ipv4_addr . inet_service`, … */
  readonly dataType: string | null;
  readonly flags: readonly string[];
  readonly timeout: string | null;
  readonly size: number | null;
  readonly counter: boolean;
  readonly comment: string | null;
  readonly handle: number | null;
  readonly elements: readonly NftElement[];
}

export interface NftTable {
  readonly family: NftFamily;
  readonly name: string;
  readonly span: Span;
  readonly line: number;
  readonly comment: string | null;
  readonly flags: readonly string[];
  readonly handle: number | null;
  /**
   * True for iptables-nft's tables ("# Warning: table ip nat is managed by iptables-nft" or `xt`
   * expressions): their rules are iptables rules translated, e.g. `--probability 0.5` printed as
   * `meta random & 2147483647 < 1073741824` (see `iptablesNftProbability`).
   */
  readonly iptablesNft: boolean;
  readonly chains: readonly NftChain[];
  readonly sets: readonly NftSet[];
}

/** A command of a transaction that is not an `add` (kept so the text can be explained). */
export interface NftCommand {
  readonly verb: string;
  readonly object: string;
  readonly raw: string;
  readonly span: Span;
  readonly line: number;
}

export interface NftDocument {
  readonly form: NftForm;
  readonly tables: readonly NftTable[];
  readonly commands: readonly NftCommand[];
  /** `nft -j`: the `metainfo` version, e.g. "1.0.6". */
  readonly version: string | null;
}
