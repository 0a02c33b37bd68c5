import { describe, expect, it } from 'vitest';
import { parseNftables } from './parse';
import { fixture } from './testing.node';

describe('bad input', () => {
  it('a truncated listing: diagnosed at the opening braces, what was read is kept', () => {
    const full = fixture('kube-proxy-overall.list.txt');
    const cut = full.slice(0, full.indexOf('jump masquerading') + 5);
    const { result, diagnostics } = parseNftables(cut);
    const t = result.tables[0];
    expect(t?.chains.map((c) => c.name)).toContain('nat-output');
    const unbalanced = diagnostics.filter((d) => d.code === 'nftables/unbalanced-brace');
    expect(unbalanced.map((d) => cut.slice(d.span.start, d.span.end))).toEqual(['{', '{']);
    // One at the chain's brace, one at the table's.
    const lineOf = (o: number) => cut.slice(0, o).split('\n').length;
    expect(unbalanced.map((d) => cut.split('\n')[lineOf(d.span.start) - 1])).toEqual([
      '\tchain nat-postrouting {',
      'table ip kube-proxy {',
    ]);
  });

  it('a truncated elements list keeps the elements read', () => {
    const { result, diagnostics } = parseNftables(
      'table ip t {\n\tset s {\n\t\ttype ipv4_addr\n\t\telements = { 10.0.0.1, 10.0.0.2,\n',
    );
    expect(result.tables[0]?.sets[0]?.elements.map((e) => e.key[0])).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(diagnostics.filter((d) => d.code === 'nftables/unbalanced-brace').length).toBeGreaterThanOrEqual(
      1,
    );
  });

  it('a listing cut inside an anonymous set ends the rule at its line', () => {
    const text =
      'table ip t {\n\tchain c {\n\t\ttype filter hook input priority 0;\n\t\tip saddr { 10.0.0.1, 10.0\n';
    const { result, diagnostics } = parseNftables(text);
    expect(result.tables[0]?.chains[0]?.rules.map((r) => r.raw)).toEqual(['ip saddr { 10.0.0.1, 10.0']);
    const at = diagnostics.filter((d) => d.code === 'nftables/unbalanced-brace').map((d) => d.span.start);
    expect(at).toEqual([text.indexOf('{ 10.0'), text.indexOf('c {') + 2, text.indexOf('t {') + 2]);
  });

  it('garbage lines are reported and skipped; never throws', () => {
    const { result, diagnostics } = parseNftables(
      'lorem ipsum\n}}}\n{{{\ntable ip t {\n\tchain c {\n\t\taccept\n\t}\n}\n@@@ ###\n',
    );
    expect(result.tables.map((t) => t.name)).toContain('t');
    expect(diagnostics.map((d) => d.code)).toContain('nftables/bad-line');
    for (const junk of [
      '',
      '\n\n',
      '{',
      '}',
      '"',
      'table',
      'table ip',
      'add rule',
      'add element ip t s {',
      '\u0000',
    ])
      expect(() => parseNftables(junk)).not.toThrow();
  });

  it('deep nesting is cut off, not a stack overflow', () => {
    const deep = `add table ip t\nadd set ip t s { type ipv4_addr ; }\nadd element ip t s ${'{ '.repeat(20000)}1${' }'.repeat(20000)}\n`;
    const { diagnostics } = parseNftables(deep);
    expect(diagnostics.map((d) => d.code)).toContain('nftables/deep-nesting');
    const json = `{"nftables": [{"rule": {"family": "ip", "table": "t", "chain": "c", "expr": [{"match": {"op": "==", "left": ${'{"concat": ['.repeat(3000)}1${']}'.repeat(3000)}, "right": 1}}]}}]}`;
    expect(() => parseNftables(json)).not.toThrow();
  });

  it('a 100,000-element map is read whole', () => {
    const map = (n: number) => {
      const parts: string[] = [];
      for (let i = 0; i < n; i++)
        parts.push(
          `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255} . tcp . 80 comment "ns/svc${i}:p" : goto service-${i}`,
        );
      return `table ip kube-proxy {\n\tmap service-ips {\n\t\ttype ipv4_addr . inet_proto . inet_service : verdict\n\t\telements = { ${parts.join(',\n\t\t\t     ')} }\n\t}\n}\n`;
    };
    // Speed is for `npm run bench`; here: every element read, the last one whole.
    const big = { r: parseNftables(map(100000)) };
    expect(big.r.result.tables[0]?.sets[0]?.elements).toHaveLength(100000);
    expect(big.r.result.tables[0]?.sets[0]?.elements[99999]).toMatchObject({ comment: 'ns/svc99999:p' });
  });
});
