import type { Severity } from '../text';

/**
 * Every diagnostic code the nftables readers emit (listing, `nft -j` JSON, `nft -f` transactions).
 * Codes are a wire format (CLI JSON, worker protocol, docs): never rename or reuse one; add new ones
 * at the end. Severity rule as for iptables: **error** = `nft -f` itself would refuse the text;
 * **warning** = what a partial or pasted-in-pieces dump legitimately has; **info** = kept verbatim.
 */
export const NFTABLES_CODES = [
  {
    code: 'nftables/unterminated-string',
    severity: 'error',
    summary: 'A "…" string is not closed before the end of the line.',
  },
  {
    code: 'nftables/unbalanced-brace',
    severity: 'error',
    summary: 'A `{` is never closed (truncated listing?): what was read is kept.',
  },
  { code: 'nftables/unexpected-brace', severity: 'error', summary: 'A `}` that closes nothing.' },
  {
    code: 'nftables/bad-line',
    severity: 'error',
    summary: 'A line that is not an nft command, table block or comment.',
  },
  {
    code: 'nftables/bad-family',
    severity: 'error',
    summary: 'A table family other than ip, ip6, inet, arp, bridge or netdev.',
  },
  {
    code: 'nftables/bad-chain-spec',
    severity: 'error',
    summary: 'A base chain `type … hook … priority …;` that nft cannot read.',
  },
  {
    code: 'nftables/bad-priority',
    severity: 'error',
    summary: 'A chain priority that is neither a number nor a name nft(8) defines for this family and hook.',
  },
  {
    code: 'nftables/bad-set-spec',
    severity: 'error',
    summary: 'A set or map property (type, flags, timeout, size) that nft cannot read.',
  },
  { code: 'nftables/bad-element', severity: 'error', summary: 'A set or map element that cannot be read.' },
  {
    code: 'nftables/missing-value',
    severity: 'error',
    summary: 'A keyword without its value (e.g. `jump` without a chain, `comment` without a string).',
  },
  {
    code: 'nftables/deep-nesting',
    severity: 'error',
    summary: 'Braces nested deeper than nft allows: the inner part was skipped.',
  },
  {
    code: 'nftables/bad-json',
    severity: 'error',
    summary: 'The text is not JSON in the libnftables schema (`{"nftables": [ … ]}`).',
  },
  {
    code: 'nftables/binary-data',
    severity: 'error',
    summary: 'NUL bytes or control characters: this is not text.',
  },
  {
    code: 'nftables/undeclared-table',
    severity: 'warning',
    summary: 'A command for a table the text never adds: the table was created.',
  },
  {
    code: 'nftables/undeclared-chain',
    severity: 'warning',
    summary: 'A rule for a chain the text never adds: the chain was created.',
  },
  {
    code: 'nftables/undeclared-set',
    severity: 'warning',
    summary: 'Elements for a set or map the text never adds: it was created.',
  },
  {
    code: 'nftables/undeclared-jump-target',
    severity: 'warning',
    summary: 'A jump, goto or verdict-map element naming a chain not in its table: treated as empty.',
  },
  {
    code: 'nftables/undeclared-set-ref',
    severity: 'warning',
    summary: 'An `@name` lookup of a set or map not in its table: treated as empty.',
  },
  {
    code: 'nftables/no-base-chains',
    severity: 'warning',
    summary: 'A table without base chains (an excerpt?): the hooks its chains run from are implied.',
  },
  {
    code: 'nftables/missing-object',
    severity: 'warning',
    summary: 'A `delete` or `flush` of an object the text does not have.',
  },
  {
    code: 'nftables/skipped-line',
    severity: 'warning',
    summary: 'A shell prompt or command line (`$ sudo nft list ruleset`) around the listing was skipped.',
  },
  {
    code: 'nftables/too-many-diagnostics',
    severity: 'warning',
    summary: 'Further diagnostics were dropped after the limit.',
  },
  {
    code: 'nftables/unknown-statement',
    severity: 'info',
    summary: 'A rule statement the reader does not know: kept verbatim.',
  },
  {
    code: 'nftables/unknown-object',
    severity: 'info',
    summary: 'A table object (flowtable, counter, quota, ct helper…) the reader skips.',
  },
  {
    code: 'nftables/iptables-nft',
    severity: 'info',
    summary: 'A table managed by iptables-nft: iptables rules translated, comments and some options lost.',
  },
  {
    code: 'nftables/xt-expression',
    severity: 'info',
    summary:
      'An `xt match`/`xt target` (an iptables extension nft cannot show): its options are not in the listing.',
  },
  {
    code: 'nftables/restore-only',
    severity: 'info',
    summary: 'A command such as `list` or `reset` that changes nothing: kept, not applied.',
  },
] as const satisfies readonly { code: string; severity: Severity; summary: string }[];

export type NftablesCode = (typeof NFTABLES_CODES)[number]['code'];

const SEVERITY = new Map<string, Severity>(NFTABLES_CODES.map((c) => [c.code, c.severity]));

/** The severity registered for `code`. */
export function nftSeverityOf(code: NftablesCode): Severity {
  return SEVERITY.get(code) ?? 'error';
}
