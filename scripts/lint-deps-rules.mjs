// The rules that scripts/lint-deps.mjs checks, as data and pure functions over an import graph
// `{ files, edges: [{ from, to, kind: 'value' | 'type' | 'dynamic', line, column }] }` (paths
// relative to the repository, `/` separators). DESIGN.md: "Nothing imports ui/; core/ imports
// nothing above it; lower core folders never import higher ones; no value-import cycles".

/**
 * The core folders, leaves first: a folder may import only folders before it. `analyze.ts` (the
 * one pipeline) comes after all of them. A new core folder must be placed here, or lint fails.
 */
export const CORE_ORDER = [
  'text',
  'net',
  'ruleset',
  'iptables',
  'nftables',
  'ipset',
  'ipvs',
  'kubectl',
  'lower',
  'kubeproxy',
  'trace',
  // The lazy reader (issue 10, on its own branch) names trace's IndexKey: it comes after trace.
  'lazy',
  'view',
  'share',
  // Two dumps' Services side by side (issue 11): traces through both, reads view's packet sources.
  'compare',
];

/** Level 'error' fails `npm run lint`; 'warn' is printed only. */
export const RULES = {
  'folder-cycle': { level: 'error', text: 'no value-import cycle between folders' },
  'core-layers': { level: 'error', text: 'a core folder imports only the core folders before it' },
  'core-closed': { level: 'error', text: 'core/ imports nothing outside core/' },
  'core-index-only': {
    level: 'error',
    text: 'another folder enters a core folder only through its index.ts',
  },
  'sim-content-core-only': {
    level: 'error',
    text: 'sim/ imports core/ only; content/ imports core/ and sim/',
  },
  'no-ui-import': { level: 'error', text: 'nothing imports ui/ (but the entry, src/main.tsx)' },
  'no-test-in-product': { level: 'error', text: 'product code imports no test or test-support module' },
};

/**
 * Known breaks whose fix is under way on another branch (issue 10): reported as warnings, so that
 * lint stays green meanwhile and every other break still fails. Delete an entry once its fix has
 * merged; the list should end empty.
 */
export const PENDING = [];

const TEST_FILE = /\.(?:test|spec)\.[cm]?[jt]sx?$/;

/** A test: `*.test.ts`, `*.spec.ts`, or anything under test/ or e2e/. */
export function isTest(path) {
  return TEST_FILE.test(path) || path.startsWith('test/') || path.startsWith('e2e/');
}

/** A test-support module: `testing*.ts`, anything in a `testing/` folder, `*.node.ts`. */
export function isTestSupport(path) {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return /^testing.*\.[jt]sx?$/.test(name) || path.includes('/testing/') || /\.node\.[jt]sx?$/.test(name);
}

/** Shipped code under src/: not a test, not test support (scripts/ are tools, not product). */
export function isProduct(path) {
  return path.startsWith('src/') && !isTest(path) && !isTestSupport(path);
}

/**
 * The folder a path belongs to, for layering: `core/<folder>`, `core/analyze`, or the first folder
 * under src/ (`ui`, `state`, `sim`, …; `main` for src/main.tsx), or the top folder (`test`, …).
 */
export function unitOf(path) {
  const parts = path.split('/');
  if (parts[0] !== 'src') return parts[0];
  if (parts.length === 2) return parts[1].replace(/\.[^.]+$/, '');
  if (parts[1] === 'core') {
    if (parts.length === 3) return `core/${parts[2].replace(/\.[^.]+$/, '')}`;
    return `core/${parts[2]}`;
  }
  return parts[1];
}

/** The rank of a core unit in CORE_ORDER (analyze last), or -1 for a folder not placed there. */
function coreRank(unit) {
  if (unit === 'core/analyze') return CORE_ORDER.length;
  return CORE_ORDER.indexOf(unit.slice('core/'.length));
}

function at(edge, rule, message) {
  const from = unitOf(edge.from);
  const to = unitOf(edge.to);
  const pending = PENDING.some((p) => p.rule === rule && p.from === from && p.to === to);
  const level = pending ? 'warn' : RULES[rule].level;
  return { rule, level, file: edge.from, line: edge.line, column: edge.column, message };
}

