import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from './io';

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs in strict mode, with its errors turned into usage errors (exit 2). */
export function parseCommandArgs<O extends Options>(args: readonly string[], options: O) {
  try {
    return parseArgs({
      args: [...args],
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** A required positional argument. */
export function positional(positionals: readonly string[], index: number, what: string): string {
  const value = positionals[index];
  if (value === undefined) throw new UsageError(`missing ${what}`);
  return value;
}

/** An integer option within bounds, or the default when absent. */
export function intOption(
  value: string | undefined,
  name: string,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw new UsageError(`--${name} must be an integer, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`--${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

/**
 * One command of the CLI (its name and summary are listed in main.ts, which loads the module).
 * `run` returns the exit code; usage errors are thrown as UsageError.
 */
export interface Command {
  readonly name: string;
  readonly help: string;
  run(args: readonly string[], io: import('./io').CliIo): Promise<number>;
}
