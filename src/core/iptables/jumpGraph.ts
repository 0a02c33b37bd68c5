import type { RuleNode } from './ast';
import type { Parser } from './parser';
import { SavedRule, targetNameSpan } from './savedRule';
import { BUILTIN_CHAIN_NAMES, type TableState } from './tableState';

/**
 * Read-time checks on the jumps of each table, as iptables-restore makes them when loading:
 * - a loop (A → B → A): the kernel refuses the table with ELOOP (nf_tables: nf_tables_check_loops;
 *   x_tables: mark_source_chains, "loop detected");
 * - nesting: nf_tables validates every chain reachable from a base chain with a jump stack of
 *   NFT_JUMP_STACK_SIZE = 16 levels (net/netfilter/nf_tables_api.c, nft_chain_validate: `if
 *   (ctx->level == NFT_JUMP_STACK_SIZE) return -EMLINK`), so iptables-nft refuses a chain 16 jumps
 *   from a built-in chain ("RULE_APPEND failed (Too many links)"); iptables-legacy has no such limit.
 * Per table, the jump depths in Kahn's topological order (no recursion: a 10,000-deep chain is
 * fine); only when some chains are left over (a loop) an iterative depth-first walk over those
 * names the loop. Linear in rules and chains.
 */

/** Jumps from a base chain that nf_tables still accepts. */
export const NFT_MAX_DEPTH = 15;
/** At most this many loops are reported per table. */
const MAX_LOOPS = 20;

export function checkJumps(p: Parser): void {
  for (const t of p.tables) if (t.rules.length > 0) checkTable(p, t);
}

function checkTable(p: Parser, t: TableState): void {
  const n = p.chains.count;
  const rules = t.rules;
  const m = rules.length;
  // One pass over the rules for their chain and jump ids (getters), then typed arrays only.
  const from = new Int32Array(m);
  const jump = new Int32Array(m);
  // Chains with rules in this table; edges only lead to those (verdicts and empty chains are leaves).
  const has = new Uint8Array(n);
  for (let i = 0; i < m; i++) {
    const r = rules[i];
    if (r instanceof SavedRule) {
      const c = r.chainId;
      from[i] = c;
      jump[i] = r.jumpId;
      has[c] = 1;
    } else jump[i] = -1;
  }
  const first = new Int32Array(n + 1);
  for (let i = 0; i < m; i++) {
    const j = jump[i] as number;
    if (j >= 0 && has[j] === 1) {
      const c = (from[i] as number) + 1;
      first[c] = (first[c] as number) + 1;
    }
  }
  for (let c = 0; c < n; c++) first[c + 1] = (first[c + 1] as number) + (first[c] as number);
  const edges = first[n] as number;
  if (edges === 0) return;
  const to = new Int32Array(edges);
  const via = new Int32Array(edges);
  const fill = first.slice(0, n);
  for (let i = 0; i < m; i++) {
    const j = jump[i] as number;
    if (j < 0 || has[j] !== 1) continue;
    const c = from[i] as number;
    const k = fill[c] as number;
    fill[c] = k + 1;
    to[k] = j;
    via[k] = i;
  }
  // Roots: the table's built-in chains first (depth 0), then every other chain with rules.
  const builtin = new Uint8Array(n);
  for (const name of BUILTIN_CHAIN_NAMES[t.name]) {
    const id = p.chains.idOf(name);
    if (id >= 0) builtin[id] = 1;
  }
  // Kahn's order: a chain is taken once every jump into it has been; its depth is then final.
  const indeg = new Int32Array(n);
  for (let k = 0; k < edges; k++) {
    const v = to[k] as number;
    indeg[v] = (indeg[v] as number) + 1;
  }
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  let nodes = 0;
  for (let c = 0; c < n; c++) {
    if (has[c] !== 1) continue;
    nodes++;
    if (indeg[c] === 0) queue[tail++] = c;
  }
  const depth = new Int32Array(n).fill(-1);
  const pred = new Int32Array(n).fill(-1);
  for (let c = 0; c < n; c++) if (builtin[c] === 1) depth[c] = 0;
  let deep = false;
  while (head < tail) {
    const u = queue[head++] as number;
    const d = depth[u] as number;
    const end = first[u + 1] as number;
    for (let k = first[u] as number; k < end; k++) {
      const v = to[k] as number;
      if (d >= 0 && d + 1 > (depth[v] as number)) {
        depth[v] = d + 1;
        pred[v] = k;
        if (d + 1 > NFT_MAX_DEPTH && !deep) {
          deep = true;
          reportDepth(p, t, rules, v, depth, pred, via, first);
        }
      }
      const left = (indeg[v] as number) - 1;
      indeg[v] = left;
      if (left === 0) queue[tail++] = v;
    }
  }
  // Chains never taken are on a loop or after one: walk them to name each loop.
  if (tail < nodes) findLoops(p, t, rules, n, first, to, via, indeg);
}

