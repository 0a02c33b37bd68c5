import { describe, expect, it } from 'vitest';
import type { NftTable } from './ast';
import { parseNftables } from './parse';
import { fixture } from './testing.node';

const only = (text: string) => {
  const { result, diagnostics } = parseNftables(text);
  return { t: result.tables[0] as NftTable, result, diagnostics };
};

describe('nft -f / knftables transactions', () => {
  it("reads kube-proxy's transaction: tables, chains, rules, sets and elements", () => {
    const { t, result, diagnostics } = only(fixture('kube-proxy-overall.nft'));
    expect(diagnostics).toEqual([]);
    expect(result.form).toBe('transaction');
    expect(t).toMatchObject({ family: 'ip', name: 'kube-proxy', comment: 'rules for kube-proxy' });
    const chain = t.chains.find((c) => c.name === 'nat-output');
    expect(chain?.base).toMatchObject({
      type: 'nat',
      hook: 'output',
      priority: { raw: '-100', value: -100 },
    });
    expect(t.chains.find((c) => c.name === 'reject-chain')?.comment).toBe(
      'helper for @no-endpoint-services / @no-endpoint-nodeports',
    );
    const svc = t.sets.find((s) => s.name === 'service-ips');
    expect(svc?.elements.map((e) => e.key.join(' . '))).toEqual([
      '172.30.0.41 . tcp . 80',
      '1.2.3.4 . tcp . 80',
      '172.30.0.44 . tcp . 80',
      '172.30.0.45 . tcp . 80',
    ]);
    const aff = t.sets.find((s) => s.name.startsWith('affinity-'));
    expect(aff).toMatchObject({ flags: ['dynamic', 'timeout'], timeout: '10800s' });
    const rule = t.chains.find((c) => c.name === 'services')?.rules[0];
    // The raw text is the rule's statements, without `add rule ip kube-proxy services`.
    expect(rule?.raw).toBe('ip daddr . meta l4proto . th dport vmap @service-ips');
  });

  it('applies flush, delete and insert', () => {
    const { t, diagnostics, result } = only(
      [
        'add table ip t',
        'add chain ip t c',
        'add rule ip t c accept',
        'add rule ip t c drop',
        'flush chain ip t c',
        'add rule ip t c ip saddr 10.0.0.1 return',
        'insert rule ip t c counter',
        'add set ip t s { type ipv4_addr ; }',
        'add element ip t s { 10.0.0.1, 10.0.0.2, 10.0.0.3 }',
        'delete element ip t s { 10.0.0.2 }',
        'add chain ip t gone',
        'delete chain ip t gone',
      ].join('\n'),
    );
    expect(diagnostics.map((d) => d.code)).toEqual(['nftables/no-base-chains']);
    expect(t.chains.map((c) => c.name)).toEqual(['c']);
    expect(t.chains[0]?.rules.map((r) => r.raw)).toEqual(['counter', 'ip saddr 10.0.0.1 return']);
    expect(t.sets[0]?.elements.map((e) => e.key[0])).toEqual(['10.0.0.1', '10.0.0.3']);
    expect(result.commands.map((c) => `${c.verb} ${c.object}`)).toEqual([
      'flush chain',
      'delete element',
      'delete chain',
    ]);
  });

  it('deletes a rule by handle and says when the object is missing', () => {
    const text =
      'table ip t {\n\tchain c { # handle 1\n\t\taccept # handle 2\n\t\tdrop # handle 3\n\t}\n}\ndelete rule ip t c handle 2\ndelete rule ip t c handle 9\n';
    const { t, diagnostics } = only(text);
    expect(t.chains[0]?.rules.map((r) => [r.raw, r.handle])).toEqual([['drop', 3]]);
    expect(t.chains[0]?.handle).toBe(1);
    expect(diagnostics.map((d) => d.code)).toEqual(['nftables/missing-object', 'nftables/no-base-chains']);
  });

  it('flush ruleset empties everything before it', () => {
    const { result } = parseNftables('table ip a {\n}\nflush ruleset\ntable ip b {\n}\n');
    expect(result.tables.map((t) => t.name)).toEqual(['b']);
  });

  it('creates what a command refers to before it exists, and says so', () => {
    const { t, diagnostics } = only(
      'add rule ip kube-proxy services jump x\nadd element ip kube-proxy m { 1 : drop }\n',
    );
    expect(t.chains.map((c) => c.name)).toEqual(['services']);
    expect(t.sets[0]).toMatchObject({ name: 'm', kind: 'map' });
    expect(diagnostics.map((d) => d.code).sort()).toEqual([
      'nftables/no-base-chains',
      'nftables/undeclared-chain',
      'nftables/undeclared-jump-target',
      'nftables/undeclared-set',
      'nftables/undeclared-table',
    ]);
  });

  it('reads IPv6 addresses and ports in brackets', () => {
    const { t } = only(
      'add table ip6 kube-proxy\nadd chain ip6 kube-proxy e\nadd rule ip6 kube-proxy e ip6 saddr fd00:10::5 meta l4proto tcp dnat to [fd00:10::5]:8080\n',
    );
    expect(t.family).toBe('ip6');
    expect(t.chains[0]?.rules[0]?.statements).toMatchObject([
      { kind: 'match', left: { name: 'ip6 saddr' }, right: { text: 'fd00:10::5' } },
      { kind: 'match', left: { name: 'meta l4proto' }, right: { text: 'tcp' } },
      { kind: 'nat', type: 'dnat', to: { text: '[fd00:10::5]:8080' } },
    ]);
  });

  it('reads the nodeport dispatch of kube-proxy with MatchAll node port addresses', () => {
    const { t } = only(
      'add table ip kube-proxy\nadd map ip kube-proxy service-nodeports { type inet_proto . inet_service : verdict ; }\nadd chain ip kube-proxy services\nadd rule ip kube-proxy services fib daddr type local ip daddr != 127.0.0.0/8 meta l4proto . th dport vmap @service-nodeports\n',
    );
    expect(t.chains[0]?.rules[0]?.statements).toMatchObject([
      {
        kind: 'match',
        left: { kind: 'fib', flags: ['daddr'], result: 'type' },
        op: null,
        right: { text: 'local' },
      },
      { kind: 'match', left: { name: 'ip daddr' }, op: '!=', right: { text: '127.0.0.0/8' } },
      {
        kind: 'vmap',
        key: { kind: 'concat', parts: [{ name: 'meta l4proto' }, { name: 'th dport' }] },
        map: { kind: 'setref', name: 'service-nodeports' },
      },
    ]);
  });
});
