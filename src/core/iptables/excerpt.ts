import { declareChain } from './chainLine';
import { decideTables, type ExcerptRule } from './excerptTables';
import type { Parser } from './parser';
import { placeRule } from './ruleLine';
import type { SavedRule } from './savedRule';
import { bitOf, describeMask, IPVS_MARKERS } from './tableKnowledge';
import type { TableState } from './tableState';

/**
 * Lines of a header-less excerpt, kept until the whole text is read (the table of a chain is
 * decided from all of its rules, excerptTables.ts), then placed in text order. Text with `*table`
 * headers never makes one, so whole dumps are read in one pass as before.
 */
export class ExcerptLines {
  readonly rules: ExcerptRule[] = [];
  readonly saved: SavedRule[] = [];
  /** Per rule: chain word span and line start. */
  readonly at: number[] = [];
  /** `:CHAIN POLICY [p:b]` lines: chain id, policy, name span, counters span, line span, line number. */
  readonly decls: {
    id: number;
    policy: string;
    ns: number;
    ne: number;
    cs: number;
    ce: number;
    s: number;
    end: number;
    lineNo: number;
  }[] = [];
  /** Some line has words only kube-proxy's IPVS mode writes. */
  ipvs = false;

  /** Notes IPVS words in one line. */
  scan(line: string): void {
    if (this.ipvs) return;
    for (const m of IPVS_MARKERS) {
      if (line.includes(m)) {
        this.ipvs = true;
        return;
      }
    }
  }
}

/** Places the excerpt's declarations and rules in the tables decided for their chains. */
export function placeExcerpt(p: Parser): void {
  const ex = p.excerpt;
  if (ex === null) return;
  const names = p.chains.names;
  const decision = decideTables(ex.rules, p.chains.count, (id) => names[id] as string, ex.ipvs);
  const tableOf = (name: TableState['name'], s: number): TableState => {
    let t = p.tables.find((x) => x.name === name);
    if (t === undefined) {
      t = p.newTable(name, s, s, p.lineOf(s), false);
      p.tables.push(t);
      p.sink.add(
        'iptables/implied-table',
        `No *${name} header: these rules were placed in ${name} from their chains' names and targets.`,
        s,
        s,
      );
    }
    return t;
  };
  // Where most of the excerpt went: the likeliest table of a declared chain without rules.
  const votes = new Map<TableState['name'], number>();
  for (const pl of decision.rules) votes.set(pl.table, (votes.get(pl.table) ?? 0) + 1);
  let most: TableState['name'] | null = null;
  for (const [t, n] of votes) if (most === null || n > (votes.get(most) as number)) most = t;
  // Declarations and rules in text order (both lists are in text order).
  const declCount = new Map<number, number>();
  let d = 0;
  const guessed = new Map<string, { start: number; end: number; n: number; mask: number }>();
  const split = new Map<number, { start: number; end: number; n: number; mask: number }>();
  const placeDecl = (i: number) => {
    const c = ex.decls[i] as (typeof ex.decls)[number];
    const k = declCount.get(c.id) ?? 0;
    declCount.set(c.id, k + 1);
    const tables = decision.tablesOfChain(c.id, most);
    const name = tables[k] ?? tables[0];
    if (name === undefined) return;
    declareChain(p, tableOf(name, c.s), c.id, c.policy, c.ns, c.ne, c.cs, c.ce, c.s, c.end, c.lineNo);
  };
  for (let i = 0; i < ex.saved.length; i++) {
    const rule = ex.saved[i] as SavedRule;
    const s = rule.span.start;
    while (d < ex.decls.length && (ex.decls[d] as { s: number }).s < s) placeDecl(d++);
    const r = ex.rules[i] as ExcerptRule;
    const pl = decision.rules[i] as (typeof decision.rules)[number];
    const cs = ex.at[3 * i] as number;
    const ce = ex.at[3 * i + 1] as number;
    const t = tableOf(pl.table, ex.at[3 * i + 2] as number);
    if (t.line === 0) t.line = p.lineOf(s);
    placeRule(p, t, rule, r.chain, cs, ce, r.jump >= 0 ? (r.target as string) : null, r.jump);
    if (pl.split) {
      const g = split.get(r.chain);
      if (g === undefined) split.set(r.chain, { start: cs, end: ce, n: 1, mask: bitOf(pl.table) });
      else g.mask |= bitOf(pl.table);
    }
    if (pl.guessed) {
      const key = `${r.chain}\u0000${pl.table}`;
      const g = guessed.get(key);
      if (g === undefined) guessed.set(key, { start: cs, end: ce, n: 1, mask: pl.mask });
      else g.n++;
    }
  }
  while (d < ex.decls.length) placeDecl(d++);
  for (const [id, g] of split) {
    p.sink.add(
      'iptables/table-split',
      `${names[id]} has rules that only different tables accept (${describeMask(g.mask)}): the excerpt holds chains of that name from several tables; each rule was placed by its own target.`,
      g.start,
      g.end,
    );
  }
  for (const [key, g] of guessed) {
    const [id, table] = key.split('\u0000') as [string, string];
    const chain = names[Number(id)] as string;
    p.sink.add(
      'iptables/table-guessed',
      `Which table ${chain} belongs to cannot be told from this excerpt (it could be ${describeMask(g.mask)}): ${g.n} rule(s) kept in ${table}, the likeliest; paste the whole \`iptables-save\` to be sure.`,
      g.start,
      g.end,
    );
  }
}
