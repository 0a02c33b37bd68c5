import type { Diagnostic, Severity, Span } from '../text';

/**
 * Every diagnostic the `ipset list` / `ipset save` reader emits. Codes are a wire format (CLI
 * JSON, worker protocol, tests): never rename or reuse one; add new ones at the end. Nothing is an
 * error: a set or member that cannot be read is skipped with a warning, the rest is kept.
 */
export const IPSET_CODES = [
  { code: 'ipset/empty', severity: 'info', summary: 'Nothing but whitespace was pasted.' },
  {
    code: 'ipset/not-ipset',
    severity: 'warning',
    summary: 'No `ipset list` (`Name: …`) or `ipset save` (`create …`) set was found in the text.',
  },
  {
    code: 'ipset/ignored-text',
    severity: 'info',
    summary: 'Lines that are not ipset output (shell prompts, prose) were skipped.',
  },
  {
    code: 'ipset/unknown-type',
    severity: 'warning',
    summary: 'A set type ipset does not have: its members are kept as text and never match.',
  },
  {
    code: 'ipset/bad-member',
    severity: 'warning',
    summary: 'A member that does not fit the set type (address, port, protocol): skipped.',
  },
  {
    code: 'ipset/bad-field',
    severity: 'warning',
    summary: 'A header field (Revision, References…) that is not a number.',
  },
  {
    code: 'ipset/unknown-option',
    severity: 'info',
    summary: 'A header or member option this reader does not know; kept verbatim, not used.',
  },
  {
    code: 'ipset/entries-mismatch',
    severity: 'warning',
    summary: '"Number of entries" differs from the members listed: the paste is cut, members are missing.',
  },
  {
    code: 'ipset/no-members',
    severity: 'info',
    summary: 'A set listed without its members (`ipset list -t` or a cut paste): membership is unknown.',
  },
  {
    code: 'ipset/unknown-set',
    severity: 'warning',
    summary: '`add NAME …` to a set that no `create NAME …` line declared.',
  },
  {
    code: 'ipset/duplicate-set',
    severity: 'warning',
    summary: 'The same set name appears twice; the first is kept.',
  },
  {
    code: 'ipset/member-outside-set',
    severity: 'warning',
    summary: 'A member line before any `Name:` / `Members:` line: its set is unknown.',
  },
  {
    code: 'ipset/too-many-diagnostics',
    severity: 'info',
    summary: 'Too many diagnostics: the rest were dropped (the text is still read).',
  },
] as const satisfies readonly { code: string; severity: Severity; summary: string }[];

export type IpsetCode = (typeof IPSET_CODES)[number]['code'];

/** A finding about pasted `ipset` output; the span points into that text. */
export type IpsetDiagnostic = Omit<Diagnostic, 'source' | 'code'> & {
  readonly source: 'ipset';
  readonly code: IpsetCode;
};

const SEVERITY = new Map<string, Severity>(IPSET_CODES.map((c) => [c.code, c.severity]));
const MAX_DIAGNOSTICS = 500;

/** Collects diagnostics up to the cap, then one `ipset/too-many-diagnostics`. */
export class IpsetSink {
  readonly diagnostics: IpsetDiagnostic[] = [];
  private dropped = false;

  add(code: IpsetCode, message: string, at: Span): void {
    if (this.diagnostics.length >= MAX_DIAGNOSTICS) {
      if (!this.dropped) {
        this.dropped = true;
        this.diagnostics.push({
          source: 'ipset',
          severity: 'info',
          code: 'ipset/too-many-diagnostics',
          message: `More than ${MAX_DIAGNOSTICS} diagnostics; the rest were dropped.`,
          span: at,
        });
      }
      return;
    }
    this.diagnostics.push({
      source: 'ipset',
      severity: SEVERITY.get(code) ?? 'info',
      code,
      message,
      span: at,
    });
  }
}
