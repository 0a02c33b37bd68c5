#!/usr/bin/env node
// Reports live in reports/, not test-results/: Playwright empties its outputDir (test-results/)
// when it starts, which would delete the Vitest reports written before it.
// Sums the Vitest (unit, kernel) and Playwright JSON reports into the one plain closing line CI
// reads: `N passed, M failed`. A report that is missing counts as a failure when the test command
// itself failed (a step before it — lint, typecheck, build — stopped the run).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

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

// `npm run test:unit` and `npm run test:kernel` (package.json) each write one Vitest report.
const vitestReports = [
  ['Vitest (unit)', readJson('reports/vitest.json')],
  ['Vitest (kernel)', readJson('reports/vitest-kernel.json')],
];
for (const [, vitest] of vitestReports) {
  if (!vitest) continue;
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

// Every runner always writes its report when `npm test` gets to it: a missing one means the run
// stopped early (or a report path changed) — never pass on part of the tests.
for (const [name, report] of [...vitestReports, ['Playwright', playwright]]) {
  if (!report) {
    console.error(`summarize-tests: no ${name} report was written`);
    failed += 1;
  }
}

/** `*.test.ts` under src/ and test/: what vite.config.ts `test.include` selects. */
function testFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(path);
    return e.name.endsWith('.test.ts') ? [relative('.', path)] : [];
  });
}

// The two Vitest runs split the files between them (test:unit excludes test/kernel/): every test
// file must be in exactly one report, so a split that drops or doubles a file fails here.
if (vitestReports.every(([, r]) => r)) {
  const ranIn = new Map();
  for (const [name, report] of vitestReports) {
    for (const r of report.testResults ?? []) {
      const file = relative('.', resolve(r.name));
      ranIn.set(file, [...(ranIn.get(file) ?? []), name]);
    }
  }
  for (const file of [...testFiles('src'), ...testFiles('test')]) {
    const runs = ranIn.get(file) ?? [];
    if (runs.length !== 1) {
      console.error(
        `summarize-tests: ${file} ran ${runs.length} times (${runs.join(', ') || 'in no report'})`,
      );
      failed += 1;
    }
  }
}

if (exitCode !== 0 && failed === 0) {
  console.error(`summarize-tests: the test command exited ${exitCode} before all reports were written`);
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
