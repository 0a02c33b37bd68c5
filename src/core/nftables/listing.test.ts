import { describe, expect, it } from 'vitest';
import type { NftChain, NftDocument, NftStatement, NftTable } from './ast';
import { parseNftables } from './parse';
import { fixture } from './testing.node';

const table = (doc: NftDocument, name: string) => doc.tables.find((t) => t.name === name) as NftTable;
const chain = (t: NftTable, name: string) => t.chains.find((c) => c.name === name) as NftChain;
const kinds = (ss: readonly NftStatement[]) => ss.map((s) => s.kind);

describe('nft list ruleset (real nft 1.0.6 output)', () => {
  const text = fixture('kube-proxy-overall.handles.txt');
  const { result, diagnostics } = parseNftables(text);
  const kp = table(result, 'kube-proxy');

  it('reads tables, handles and comments', () => {
    expect(diagnostics).toEqual([]);
    expect(result.form).toBe('listing');
    expect(kp).toMatchObject({
      family: 'ip',
      handle: 1,
      comment: 'rules for kube-proxy',
      iptablesNft: false,
    });
  });

  it('resolves base chain priorities by family and hook', () => {
    const base = (n: string) => chain(kp, n).base;
    expect(base('nat-prerouting')).toEqual({
      type: 'nat',
      hook: 'prerouting',
      device: null,
      priority: { raw: 'dstnat', value: -100 },
      policy: 'accept',
    });
    expect(base('filter-prerouting-pre-dnat')?.priority).toEqual({ raw: 'dstnat - 10', value: -110 });
    expect(base('filter-output-pre-dnat')?.priority).toEqual({ raw: '-110', value: -110 });
    expect(base('nat-postrouting')?.priority).toEqual({ raw: 'srcnat', value: 100 });
    expect(base('services')).toBeNull();
  });

  it('reads maps with concatenated types, element comments and verdicts', () => {
    const m = kp.sets.find((s) => s.name === 'no-endpoint-services');
    expect(m).toMatchObject({
      kind: 'map',
      type: ['ipv4_addr', 'inet_proto', 'inet_service'],
      dataType: 'verdict',
    });
    expect(m?.elements.map((e) => [e.key, e.comment, e.value])).toEqual([
      [['1.2.3.4', 'tcp', '80'], 'ns2/svc2:p80', expect.objectContaining({ verdict: 'drop', chain: null })],
      [
        ['172.30.0.46', 'tcp', '80'],
        'ns6/svc6:p80',
        expect.objectContaining({ verdict: 'goto', chain: 'reject-chain' }),
      ],
    ]);
    const aff = kp.sets.find((s) => s.name.startsWith('affinity-'));
    expect(aff).toMatchObject({ kind: 'set', flags: ['dynamic', 'timeout'], timeout: '3h', size: 65535 });
    expect(aff?.elements[0]).toMatchObject({ key: ['10.0.0.9'], timeout: '1h' });
    expect(aff?.elements[0]?.expires).toMatch(/^59m59s\d+ms$/);
  });

  it('reads rules into structured statements with raw text, spans, lines and handles', () => {
    const svc = chain(kp, 'service-LAUZTJTB-ns4/svc4/tcp/p80');
    const [first, second] = svc.rules;
    expect(kinds(first?.statements ?? [])).toEqual(['match', 'match', 'verdict']);
    expect(first?.statements[1]).toMatchObject({
      left: { kind: 'field', name: 'ip saddr' },
      op: '!=',
      right: { kind: 'value', text: '10.0.0.0/8' },
    });
    expect(text.slice(first?.span.start, first?.span.end)).toBe(first?.raw);
    expect(first?.raw).toBe('ip daddr 172.30.0.44 ip saddr != 10.0.0.0/8 jump mark-for-masquerade');
    expect(text.split('\n')[(first?.line ?? 0) - 1]).toContain(first?.raw);
    expect(first?.handle).toEqual(expect.any(Number));
    const vmap = second?.statements[0];
    expect(vmap).toMatchObject({ kind: 'vmap', key: { kind: 'numgen', mode: 'random', mod: 2, offset: 0 } });
    if (vmap?.kind !== 'vmap' || vmap.map.kind !== 'set') throw new Error('no anonymous vmap');
    expect(vmap.map.elements.map((e) => [e.key, e.value?.kind === 'verdict' && e.value.chain])).toEqual([
      [['0'], 'endpoint-UNZV3OEC-ns4/svc4/tcp/p80__10.180.0.4/80'],
      [['1'], 'endpoint-5RFCDDV7-ns4/svc4/tcp/p80__10.180.0.5/80'],
    ]);
    for (const s of first?.statements ?? []) expect(text.slice(s.span.start, s.span.end)).toBe(s.raw);
  });

  it('reads lookups, NAT, marks, affinity and fib', () => {
    const [lookup] = chain(kp, 'services').rules;
    expect(lookup?.statements[0]).toMatchObject({
      kind: 'vmap',
      key: { kind: 'concat', parts: [{ name: 'ip daddr' }, { name: 'meta l4proto' }, { name: 'th dport' }] },
      map: { kind: 'setref', name: 'service-ips' },
    });
    const [ret, xor, masq] = chain(kp, 'masquerading').rules;
    expect(ret?.statements[0]).toMatchObject({
      kind: 'match',
      op: '==',
      left: { kind: 'binop', op: '&', left: { name: 'meta mark' }, right: { text: '0x00004000' } },
    });
    expect(xor?.statements[0]).toMatchObject({
      kind: 'assign',
      target: { name: 'meta mark' },
      value: { op: '^' },
    });
    expect(masq?.statements[0]).toMatchObject({
      kind: 'nat',
      type: 'masquerade',
      to: null,
      flags: ['fully-random'],
    });
    const ep = chain(kp, 'endpoint-GTK6MW7G-ns5/svc5/tcp/p80__10.180.0.3/80').rules;
    expect(ep[1]?.statements[0]).toMatchObject({
      kind: 'setUpdate',
      op: 'update',
      key: { name: 'ip saddr' },
    });
    expect(ep[2]?.statements[1]).toMatchObject({
      kind: 'nat',
      type: 'dnat',
      to: { kind: 'value', text: '10.180.0.3:80' },
    });
    const inl = chain(kp, 'service-INLINED-ns7/svc7/tcp/p80').rules[0]?.statements[1];
    expect(inl).toMatchObject({
      kind: 'nat',
      type: 'dnat',
      family: 'ip',
      to: { kind: 'map', key: { kind: 'numgen', mod: 2 }, map: { kind: 'set' } },
    });
    const ext = chain(kp, 'external-42NFTM6N-ns2/svc2/tcp/p80').rules;
    expect(ext[1]?.statements[0]).toMatchObject({
      left: { kind: 'fib', flags: ['saddr'], result: 'type' },
      right: { text: 'local' },
    });
    expect(ext[1]?.comment).toBe('masquerade local traffic');
  });

  it('reads other families, device chains, interval sets and ct status', () => {
    const misc = parseNftables(fixture('misc.list.txt')).result;
    expect(misc.tables.map((t) => `${t.family} ${t.name}`)).toEqual([
      'inet filter',
      'ip nat2',
      'netdev ingress',
      'bridge br',
    ]);
    const inet = table(misc, 'filter');
    expect(chain(inet, 'input').base).toMatchObject({ policy: 'drop', priority: { value: 0 } });
    expect(chain(inet, 'raw').base?.priority.value).toBe(-300);
    expect(chain(table(misc, 'br'), 'f').base?.priority.value).toBe(-200);
    expect(chain(table(misc, 'ingress'), 'in').base).toMatchObject({
      hook: 'ingress',
      device: 'lo',
      priority: { value: -500 },
    });
    expect(chain(table(misc, 'nat2'), 'pre').base?.priority).toEqual({ raw: 'dstnat - 10', value: -110 });
    const rules = chain(inet, 'input').rules;
    expect(rules[0]?.statements[0]).toMatchObject({
      right: { kind: 'list', items: [{ text: 'established' }, { text: 'related' }] },
    });
    expect(rules[1]?.statements[0]).toMatchObject({ left: { name: 'ct status' }, right: { text: 'dnat' } });
    expect(rules[3]?.statements.map((s) => s.kind)).toEqual(['match', 'match', 'counter', 'verdict']);
    expect(rules[3]?.statements[2]).toMatchObject({ packets: 5, bytes: 300 });
    expect(rules[5]?.statements[1]).toMatchObject({ kind: 'reject', with: 'tcp reset' });
    const allowed = inet.sets[0];
    expect(allowed).toMatchObject({
      flags: ['interval', 'timeout'],
      counter: true,
      type: ['ipv4_addr', 'inet_service'],
    });
    expect(allowed?.elements.map((e) => [e.key, e.comment, e.counter])).toEqual([
      [['10.0.0.0/8', '22'], 'ssh from pods', { packets: 0, bytes: 0 }],
      [['192.168.1.1', '80-90'], null, { packets: 0, bytes: 0 }],
    ]);
    expect(table(misc, 'nat2').sets[0]).toMatchObject({
      kind: 'map',
      typeOf: 'tcp dport',
      dataType: 'ip daddr',
    });
  });

  it('reads iptables-nft translations', () => {
    const { result: doc } = parseNftables(fixture('iptables-nft.list.txt'));
    const nat = table(doc, 'nat');
    expect(nat.iptablesNft).toBe(true);
    const sep = chain(nat, 'KUBE-SEP-A').rules[1]?.statements;
    expect(sep?.map((s) => s.kind)).toEqual(['match', 'xt', 'counter', 'nat']);
    expect(sep?.[1]).toMatchObject({ type: 'match', name: 'recent' });
  });
});
