import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/**
 * The one golden-file check every golden test uses. Goldens live under test/golden/; `name` is the
 * path below it (`model/k8s-overall-rules.json`, `model/k8s-overall-rules.txt`).
 *
 * - The golden exists: the value must equal it; a mismatch fails with the expected/actual pair the
 *   reporter shows as a diff (JSON goldens compare as parsed values, text goldens as text).
 * - The golden is missing: under CI (`CI` set, as .ci/run sets it) the test FAILS — a deleted golden
 *   must never pass. Locally it is written, with a loud warning, to be reviewed and committed.
 * - `UPDATE_GOLDEN=1` rewrites every golden the run reaches (refused under CI).
 */
const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), 'golden');

/** The environment the decision reads (process.env in tests; a plain object in expectGolden's own test). */
export interface GoldenEnv {
  readonly CI?: string | undefined;
  readonly UPDATE_GOLDEN?: string | undefined;
}

export interface GoldenOptions {
  readonly dir?: string;
  readonly env?: GoldenEnv;
  readonly warn?: (message: string) => void;
}

export type GoldenOutcome = 'matched' | 'written' | 'rewritten';

const UPDATE_HINT = 'UPDATE_GOLDEN=1 npx vitest run <test file>';

/** `CI=false` / `CI=0` are how some runners say "not CI"; any other value counts as CI. */
function isCi(env: GoldenEnv): boolean {
  return env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
}

/** A string is stored as it is; anything else as 2-space JSON. Both end with one newline. */
function goldenText(value: unknown): string {
  if (typeof value === 'string') return value.endsWith('\n') ? value : `${value}\n`;
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function expectGolden(name: string, value: unknown, options: GoldenOptions = {}): GoldenOutcome {
  const dir = options.dir ?? GOLDEN_DIR;
  const env = options.env ?? process.env;
  const warn = options.warn ?? ((m: string) => console.warn(m));
  const file = join(dir, name);
  const shown = relative(process.cwd(), file);
  const text = goldenText(value);
  const update = env.UPDATE_GOLDEN === '1';

  if (update && isCi(env)) {
    throw new Error(`UPDATE_GOLDEN=1 under CI would rewrite ${shown} instead of checking it: unset one.`);
  }
  if (update || !existsSync(file)) {
    if (!update && isCi(env)) {
      throw new Error(
        `golden ${shown} is missing. Under CI a golden is never created: run \`${UPDATE_HINT}\` ` +
          'locally, review the new file and commit it.',
      );
    }
    const existed = existsSync(file);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
    if (!existed) {
      warn(
        `\n!! GOLDEN WRITTEN: ${shown} did not exist and was created from this run.\n` +
          '!! Review it and commit it; under CI a missing golden fails.\n',
      );
    }
    return existed ? 'rewritten' : 'written';
  }

  const stored = readFileSync(file, 'utf8');
  const message = `golden ${shown} differs (accept a reviewed change with \`${UPDATE_HINT}\`)`;
  if (name.endsWith('.json')) {
    // Parsed, so key order is not a difference; round-tripped, so `undefined` fields drop out
    // exactly as they do in the file.
    expect(JSON.parse(text), message).toEqual(JSON.parse(stored));
  } else {
    expect(text, message).toBe(stored);
  }
  return 'matched';
}

/**
 * The golden files of one folder that no test claims (a fixture renamed or removed leaves its
 * golden behind, where it would mislead a reviewer). `claimed` are names as given to expectGolden.
 */
export function strayGoldens(folder: string, claimed: readonly string[], dir = GOLDEN_DIR): string[] {
  const path = join(dir, folder);
  if (!existsSync(path)) return [];
  const wanted = new Set(claimed);
  return readdirSync(path)
    .map((f) => `${folder}/${f}`)
    .filter((n) => !wanted.has(n))
    .sort();
}
