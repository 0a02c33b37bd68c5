import type { Diagnostic } from '../text';
import { type IptablesCode, severityOf } from './codes';

/** At most this many diagnostics per parse: a 50 MB paste of garbage must not yield a million. */
const MAX_DIAGNOSTICS = 1000;

/**
 * Messages quote the user's words, and a word can be 20 MB long (one pasted blob): beyond this
 * many characters a message keeps its head and its tail and says how much it left out, so that a
 * problem list (and a JSON report) stays readable. No message about real iptables text gets near.
 */
export const MAX_MESSAGE = 1000;
const HEAD = 800;
const TAIL = 100;

/** `message`, cut in the middle when longer than MAX_MESSAGE. */
function clipMessage(message: string): string {
  if (message.length <= MAX_MESSAGE) return message;
  const left = message.length - HEAD - TAIL;
  return `${message.slice(0, HEAD)} … (${left} characters left out) … ${message.slice(-TAIL)}`;
}

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
    this.list.push({ source: 'iptables', severity, code, message: clipMessage(message), span });
  }
}
