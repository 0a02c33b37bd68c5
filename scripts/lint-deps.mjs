#!/usr/bin/env node
// The layering of DESIGN.md, checked on resolved paths: `npm run lint:deps` (part of `npm run lint`).
// Biome's noImportCycles finds value cycles between files (biome.json); what Biome cannot say —
// it matches import specifiers, not the files they resolve to, and knows no folders — is here:
// the order of the core folders, cycles between folders, "nothing imports ui/", "core imports
// nothing outside core", "sim/ and content/ import core only", and "a core folder is entered
// through its index.ts". Imports are read with the TypeScript compiler API (typescript is already
// a devDependency) and resolved the way tsc resolves them (moduleResolution "bundler").
//
// Usage: node scripts/lint-deps.mjs [--root DIR] [--json]
// Exit 1 when a rule at level "error" is broken; rules at level "warn" are printed but pass.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { checkGraph } from './lint-deps-rules.mjs';

const SOURCE_ROOTS = ['src', 'test', 'e2e', 'scripts'];
const CODE = /\.(?:[cm]?[jt]s|tsx)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'fixtures', 'golden', 'test-results', 'reports']);

const COMPILER_OPTIONS = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  allowJs: true,
  jsx: ts.JsxEmit.ReactJSX,
  noEmit: true,
};

/** Every code file under the source roots, as paths relative to `root` with `/` separators. */
function listFiles(root) {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        if (!SKIP_DIRS.has(name)) walk(full);
      } else if (CODE.test(name) && !name.endsWith('.d.ts')) {
        out.push(relative(root, full).split(sep).join('/'));
      }
    }
  };
  for (const top of SOURCE_ROOTS) if (existsSync(join(root, top))) walk(join(root, top));
  return out.sort();
}

/**
 * The imports of one file: `{ specifier, kind, line, column }`, where kind is
 *   'value'   — evaluated when the file loads (import, export … from, import {type A} too: under
 *               verbatimModuleSyntax it stays as `import {} from`, so the module still loads);
 *   'type'    — erased by the compiler (`import type`, `export type … from`, `import('x').T`);
 *   'dynamic' — loaded later (`import('x')`, `new URL('x', import.meta.url)` for a worker).
 */
export function readImports(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const add = (node, specifier, kind) => {
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ specifier, kind, line: line + 1, column: character + 1 });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier, node.moduleSpecifier.text, node.importClause?.isTypeOnly ? 'type' : 'value');
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier, node.moduleSpecifier.text, node.isTypeOnly ? 'type' : 'value');
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal))
        add(arg.literal, arg.literal.text, 'type');
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) add(arg, arg.text, 'dynamic');
    } else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'URL' &&
      node.arguments?.length === 2 &&
      ts.isStringLiteralLike(node.arguments[0]) &&
      node.arguments[1].getText(source) === 'import.meta.url'
    ) {
      add(node.arguments[0], node.arguments[0].text, 'dynamic');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Resolves a relative specifier to a code file under root, or null (packages, data files). */
function resolveImport(root, from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const bare = specifier.replace(/\?.*$/, '');
  const containing = join(root, from);
  const hit = ts.resolveModuleName(bare, containing, COMPILER_OPTIONS, ts.sys).resolvedModule;
  let target = hit?.resolvedFileName;
  if (!target) {
    const direct = resolve(dirname(containing), bare);
    if (CODE.test(direct) && existsSync(direct)) target = direct;
  }
  if (!target || !CODE.test(target)) return null;
  const rel = relative(root, target).split(sep).join('/');
  return rel.startsWith('..') || rel.includes('node_modules/') ? null : rel;
}

/** The import graph of the project at root: `{ files, edges: [{from, to, kind, line, column}] }`. */
export async function readGraph(root) {
  const files = listFiles(root);
  const edges = [];
  await Promise.all(
    files.map(async (file) => {
      const text = await readFile(join(root, file), 'utf8');
      for (const imp of readImports(file, text)) {
        const to = resolveImport(root, file, imp.specifier);
        if (to) edges.push({ from: file, to, kind: imp.kind, line: imp.line, column: imp.column });
      }
    }),
  );
  edges.sort((a, b) => a.from.localeCompare(b.from) || a.line - b.line || a.column - b.column);
  return { files, edges };
}

async function main(argv) {
  const rootAt = argv.indexOf('--root');
  const root = resolve(rootAt >= 0 ? argv[rootAt + 1] : process.cwd());
  const graph = await readGraph(root);
  const problems = checkGraph(graph);
  if (argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(problems, null, 2)}\n`);
  } else {
    for (const p of problems) {
      const level = p.level === 'error' ? 'error' : 'warning';
      console.log(`${p.file}:${p.line}:${p.column} ${level} deps/${p.rule}: ${p.message}`);
    }
  }
  const errors = problems.filter((p) => p.level === 'error').length;
  const warnings = problems.length - errors;
  console.error(
    `lint-deps: ${graph.files.length} files, ${graph.edges.length} imports: ${errors} errors, ${warnings} warnings`,
  );
  return errors > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
