import type { RuleNode } from './ast';
import type { Parser } from './parser';
import { ruleBody, SavedRule } from './savedRule';
import { BUILTIN_CHAIN_NAMES, type TableState } from './tableState';

/**
 * Read-time checks on the jumps of each table, as iptables-restore makes them when loading:
 * - a loop (A → B → A): the kernel refuses the table with ELOOP (nf_tables: nf_tables_check_loops;
 *   x_tables: mark_source_chains, "loop detected");
 * - nesting: nf_tables validates every chain reachable from a base chain with a jump stack of
 *   NFT_JUMP_STACK_SIZE = 16 levels (net/netfilter/nf_tables_api.c, nft_chain_validate: `if
 *   (ctx->level == NFT_JUMP_STACK_SIZE) return -EMLINK`), so iptables-nft refuses a chain 16 jumps
 *   from a built-in chain ("RULE_APPEND failed (Too many links)"); iptables-legacy has no such limit.
 * One iterative depth-first walk per table (no recursion: a 10,000-deep chain is fine), then the
 * longest jump depth over the walk's topological order: linear in rules and chains.
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
  // Chains with rules in this table; edges only lead to those (verdicts and empty chains are leaves).
  const has = new Uint8Array(n);
  for (let i = 0; i < m; i++) {
    const r = rules[i] as RuleNode;
    if (r instanceof SavedRule) has[r.chainId] = 1;
  }
  const first = new Int32Array(n + 1);
  for (let i = 0; i < m; i++) {
    const r = rules[i] as RuleNode;
    if (!(r instanceof SavedRule)) continue;
    const j = r.jumpId;
    if (j >= 0 && has[j] === 1) first[r.chainId + 1] = (first[r.chainId + 1] as number) + 1;
  }
  for (let c = 0; c < n; c++) first[c + 1] = (first[c + 1] as number) + (first[c] as number);
  const edges = first[n] as number;
  if (edges === 0) return;
  const to = new Int32Array(edges);
  const via = new Int32Array(edges);
  const fill = first.slice(0, n);
  for (let i = 0; i < m; i++) {
    const r = rules[i] as RuleNode;
    if (!(r instanceof SavedRule)) continue;
    const j = r.jumpId;
    if (j < 0 || has[j] !== 1) continue;
    const k = fill[r.chainId] as number;
    fill[r.chainId] = k + 1;
    to[k] = j;
    via[k] = i;
  }
  // Roots: the table's built-in chains first (depth 0), then every other chain with rules.
  const builtin = new Uint8Array(n);
  for (const name of BUILTIN_CHAIN_NAMES[t.name]) {
    const id = p.chains.idOf(name);
    if (id >= 0) builtin[id] = 1;
  }
  const roots: number[] = [];
  for (let c = 0; c < n; c++) if (has[c] === 1 && builtin[c] === 1) roots.push(c);
  for (let c = 0; c < n; c++) if (has[c] === 1 && builtin[c] === 0) roots.push(c);
  const color = new Uint8Array(n); // 0 unseen, 1 on the walk's stack, 2 done
  const post = new Int32Array(n).fill(-1);
  const order: number[] = [];
  const stack = new Int32Array(n);
  const cursor = new Int32Array(n);
  let loops = 0;
  for (const root of roots) {
    if (color[root] !== 0) continue;
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
        if (color[v] === 0) {
          color[v] = 1;
          cursor[v] = first[v] as number;
          stack[++top] = v;
        } else if (color[v] === 1 && loops < MAX_LOOPS) {
          loops++;
          reportLoop(p, t, rules[via[k] as number] as RuleNode, stack, top, v);
        }
        continue;
      }
      color[u] = 2;
      post[u] = order.length;
      order.push(u);
      top--;
    }
  }
  checkDepth(p, t, rules, order, post, first, to, via, builtin, n);
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
  const at = ruleBody(rule).target?.nameSpan ?? rule.span;
  p.sink.add(
    'iptables/jump-loop',
    `*${t.name}: ${[...shown, names[v]].join(' → ')} is a jump loop (line ${rule.line} closes it); iptables-restore refuses such a table (ELOOP).`,
    at.start,
    at.end,
  );
}

/** Longest jump depth from a built-in chain, in reverse post-order (back edges of loops skipped). */
function checkDepth(
  p: Parser,
  t: TableState,
  rules: readonly RuleNode[],
  order: readonly number[],
  post: Int32Array,
  first: Int32Array,
  to: Int32Array,
  via: Int32Array,
  builtin: Uint8Array,
  n: number,
): void {
  const depth = new Int32Array(n).fill(-1);
  const pred = new Int32Array(n).fill(-1);
  for (let c = 0; c < n; c++) if (builtin[c] === 1) depth[c] = 0;
  for (let i = order.length - 1; i >= 0; i--) {
    const u = order[i] as number;
    const d = depth[u] as number;
    if (d < 0) continue;
    for (let k = first[u] as number; k < (first[u + 1] as number); k++) {
      const v = to[k] as number;
      if ((post[v] as number) >= (post[u] as number)) continue;
      if (d + 1 > (depth[v] as number)) {
        depth[v] = d + 1;
        pred[v] = k;
        if (d + 1 > NFT_MAX_DEPTH) {
          reportDepth(p, t, rules, v, depth, pred, via, first);
          return;
        }
      }
    }
  }
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
  const at = ruleBody(rule).target?.nameSpan ?? rule.span;
  const shown = path.length > 8 ? [...path.slice(0, 3), '…', ...path.slice(-3)] : path;
  p.sink.add(
    'iptables/nesting-too-deep',
    `*${t.name}: ${names[v]} is ${depth[v]} jumps from ${path[0]} (${shown.join(' → ')}); nf_tables accepts at most ${NFT_MAX_DEPTH} (a jump stack of 16), so iptables-nft refuses this table ("Too many links"); iptables-legacy accepts it.`,
    at.start,
    at.end,
  );
}