/** Depth-first walks over the chains Kahn's order left (`indeg` > 0), reporting each back edge. */
function findLoops(
  p: Parser,
  t: TableState,
  rules: readonly RuleNode[],
  n: number,
  first: Int32Array,
  to: Int32Array,
  via: Int32Array,
  indeg: Int32Array,
): void {
  const color = new Uint8Array(n); // 0 unseen, 1 on the walk's stack, 2 done
  const stack = new Int32Array(n);
  const cursor = new Int32Array(n);
  let loops = 0;
  for (let root = 0; root < n && loops < MAX_LOOPS; root++) {
    if ((indeg[root] as number) <= 0 || color[root] !== 0) continue;
    let top = 0;
    stack[0] = root;
    cursor[root] = first[root] as number;
    color[root] = 1;
    while (top >= 0) {
      const u = stack[top] as number;
      const k = cursor[u] as number;
      if (k < (first[u + 1] as number)) {
        cursor[u] = k + 1;
        const v = to[k] as number;
        const cv = color[v] as number;
        if (cv === 0) {
          color[v] = 1;
          cursor[v] = first[v] as number;
          top++;
          stack[top] = v;
        } else if (cv === 1 && loops < MAX_LOOPS) {
          loops++;
          reportLoop(p, t, rules[via[k] as number] as RuleNode, stack, top, v);
        }
        continue;
      }
      color[u] = 2;
      top--;
    }
  }
}

/** The loop is the walk's stack from `v` up to the top, closed by `rule` (top → v). */
function reportLoop(
  p: Parser,
  t: TableState,
  rule: RuleNode,
  stack: Int32Array,
  top: number,
  v: number,
): void {
  let from = top;
  while (from > 0 && stack[from] !== v) from--;
  const names = p.chains.names;
  const path: string[] = [];
  for (let i = from; i <= top; i++) path.push(names[stack[i] as number] as string);
  const shown = path.length > 8 ? [...path.slice(0, 4), '…', ...path.slice(-3)] : path;
  const at = targetNameSpan(rule);
  p.sink.add(
    'iptables/jump-loop',
    `*${t.name}: ${[...shown, names[v]].join(' → ')} is a jump loop (line ${rule.line} closes it); iptables-restore refuses such a table (ELOOP).`,
    at.start,
    at.end,
  );
}

function reportDepth(
  p: Parser,
  t: TableState,
  rules: readonly RuleNode[],
  v: number,
  depth: Int32Array,
  pred: Int32Array,
  via: Int32Array,
  first: Int32Array,
): void {
  const names = p.chains.names;
  const path: string[] = [names[v] as string];
  let c = v;
  while ((pred[c] as number) >= 0) {
    const k = pred[c] as number;
    // The edge's source: the chain whose edge range holds k (binary search over `first`).
    let lo = 0;
    let hi = first.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((first[mid] as number) <= k) lo = mid;
      else hi = mid - 1;
    }
    c = lo;
    path.push(names[c] as string);
  }
  path.reverse();
  const rule = rules[via[pred[v] as number] as number] as RuleNode;
  const at = targetNameSpan(rule);
  const shown = path.length > 8 ? [...path.slice(0, 3), '…', ...path.slice(-3)] : path;
  p.sink.add(
    'iptables/nesting-too-deep',
    `*${t.name}: ${names[v]} is ${depth[v]} jumps from ${path[0]} (${shown.join(' → ')}); nf_tables accepts at most ${NFT_MAX_DEPTH} (a jump stack of 16), so iptables-nft refuses this table ("Too many links"); iptables-legacy accepts it.`,
    at.start,
    at.end,
  );
}
