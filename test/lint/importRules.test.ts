import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// The import checks of `npm run lint`, fed small trees in a temp dir: they must be able to fail.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIOME = join(ROOT, 'node_modules/.bin/biome');
const LINT_DEPS = join(ROOT, 'scripts/lint-deps.mjs');

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temp dir holding `files` (path → text). */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'kpe-lint-'));
  made.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

interface BiomeRules {
  linter: { rules: { suspicious: { noImportCycles: unknown }; style: { useImportType: unknown } } };
}

/** biome lint over `files` with the repository's own settings of the two rules the cycle check uses. */
function biomeCycles(files: Record<string, string>) {
  const rules = (JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8')) as BiomeRules).linter.rules;
  const config = {
    linter: {
      rules: {
        preset: 'none',
        suspicious: { noImportCycles: rules.suspicious.noImportCycles },
        style: { useImportType: rules.style.useImportType },
      },
    },
  };
  const dir = tree({ ...files, 'biome.json': JSON.stringify(config) });
  const run = spawnSync(BIOME, ['lint', '--colors=off', '.'], { cwd: dir, encoding: 'utf8' });
  return { code: run.status, out: run.stdout + run.stderr };
}

describe('file cycles (biome noImportCycles, as biome.json sets it)', () => {
  it('fails on a value-import cycle between two files', () => {
    const run = biomeCycles({
      'a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'b.ts': "import { a } from './a';\nexport const b = () => a;\n",
    });
    expect(run.code).not.toBe(0);
    expect(run.out).toContain('lint/suspicious/noImportCycles');
  });

  it('fails on a cycle through a re-export', () => {
    const run = biomeCycles({
      'index.ts': "export { a } from './a';\n",
      'a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'b.ts': "import { a } from './index';\nexport const b = () => a;\n",
    });
    expect(run.code).not.toBe(0);
    expect(run.out).toContain('lint/suspicious/noImportCycles');
  });

  it('passes when one side imports only types (erased by the compiler)', () => {
    const run = biomeCycles({
      'a.ts': "import type { B } from './b';\nexport type A = B;\nexport const a = 1;\n",
      'b.ts': "import { a } from './a';\nexport type B = number;\nexport const b = a;\n",
    });
    expect(run.out).not.toContain('noImportCycles');
    expect(run.code).toBe(0);
  });

  it('fails on `import { type X }` alone, which still loads the module under verbatimModuleSyntax', () => {
    // Biome's cycle rule lets it pass; useImportType turns it into `import type`, which is erased.
    const run = biomeCycles({
      'a.ts': "import { type B } from './b';\nexport type A = B;\nexport const a = 1;\n",
      'b.ts': "import { a } from './a';\nexport type B = number;\nexport const b = a;\n",
    });
    expect(run.code).not.toBe(0);
    expect(run.out).toContain('lint/style/useImportType');
  });
});

interface Problem {
  rule: string;
  level: string;
  file: string;
}
interface LintDeps {
  readGraph(root: string): Promise<unknown>;
}
interface LintDepsRules {
  checkGraph(graph: unknown): Problem[];
}

// In-process: a node process per case would load the TypeScript compiler each time (~1 s here).
const deps = (await import(pathToFileURL(LINT_DEPS).href)) as LintDeps;
const rules = (await import(pathToFileURL(join(ROOT, 'scripts/lint-deps-rules.mjs')).href)) as LintDepsRules;

/** scripts/lint-deps.mjs's checks over `files`: the broken rules, as `level rule file`. */
async function lintDeps(files: Record<string, string>) {
  const problems = rules.checkGraph(await deps.readGraph(tree(files)));
  const found = problems.map((p) => `${p.level} ${p.rule} ${p.file}`);
  return { found, errors: problems.filter((p) => p.level === 'error').length };
}

/** A small layered tree that breaks no rule. */
const CLEAN = {
  'src/core/text/index.ts': "export { span } from './span';\n",
  'src/core/text/span.ts': 'export const span = (a: number) => a;\n',
  'src/core/net/index.ts': "export { addr } from './addr';\n",
  'src/core/net/addr.ts': "import { span } from '../text';\nexport const addr = () => span(1);\n",
  'src/core/net/testing.ts': "export const sample = '10.0.0.1';\n",
  'src/core/analyze.ts': "import { addr } from './net';\nexport const analyze = () => addr();\n",
  'src/sim/gen.ts': "import { addr } from '../core/net';\nexport const gen = () => addr();\n",
  'src/content/gallery.ts': "import { gen } from '../sim/gen';\nexport const gallery = () => gen();\n",
  'src/state/store.ts': "import type { Job } from '../workers/job';\nexport const store = (j: Job) => j;\n",
  'src/workers/job.ts': "import { store } from '../state/store';\nexport type Job = number;\nstore(1);\n",
  'src/ui/App.tsx': "import { analyze } from '../core/analyze';\nexport const App = () => analyze();\n",
  'src/main.tsx': "import { App } from './ui/App';\nApp();\n",
  'src/core/net/addr.test.ts': "import { sample } from './testing';\nvoid sample;\n",
  'test/flows/flow.test.ts': "import { sample } from '../../src/core/net/testing';\nvoid sample;\n",
};

describe('folder rules (scripts/lint-deps.mjs)', () => {
  it('passes a tree that keeps the layering', async () => {
    const run = await lintDeps(CLEAN);
    expect(run.found).toEqual([]);
  });

  it('fails when a lower core folder imports a higher one, types included', async () => {
    const run = await lintDeps({
      ...CLEAN,
      'src/core/text/span.ts': "import type { Addr } from '../net';\nexport const span = (a: Addr) => a;\n",
    });
    expect(run.errors).toBeGreaterThan(0);
    expect(run.found).toContain('error core-layers src/core/text/span.ts');
  });

  it('fails on a value cycle between folders, not on a type-only one', async () => {
    const typeOnly = await lintDeps(CLEAN);
    expect(typeOnly.found.filter((f) => f.includes('folder-cycle'))).toEqual([]);
    const run = await lintDeps({
      ...CLEAN,
      'src/state/store.ts': "import { job } from '../workers/job';\nexport const store = () => job;\n",
      'src/workers/job.ts': "import { store } from '../state/store';\nexport const job = () => store;\n",
    });
    expect(run.errors).toBeGreaterThan(0);
    expect(run.found).toEqual(
      expect.arrayContaining([
        'error folder-cycle src/state/store.ts',
        'error folder-cycle src/workers/job.ts',
      ]),
    );
  });

  it('fails when another folder reaches past a core index.ts, but not for test support', async () => {
    const run = await lintDeps({
      ...CLEAN,
      'src/ui/App.tsx': "import { addr } from '../core/net/addr';\nexport const App = () => addr();\n",
    });
    expect(run.errors).toBeGreaterThan(0);
    expect(run.found).toEqual(['error core-index-only src/ui/App.tsx']);
  });

  it('fails when core imports outside core, and when sim imports anything but core', async () => {
    const run = await lintDeps({
      ...CLEAN,
      'src/core/net/addr.ts':
        "import { store } from '../../state/store';\nexport const addr = () => store;\n",
      'src/sim/gen.ts': "import { gallery } from '../content/gallery';\nexport const gen = () => gallery;\n",
    });
    expect(run.errors).toBeGreaterThan(0);
    expect(run.found).toEqual(
      expect.arrayContaining([
        'error core-closed src/core/net/addr.ts',
        'error sim-content-core-only src/sim/gen.ts',
      ]),
    );
  });

  it('fails when anything but src/main.tsx imports ui/, or product code imports test support', async () => {
    const run = await lintDeps({
      ...CLEAN,
      'src/state/view.ts':
        "import { App } from '../ui/App';\nimport { sample } from '../core/net/testing';\n",
      'src/core/net/addr.test.ts': "import { App } from '../../ui/App';\nvoid App;\n",
    });
    expect(run.errors).toBeGreaterThan(0);
    expect(run.found).toEqual(
      expect.arrayContaining([
        'error no-ui-import src/core/net/addr.test.ts',
        'error no-ui-import src/state/view.ts',
        'error no-test-in-product src/state/view.ts',
      ]),
    );
  });

  it('fails on a core folder that has no place in the order', async () => {
    const run = await lintDeps({
      ...CLEAN,
      'src/core/extra/index.ts': "import { addr } from '../net';\nexport const extra = addr;\n",
    });
    expect(run.errors).toBeGreaterThan(0);
    expect(run.found).toContain('error core-layers src/core/extra/index.ts');
  });

  it('exits 1 from the command line on a broken rule, 0 on a clean tree', () => {
    const run = (files: Record<string, string>) =>
      spawnSync(process.execPath, [LINT_DEPS, '--root', tree(files)], { encoding: 'utf8' });
    expect(run(CLEAN).status).toBe(0);
    const broken = run({
      ...CLEAN,
      'src/core/text/span.ts': "import { addr } from '../net';\nexport const span = () => addr;\n",
    });
    expect(broken.status).toBe(1);
    expect(broken.stdout).toContain('src/core/text/span.ts:1:22 error deps/core-layers');
  });
});
