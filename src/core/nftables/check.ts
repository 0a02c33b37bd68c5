import type { NftElement, NftExpr, NftStatement, NftTable } from './ast';
import type { NftSink } from './sink';

/**
 * Whole-document checks, after reading (any form): jumps and `@set` lookups that name objects not
 * in their table, tables without base chains, and iptables-nft's tables. Returns the tables with
 * `iptablesNft` settled: a `# Warning: … managed by iptables-nft` line, or any `xt` expression
 * (iptables-nft writes them for matches nft cannot express, e.g. `-m recent`).
 */
export function checkDocument(tables: readonly NftTable[], sink: NftSink): NftTable[] {
  return tables.map((t) => {
    const chains = new Set(t.chains.map((c) => c.name));
    const sets = new Set(t.sets.map((s) => s.name));
    let xt = false;
    const jump = (chain: string | null, start: number, end: number) => {
      if (chain === null || chains.has(chain)) return;
      if (sink.full()) sink.dropped++;
      else
        sink.add(
          'nftables/undeclared-jump-target',
          `Chain ${chain} is not in table ${t.family} ${t.name}: treated as empty.`,
          start,
          end,
        );
    };
    const ref = (name: string, start: number, end: number) => {
      if (sets.has(name)) return;
      if (sink.full()) sink.dropped++;
      else
        sink.add(
          'nftables/undeclared-set-ref',
          `Set or map @${name} is not in table ${t.family} ${t.name}: treated as empty.`,
          start,
          end,
        );
    };
    const elements = (els: readonly NftElement[]) => {
      for (const e of els) if (e.value?.kind === 'verdict') jump(e.value.chain, e.span.start, e.span.end);
    };
    const expr = (e: NftExpr | null, depth = 0): void => {
      if (e === null || depth > 64) return;
      switch (e.kind) {
        case 'setref':
          ref(e.name, e.span.start, e.span.end);
          return;
        case 'set':
          elements(e.elements);
          return;
        case 'concat':
          for (const p of e.parts) expr(p, depth + 1);
          return;
        case 'list':
          for (const p of e.items) expr(p, depth + 1);
          return;
        case 'binop':
          expr(e.left, depth + 1);
          expr(e.right, depth + 1);
          return;
        case 'map':
          expr(e.key, depth + 1);
          expr(e.map, depth + 1);
          return;
      }
    };
    const statement = (s: NftStatement) => {
      switch (s.kind) {
        case 'verdict':
          return jump(s.chain, s.span.start, s.span.end);
        case 'match':
          expr(s.left);
          return expr(s.right);
        case 'vmap':
          expr(s.key);
          return expr(s.map);
        case 'nat':
          return expr(s.to);
        case 'assign':
          return expr(s.value);
        case 'setUpdate':
          return ref(s.set, s.span.start, s.span.end);
        case 'xt':
          xt = true;
          sink.add(
            'nftables/xt-expression',
            `\`xt ${s.type} ${s.name}\`: an iptables extension; the listing does not show its options.`,
            s.span.start,
            s.span.end,
          );
      }
    };
    for (const c of t.chains) for (const r of c.rules) for (const s of r.statements) statement(s);
    for (const s of t.sets) elements(s.elements);
    const iptablesNft = t.iptablesNft || xt;
    if (iptablesNft)
      sink.add(
        'nftables/iptables-nft',
        `Table ${t.family} ${t.name} is managed by iptables-nft: its rules are iptables rules translated (comments and some match options are not in the listing).`,
        t.span.start,
        t.span.end,
      );
    else if (t.chains.length > 0 && !t.chains.some((c) => c.base !== null))
      sink.add(
        'nftables/no-base-chains',
        `Table ${t.family} ${t.name} has no base chain (an excerpt?): the hooks its chains run from are implied.`,
        t.span.start,
        t.span.end,
      );
    return iptablesNft === t.iptablesNft ? t : { ...t, iptablesNft };
  });
}
