import type { Diagnostic } from '../core/text';
import { hasErrors } from '../core/text';
import { type CliIo, UsageError } from './io';
import { printResult } from './json';

/**
 * JSON or text. Piped (scripts, tests, `| jq`), a command prints the JSON it always printed;
 * at a terminal, a summary for people (text/*.ts). `--json` / `--text` force either.
 */
export type OutputMode = 'json' | 'text';

/** The options every reporting command takes (parseArgs config). */
export const OUTPUT_OPTIONS = {
  json: { type: 'boolean' },
  text: { type: 'boolean' },
} as const;

/** Help text lines for OUTPUT_OPTIONS. */
export const OUTPUT_HELP = `Output: JSON when stdout is a pipe or a file, a readable summary at a terminal;
--json or --text forces either.`;

/** The mode the options ask for, else text at a terminal and JSON otherwise. */
export function outputMode(values: { json?: unknown; text?: unknown }, io: CliIo): OutputMode {
  if (values.json === true && values.text === true)
    throw new UsageError('--json and --text exclude each other');
  if (values.json === true) return 'json';
  if (values.text === true) return 'text';
  return io.isTerminal === true ? 'text' : 'json';
}

/**
 * Prints `value` as JSON (byte for byte what the CLI printed before text mode) or `text()`, and
 * returns the exit code: 1 when any diagnostic is an error, else 0.
 */
export function printOutput(
  io: CliIo,
  mode: OutputMode,
  value: unknown,
  diagnostics: readonly Diagnostic[],
  text: () => string,
): number {
  if (mode === 'json') return printResult(io.stdout, value, diagnostics);
  io.stdout(text());
  return hasErrors(diagnostics) ? 1 : 0;
}
