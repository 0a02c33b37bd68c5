import type { Diagnostic } from '../text';
import { type IptablesCode, severityOf } from './codes';

/** At most this many diagnostics per parse: a 50 MB paste of garbage must not yield a million. */
export const MAX_DIAGNOSTICS = 1000;

/**
 * Collects diagnostics with a cap. After `MAX_DIAGNOSTICS` it records one final
 * 'iptables/too-many-diagnostics' and drops the rest (counted in `dropped`).
 */
export class DiagnosticSink {
  readonly list: Diagnostic[] = [];
  dropped = 0;

  /** False when diagnostics are dropped anyway (a re-read), so callers may skip building messages. */
  wants(): boolean {
    return true;
  }

  /** Adds a diagnostic with the severity registered for `code` in codes.ts. */
  add(code: IptablesCode, message: string, start: number, end: number): void {
    if (this.list.length >= MAX_DIAGNOSTICS) {
      this.dropped++;
      return;
    }
    const severity = severityOf(code);
    const span = { start, end: Math.max(start, end) };
    if (this.list.length === MAX_DIAGNOSTICS - 1) {
      this.list.push({
        source: 'iptables',
        severity: 'warning',
        code: 'iptables/too-many-diagnostics',
        message: `More than ${MAX_DIAGNOSTICS} diagnostics: the rest are not shown.`,
        span,
      });
      this.dropped++;
      return;
    }
    this.list.push({ source: 'iptables', severity, code, message, span });
  }
}
