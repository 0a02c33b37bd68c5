import type { Span } from './span';

export type Severity = 'error' | 'warning' | 'info';

/**
 * A finding about the user's input. `code` is a stable string literal such as
 * `'iptables/missing-commit'`: tests and the UI key on it, never on `message`.
 * Wire format (CLI JSON, worker protocol): never rename an existing code.
 */
export interface Diagnostic {
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
  readonly span: Span;
  /** Which input the span points into. */
  readonly source: 'iptables' | 'kubectl';
}

export function diagnostic(
  source: Diagnostic['source'],
  severity: Severity,
  code: string,
  message: string,
  span: Span,
): Diagnostic {
  return { source, severity, code, message, span };
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
