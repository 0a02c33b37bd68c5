import type { TableName } from '../ruleset';
import type { Span } from '../text';

/**
 * The syntax tree of an `iptables-save` / `ip6tables-save` text (or kube-proxy's
 * `iptables-restore` input). It keeps what the user wrote — option order, spelling, raw text —
 * so that printing it back reproduces the meaning, and every node carries its source span.
 * Meaning (typed matches, resolved jumps) is added by `lowerToRuleset` in `../model`.
 */

/** The table names are the Ruleset's (ruleset/tables.ts); the reader validates `*table` lines against them. */
export type { TableName } from '../ruleset';
export { TABLE_NAMES } from '../ruleset';

/** `[packets:bytes]` as printed by `iptables-save -c` and on chain declarations. */
export interface Counters {
  readonly packets: string;
  readonly bytes: string;
  readonly span: Span;
}

/** `:NAME POLICY [p:b]`. User chains have policy `-`. */
export interface ChainDecl {
  readonly kind: 'chain';
  readonly name: string;
  readonly nameSpan: Span;
  /** `ACCEPT`, `DROP`, … for built-in chains; `null` for `-` (user-defined chain). */
  readonly policy: string | null;
  readonly counters: Counters | null;
  readonly span: Span;
  /** 1-based line number. */
  readonly line: number;
}

/** One option inside a match or a target: `! --dport 80`, `--mode random`. */
export interface OptionNode {
  /** As written, e.g. `--dport`, `-s`, `--set-xmark`. Long aliases are kept as written. */
  readonly name: string;
  readonly negated: boolean;
  /** Unquoted values, in order (`--to-destination 10.0.0.1:80` → `['10.0.0.1:80']`). */
  readonly values: readonly string[];
  /** Raw source slices of the values (keeps the user's quoting). */
  readonly rawValues: readonly string[];
  readonly span: Span;
}

/**
 * A match group. Built-in selectors (`-s -d -p -i -o -f`) form groups with module `''`;
 * `-m tcp --dport 80` is module `tcp`. `explicit` is false for options that iptables accepts
 * after `-p tcp` without `-m tcp` (an implicit match), and for the built-in group.
 */
export interface MatchNode {
  readonly module: string;
  readonly explicit: boolean;
  readonly options: readonly OptionNode[];
  readonly span: Span;
  /** Set when the module is not one the parser knows: kept verbatim, evaluated under an assumption. */
  readonly unknown?: boolean;
}

export interface TargetNode {
  /** `-j` jumps, `-g` gotos (no return to the calling chain). */
  readonly kind: 'jump' | 'goto';
  readonly name: string;
  readonly nameSpan: Span;
  readonly options: readonly OptionNode[];
  readonly span: Span;
}

/** `-A CHAIN …` (also `-I` in restore input: kept with its operation). */
export interface RuleNode {
  readonly kind: 'rule';
  readonly op: 'A' | 'I';
  readonly chain: string;
  readonly chainSpan: Span;
  /** `iptables-save -c` prefix. */
  readonly counters: Counters | null;
  readonly matches: readonly MatchNode[];
  readonly target: TargetNode | null;
  /** The user's own text of the rule line, without the line ending. */
  readonly raw: string;
  readonly span: Span;
  /** 1-based line number in the pasted text. */
  readonly line: number;
}

/** A restore-input-only line such as `-X CHAIN` (delete chain) or `-F CHAIN`. */
export interface CommandNode {
  readonly kind: 'command';
  readonly op: string;
  readonly chain: string | null;
  readonly raw: string;
  readonly span: Span;
  readonly line: number;
}

export interface TableNode {
  readonly name: TableName;
  /** Span of the `*table` header; for an implied table (grep'ed excerpt), an empty span at its first rule. */
  readonly span: Span;
  /** False when the text had no `*table` header and the table was inferred. */
  readonly declared: boolean;
  readonly chains: readonly ChainDecl[];
  readonly rules: readonly RuleNode[];
  readonly commands: readonly CommandNode[];
  /** False when the text ended without `COMMIT` for this table. */
  readonly committed: boolean;
  /** 1-based line of the header (or of the first rule of an implied table). */
  readonly line: number;
}

/** `#` comment lines are kept so that printing keeps the header and footer. */
export interface CommentLine {
  readonly text: string;
  readonly span: Span;
  readonly line: number;
}

export interface IptablesDocument {
  /** Tables in the order they first appear. A table may appear once only; a repeat is merged into the first. */
  readonly tables: readonly TableNode[];
  readonly comments: readonly CommentLine[];
  /** `ipv6` when addresses show the dump came from `ip6tables-save`. */
  readonly family: 'ipv4' | 'ipv6';
  /** Which flavour the text looks like; used for messages and round-trip printing. */
  readonly flavour: 'iptables-save' | 'restore-input' | 'excerpt';
  /**
   * True when `parseIptablesSave` built this document and already reported every jump to a chain
   * the text does not have ('iptables/undeclared-jump-target'), so lowering need not repeat it.
   */
  readonly checkedJumps?: boolean;
}
