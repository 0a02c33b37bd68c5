import { describe, expect, it } from 'vitest';
import { parseNftables } from './parse';
import { fixture } from './testing.node';

describe('nft -j list ruleset', () => {
  it('points every node at its JSON object and keeps the version', () => {
    const text = fixture('kube-proxy-overall.json');
    const { result } = parseNftables(text);
    expect(result.version).toBe('1.0.6');
    const t = result.tables[0];
    // nft 1.0.6 leaves the table's comment out of its JSON.
    expect(text.slice(t?.span.start, t?.span.end)).toBe(
      '{"table": {"family": "ip", "name": "kube-proxy", "handle": 1}}',
    );
    const rule = t?.chains.find((c) => c.name === 'services')?.rules[0];
    const obj = JSON.parse(text.slice(rule?.span.start, rule?.span.end));
    expect(obj.rule.chain).toBe('services');
    expect(rule?.handle).toBe(obj.rule.handle);
    expect(rule?.raw).toBe('ip daddr . meta l4proto . th dport vmap @service-ips');
  });

  it('prints nft-like text for JSON statements', () => {
    const { result } = parseNftables(fixture('kube-proxy-overall.json'));
    const raws = result.tables[0]?.chains.flatMap((c) => c.rules.map((r) => r.raw)) ?? [];
    expect(raws).toContain('meta mark set meta mark | 16384');
    expect(raws).toContain(
      'meta l4proto tcp dnat ip to numgen random mod 2 map { 0 : 10.180.0.7 . 8080, 1 : 10.180.0.8 . 8080 }',
    );
    expect(raws).toContain('update @affinity-GTK6MW7G-ns5/svc5/tcp/p80__10.180.0.3/80 { ip saddr }');
  });

  it('keeps the complete objects of a truncated document', () => {
    const text = fixture('kube-proxy-overall.json');
    const cut = text.slice(0, Math.floor(text.length / 2));
    const { result, diagnostics } = parseNftables(cut);
    expect(result.tables).toHaveLength(1);
    expect(diagnostics.map((d) => d.code)).toContain('nftables/bad-json');
  });

  it('accepts add/create command wrappers and refuses other JSON', () => {
    const tx = parseNftables(
      '{"nftables": [{"add": {"table": {"family": "inet", "name": "x"}}}, {"add": {"chain": {"family": "inet", "table": "x", "name": "c", "type": "filter", "hook": "input", "prio": 0, "policy": "drop"}}}]}',
    );
    expect(tx.result.tables[0]?.chains[0]?.base).toMatchObject({ policy: 'drop', priority: { value: 0 } });
    expect(parseNftables('{"kind": "List", "items": []}').diagnostics.map((d) => d.code)).toEqual([
      'nftables/bad-json',
    ]);
    expect(parseNftables('[1, 2').diagnostics.map((d) => d.code)).toEqual(['nftables/bad-json']);
  });

  it('reads JSON after a shell prompt line', () => {
    const { result, diagnostics } = parseNftables(`$ sudo nft -j list ruleset\n${fixture('misc.json')}`);
    expect(result.form).toBe('json');
    expect(result.tables).toHaveLength(4);
    expect(diagnostics).toEqual([]);
  });

  it('keeps an unknown statement verbatim', () => {
    const { result, diagnostics } = parseNftables(
      '{"nftables": [{"table": {"family": "ip", "name": "t"}}, {"chain": {"family": "ip", "table": "t", "name": "c", "type": "filter", "hook": "input", "prio": 0}}, {"rule": {"family": "ip", "table": "t", "chain": "c", "expr": [{"log": {"prefix": "x"}}, {"accept": null}]}}]}',
    );
    expect(result.tables[0]?.chains[0]?.rules[0]?.statements.map((s) => [s.kind, s.raw])).toEqual([
      ['unknown', '{"log":{"prefix":"x"}}'],
      ['verdict', 'accept'],
    ]);
    expect(diagnostics.map((d) => d.code)).toEqual(['nftables/unknown-statement']);
  });
});
