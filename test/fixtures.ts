import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real dumps and kubectl outputs the tests run on (copied from the project's shared
 * fixtures; see test/fixtures/PROVENANCE.md for where each comes from).
 */
const FIXTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

export function fixturePath(relative: string): string {
  return join(FIXTURES_DIR, relative);
}

export function readFixture(relative: string): string {
  return readFileSync(fixturePath(relative), 'utf8');
}

/** `iptables/*.txt` dumps (every one, restore input and iptables-save alike). */
export function iptablesFixtures(): string[] {
  return readdirSync(join(FIXTURES_DIR, 'iptables'))
    .filter((f) => f.endsWith('.txt'))
    .sort();
}

/** `kubectl/*` outputs. */
export function kubectlFixtures(): string[] {
  return readdirSync(join(FIXTURES_DIR, 'kubectl')).sort();
}

export const SEEDS_DIR = join(FIXTURES_DIR, '..', 'seeds');