/** The per-edge rules: every edge, type-only imports included (a type is knowledge too). */
function checkEdge(edge) {
  const { from, to } = edge;
  const fromUnit = unitOf(from);
  const toUnit = unitOf(to);
  const found = [];
  if (to.startsWith('src/ui/') && !from.startsWith('src/ui/') && from !== 'src/main.tsx') {
    found.push(at(edge, 'no-ui-import', `imports ${to}: nothing but src/main.tsx imports ui/`));
  }
  if (isProduct(from) && !isProduct(to)) {
    found.push(at(edge, 'no-test-in-product', `imports the test module ${to}`));
  }
  const fromCore = from.startsWith('src/core/');
  const toCore = to.startsWith('src/core/');
  if (fromCore && isProduct(from) && !toCore) {
    found.push(at(edge, 'core-closed', `imports ${to}: core/ imports nothing outside core/`));
  }
  if (fromCore && toCore && isProduct(from) && isProduct(to) && fromUnit !== toUnit) {
    const fromRank = coreRank(fromUnit);
    const toRank = coreRank(toUnit);
    if (fromRank < 0 || toRank < 0) {
      const unplaced = fromRank < 0 ? fromUnit : toUnit;
      found.push(
        at(edge, 'core-layers', `${unplaced} has no place in CORE_ORDER (scripts/lint-deps-rules.mjs)`),
      );
    } else if (toRank >= fromRank) {
      found.push(at(edge, 'core-layers', `${fromUnit} imports ${toUnit}, which comes after it (${to})`));
    }
  }
  // DESIGN.md: the generator serves the bench, the kernel suite and the gallery (content/).
  const allowed = fromUnit === 'content' ? ['content', 'sim'] : [fromUnit];
  if (
    (fromUnit === 'sim' || fromUnit === 'content') &&
    isProduct(from) &&
    !toCore &&
    !allowed.includes(toUnit)
  ) {
    found.push(
      at(edge, 'sim-content-core-only', `${fromUnit}/ imports ${to}: ${RULES['sim-content-core-only'].text}`),
    );
  }
  const inFolder = toCore && to.split('/').length > 3;
  if (
    inFolder &&
    fromUnit !== toUnit &&
    !to.endsWith('/index.ts') &&
    !isTestSupport(to) &&
    !isTestSupport(from)
  ) {
    found.push(at(edge, 'core-index-only', `imports ${to}: enter ${toUnit} through ${toUnit}/index.ts`));
  }
  return found;
}

/** Strongly connected components of a directed graph (Tarjan), each with more than one node. */
export function cycles(nodes, next) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  const connect = (v) => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) connect(v);
  return out;
}

/**
 * Cycles between folders over the value imports of product code (a type import is erased, a test
 * is not shipped). Reported once per folder pair on the first import that makes it.
 */
function checkFolderCycles(edges) {
  const first = new Map();
  const next = new Map();
  for (const edge of edges) {
    if (edge.kind !== 'value' || !isProduct(edge.from) || !isProduct(edge.to)) continue;
    const a = unitOf(edge.from);
    const b = unitOf(edge.to);
    if (a === b) continue;
    if (!next.has(a)) next.set(a, new Set());
    next.get(a).add(b);
    const key = `${a}\0${b}`;
    if (!first.has(key)) first.set(key, edge);
  }
  const found = [];
  for (const component of cycles([...next.keys()].sort(), (v) => [...(next.get(v) ?? [])].sort())) {
    const members = new Set(component);
    for (const [key, edge] of first) {
      const [a, b] = key.split('\0');
      if (members.has(a) && members.has(b)) {
        found.push(
          at(edge, 'folder-cycle', `${a} → ${b} is part of the folder cycle {${component.join(', ')}}`),
        );
      }
    }
  }
  return found;
}

/** Every broken rule in the graph, sorted by file and position. */
export function checkGraph(graph) {
  const found = [...graph.edges.flatMap(checkEdge), ...checkFolderCycles(graph.edges)];
  return found.sort((p, q) => p.file.localeCompare(q.file) || p.line - q.line || p.column - q.column);
}
