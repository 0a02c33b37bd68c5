#!/usr/bin/env node
// Reports live in reports/, not test-results/: Playwright empties its outputDir (test-results/)
// when it starts, which would delete the Vitest report written before it.
// Sums the Vitest and Playwright JSON reports into the one plain closing line CI reads:
// `N passed, M failed`. A report that is missing counts as a failure when the test command
// itself failed (a step before it — lint, typecheck, build — stopped the run).
import { existsSync, readFileSync } from 'node:fs';

const exitCode = Number(process.argv[2] ?? '0');
let passed = 0;
let failed = 0;
let skipped = 0;

function readJson(path) {
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    console.error(`summarize-tests: ${path} is not valid JSON`);
    failed += 1;
    return null;
  }
}

const vitest = readJson('reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}

const playwright = readJson('reports/playwright.json');
if (playwright?.stats) {
  passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  failed += playwright.stats.unexpected ?? 0;
  skipped += playwright.stats.skipped ?? 0;
  // Errors outside any test (web server did not start, a spec failed to load).
  failed += (playwright.errors ?? []).length;
}

// Both runners always write their report when `npm test` gets to them: a missing one means the
// run stopped early (or a report path changed) — never pass on half the tests.
for (const [name, report] of [
  ['Vitest', vitest],
  ['Playwright', playwright],
]) {
  if (!report) {
    console.error(`summarize-tests: no ${name} report was written`);
    failed += 1;
  }
}

if (exitCode !== 0 && failed === 0) {
  console.error(`summarize-tests: the test command exited ${exitCode} before all reports were written`);
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
