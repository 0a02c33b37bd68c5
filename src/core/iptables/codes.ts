import type { Severity } from '../text';

/**
 * Every diagnostic code the iptables parser and `lowerToRuleset` emit. Codes are a wire format
 * (CLI JSON, worker protocol, docs): never rename or reuse one; add new ones at the end.
 * Severity rule: **error** = iptables-restore itself could not read the text; **warning** = what a
 * partial or grep'ed dump legitimately has; **info** = kept verbatim or restore-only.
 */
export const IPTABLES_CODES = [
  {
    code: 'iptables/unterminated-quote',
    severity: 'error',
    summary: 'A "…" value is not closed before the end of the line.',
  },
  {
    code: 'iptables/missing-value',
    severity: 'error',
    summary: 'An option is missing its value (e.g. `--dport` at the end of the line).',
  },
  {
    code: 'iptables/bad-address',
    severity: 'error',
    summary: 'An IP address or CIDR that iptables cannot parse.',
  },
  {
    code: 'iptables/bad-port',
    severity: 'error',
    summary: 'A port or port range outside 0..65535 or not a number.',
  },
  {
    code: 'iptables/bad-probability',
    severity: 'error',
    summary: '`--probability` is not a number between 0 and 1.',
  },
  { code: 'iptables/bad-number', severity: 'error', summary: 'A mark, mask or count that is not a number.' },
  {
    code: 'iptables/unknown-table',
    severity: 'error',
    summary:
      'A restore command (`-X`, `-F`, …) outside a table whose chain gives no hint of its table (rules are kept: iptables/table-guessed).',
  },
  { code: 'iptables/bad-table', severity: 'error', summary: '`*name` names a table that does not exist.' },
  {
    code: 'iptables/outside-table',
    severity: 'error',
    summary: 'A chain or rule line after COMMIT and before the next `*table`.',
  },
  {
    code: 'iptables/bad-line',
    severity: 'error',
    summary: 'A line inside a table that is not a chain, rule, COMMIT or comment.',
  },
  {
    code: 'iptables/bad-rule',
    severity: 'error',
    summary: 'A rule without its chain name, or with a word where an option was expected.',
  },
  {
    code: 'iptables/bad-policy',
    severity: 'error',
    summary: 'A built-in chain policy other than ACCEPT or DROP.',
  },
  {
    code: 'iptables/not-save-format',
    severity: 'error',
    summary: 'The text is `iptables -L` output; paste `iptables-save` output instead.',
  },
  {
    code: 'iptables/nftables-ruleset',
    severity: 'error',
    summary: 'The text is an nftables ruleset (`nft list ruleset`); not supported yet.',
  },
  {
    code: 'iptables/binary-data',
    severity: 'error',
    summary: 'NUL bytes or control characters: this is not text.',
  },
  {
    code: 'iptables/missing-commit',
    severity: 'warning',
    summary: 'A table ends without COMMIT (truncated dump?).',
  },
  {
    code: 'iptables/undeclared-jump-target',
    severity: 'warning',
    summary: 'A jump to a chain not in the text: treated as an empty chain.',
  },
  {
    code: 'iptables/duplicate-chain',
    severity: 'warning',
    summary: 'A chain is declared twice in the same table.',
  },
  {
    code: 'iptables/undeclared-chain',
    severity: 'warning',
    summary: 'A rule for a chain that its table does not declare.',
  },
  {
    code: 'iptables/implied-table',
    severity: 'warning',
    summary: 'Rules without a `*table` header: the table was inferred from kube-proxy names.',
  },
  {
    code: 'iptables/implied-chain',
    severity: 'warning',
    summary: 'Chains used by rules of an excerpt without their `:CHAIN` declarations.',
  },
  {
    code: 'iptables/skipped-line',
    severity: 'warning',
    summary: 'Lines of an excerpt that are not iptables rules (prompt, prose) were skipped.',
  },
  {
    code: 'iptables/unquoted-comment',
    severity: 'warning',
    summary: 'Extra words after a `--comment` value were taken as part of the comment.',
  },
  {
    code: 'iptables/list-rules-format',
    severity: 'warning',
    summary: '`iptables -S` output: one table, whose name was inferred.',
  },
  {
    code: 'iptables/too-many-diagnostics',
    severity: 'warning',
    summary: 'Further diagnostics were dropped after the limit.',
  },
  {
    code: 'iptables/unknown-module',
    severity: 'info',
    summary: 'A match module the parser does not know: kept verbatim.',
  },
  {
    code: 'iptables/unknown-option',
    severity: 'info',
    summary: 'An option the parser does not know: kept verbatim.',
  },
  {
    code: 'iptables/unknown-target',
    severity: 'info',
    summary: 'A target extension the parser does not know: kept verbatim.',
  },
  {
    code: 'iptables/restore-only',
    severity: 'info',
    summary: 'A restore-input command such as `-X CHAIN`: kept, not evaluated.',
  },
  {
    code: 'model/undeclared-jump-target',
    severity: 'warning',
    summary: 'Lowering found a jump to a chain that does not exist: an empty chain was created.',
  },
  {
    code: 'model/unreadable-value',
    severity: 'info',
    summary: 'Lowering kept a match it could not read as an opaque match.',
  },
  {
    code: 'iptables/table-guessed',
    severity: 'warning',
    summary:
      'Rules of an excerpt whose table nothing in the excerpt proves: kept in the likeliest table, which may be wrong.',
  },
  {
    code: 'iptables/table-split',
    severity: 'warning',
    summary:
      'A chain of an excerpt whose rules only different tables accept: same-named chains of several tables, placed rule by rule.',
  },
  {
    code: 'iptables/jump-loop',
    severity: 'error',
    summary: 'Chains that jump to each other in a loop: iptables-restore refuses the table (ELOOP).',
  },
  {
    code: 'iptables/nesting-too-deep',
    severity: 'warning',
    summary:
      'Jumps nested deeper than nf_tables accepts (16 from a base chain): iptables-nft refuses the table, iptables-legacy does not.',
  },
  {
    code: 'iptables/nat-without-range',
    severity: 'warning',
    summary:
      'DNAT or SNAT without --to-destination / --to-source: a null mapping that rewrites nothing but ends the chain.',
  },
] as const satisfies readonly { code: string; severity: Severity; summary: string }[];

export type IptablesCode = (typeof IPTABLES_CODES)[number]['code'];

const SEVERITY = new Map<string, Severity>(IPTABLES_CODES.map((c) => [c.code, c.severity]));

/** The severity registered for `code` (codes are defined once, here). */
export function severityOf(code: IptablesCode): Severity {
  return SEVERITY.get(code) ?? 'error';
}
