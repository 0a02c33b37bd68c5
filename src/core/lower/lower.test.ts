import { describe, expect, it } from 'vitest';
import { iptablesFixtures, readFixture } from '../../../test/fixtures';
import type { IptablesDocument } from '../iptables';
import { parseCidr, parseIptablesSave, toPlainRule } from '../iptables';
import type { Match, Rule } from '../ruleset';
import { lowerToRuleset } from './lower';
import { effectiveProbability } from './match';

function lower(text: string) {
  return lowerToRuleset(parseIptablesSave(text).result);
}
function rulesOf(text: string, table: 'nat' | 'filter', chain: string): readonly Rule[] {
  return lower(text).result.tables[table]?.chains[chain]?.rules ?? [];
}
const natRule = (body: string) => rulesOf(`*nat\n:X - [0:0]\n-A X ${body}\nCOMMIT\n`, 'nat', 'X')[0] as Rule;

describe('lowerToRuleset', () => {
  it('lowers every fixture with its rule count and no diagnostics of its own', () => {
    for (const f of iptablesFixtures()) {
      const text = readFixture(`iptables/${f}`);
      const { result, diagnostics } = lower(text);
      expect(diagnostics, f).toEqual([]);
      expect(result.ruleCount, f).toBe(text.split('\n').filter((l) => /^(\[\d+:\d+\] )?-A /.test(l)).length);
    }
  });

  it('normalises MARK exactly as libxt_MARK does', () => {
    const mark = (opt: string) => natRule(`-j MARK ${opt}`).target;
    expect(mark('--set-xmark 0x4000/0x4000')).toEqual({
      kind: 'MARK',
      value: 0x4000,
      mask: 0x4000,
      written: '--set-xmark',
    });
    expect(mark('--set-xmark 0x4000/0x0')).toMatchObject({ value: 0x4000, mask: 0 });
    expect(mark('--set-xmark 0x8000')).toMatchObject({ value: 0x8000, mask: 0xffffffff });
    expect(mark('--set-mark 0x1/0xf0')).toMatchObject({ value: 1, mask: 0xf1 });
    expect(mark('--and-mark 0xff')).toMatchObject({ value: 0, mask: 0xffffff00 });
    expect(mark('--or-mark 0x4000')).toMatchObject({ value: 0x4000, mask: 0x4000 });
    expect(mark('--xor-mark 0x4000')).toMatchObject({ value: 0x4000, mask: 0 });
  });

  it('applies the probability the kernel uses: lround(p * 2^31) / 2^31', () => {
    const stat = natRule('-m statistic --mode random --probability 0.33332999982 -j ACCEPT')
      .matches[0] as Match;
    expect(stat).toMatchObject({ kind: 'statistic', mode: 'random', probability: 0.33332999982 });
    const eff = (stat as { effectiveProbability: number }).effectiveProbability;
    expect(eff * 2 ** 31).toBe(Math.round(0.33332999982 * 2 ** 31));
    expect(eff).not.toBe(0.33332999982);
    expect(effectiveProbability(0.5)).toBe(0.5);
    expect(effectiveProbability(1)).toBe(1);
    expect(natRule('-m statistic --mode nth --every 3 --packet 1 -j ACCEPT').matches[0]).toMatchObject({
      mode: 'nth',
      every: 3,
      packet: 1,
    });
  });

  it('gives REJECT its default reply', () => {
    const rules = rulesOf(readFixture('iptables/k8s-overall-rules.txt'), 'filter', 'KUBE-SERVICES');
    expect(rules[0]?.target).toEqual({ kind: 'REJECT', rejectWith: 'icmp-port-unreachable' });
  });

  it('canonicalises addresses', () => {
    expect(parseCidr('10.0.0.1')).toEqual({ family: 'ipv4', address: '10.0.0.1', bits: 32 });
    expect(parseCidr('1.2.3.4/24')).toEqual({ family: 'ipv4', address: '1.2.3.0', bits: 24 });
    expect(parseCidr('10.0.0.0/255.0.0.0')).toEqual({ family: 'ipv4', address: '10.0.0.0', bits: 8 });
    expect(parseCidr('2001:DB8:0:0:0:0:0:1')).toEqual({ family: 'ipv6', address: '2001:db8::1', bits: 128 });
    expect(parseCidr('fd00:10:244::5/64')).toEqual({ family: 'ipv6', address: 'fd00:10:244::', bits: 64 });
    expect(parseCidr('::ffff:10.0.0.1')).toEqual({ family: 'ipv6', address: '::ffff:a00:1', bits: 128 });
    expect(parseCidr('10.0.0.300')).toBeNull();
    expect(parseCidr('1::2::3')).toBeNull();
  });

  it('types matches and DNAT/MASQUERADE targets', () => {
    const r = natRule(
      '! -s 10.0.0.0/8 -d 172.30.0.44 -p tcp -m tcp --dport 80 -m comment --comment "c d" -j DNAT --to-destination 10.180.0.5:80-81',
    );
    expect(r.matches).toEqual([
      { kind: 'addr', dir: 'src', negated: true, cidr: { family: 'ipv4', address: '10.0.0.0', bits: 8 } },
      {
        kind: 'addr',
        dir: 'dst',
        negated: false,
        cidr: { family: 'ipv4', address: '172.30.0.44', bits: 32 },
      },
      { kind: 'proto', negated: false, proto: 'tcp' },
      { kind: 'port', module: 'tcp', dir: 'dst', negated: false, range: { from: 80, to: 80 } },
      { kind: 'comment', text: 'c d' },
    ]);
    expect(r.comment).toBe('c d');
    expect(r.target).toEqual({
      kind: 'DNAT',
      ranges: [{ minIp: '10.180.0.5', maxIp: '10.180.0.5', minPort: 80, maxPort: 81 }],
      random: false,
      persistent: false,
    });
    expect(natRule('-j DNAT --to-destination [fd00::5]:8080').target).toMatchObject({
      ranges: [{ minIp: 'fd00::5', minPort: 8080 }],
    });
    expect(natRule('-j MASQUERADE --random-fully').target).toEqual({
      kind: 'MASQUERADE',
      toPorts: null,
      random: false,
      randomFully: true,
    });
  });

  it('creates built-in, implied and referenced chains', () => {
    const { result } = lower(readFixture('iptables/k8s-no-endpoints-reject-partial.txt'));
    const nat = result.tables.nat;
    expect(nat?.chains.PREROUTING).toMatchObject({ builtin: true, policy: 'ACCEPT', origin: 'implied' });
    expect(nat?.chains['KUBE-SVC-XPGD46QRK7WJZT7O']).toMatchObject({ origin: 'referenced', rules: [] });
    const excerpt = lower(readFixture('iptables/real-excerpt-2016-probability-ladder-5-digit.txt')).result;
    expect(excerpt.tables.nat?.chains['KUBE-SVC-NAKX6UQGKMWYNALM']?.origin).toBe('implied');
    expect(lower('*filter\n:FORWARD DROP [0:0]\nCOMMIT\n').result.tables.filter?.chains.FORWARD?.policy).toBe(
      'DROP',
    );
  });

  it('shares equal matches between rules', () => {
    const rules = rulesOf(readFixture('iptables/k8s-overall-rules.txt'), 'nat', 'KUBE-SERVICES');
    const proto = rules.map((r) => r.matches.find((m) => m.kind === 'proto'));
    expect(proto[0]).toBe(proto[1]);
  });

  it('builds the same Ruleset from shared pieces as from the syntax tree', () => {
    const tricky = [
      '*nat\n:X - [0:0]\n:Y - [0:0]\n-A X -j Y\n-I X -p tcp -j Y\n-I X 1 -p udp -g Y\n-A X -j NOWHERE\nCOMMIT\n',
      '*nat\n:X - [0:0]\n-A X -m recent --set -m tcp -p tcp --name n -j ACCEPT\n-A X -m "tcp" -p tcp --dport 1 -j ACCEPT\nCOMMIT\n',
      '*nat\n:X - [0:0]\n[3:4] -A X -s 1.2.3.4 -c 1 2 -j MARK --set-xmark 0x1/0x1\n-A X -j MARK\n-A X -j DNAT --to-destination bad\nCOMMIT\n',
      '*filter\n:X - [0:0]\n-A X -p tcp --dport 80 ! --sport 1:2 -m comment --comment kube proxy -j REJECT\nCOMMIT\n',
      '-A KUBE-SVC-A -m statistic --mode random --probability 0.5 -j KUBE-SEP-B\n-A KUBE-SEP-B -j DNAT --to-destination 10.0.0.1:80\n',
    ];
    for (const text of [...iptablesFixtures().map((f) => readFixture(`iptables/${f}`)), ...tricky]) {
      const doc = parseIptablesSave(text).result;
      expect(lowerToRuleset(doc), text.slice(0, 80)).toEqual(lowerToRuleset(plainDocument(doc)));
    }
  });

  it('puts -I rules at the head of their chain, the last inserted first', () => {
    const text =
      '*filter\n:X - [0:0]\n:Y - [0:0]\n-A X -s 1.0.0.1 -j ACCEPT\n-I X -s 1.0.0.2 -j ACCEPT\n-A Y -j DROP\n-A X -s 1.0.0.3 -j ACCEPT\n-I X 1 -s 1.0.0.4 -j ACCEPT\nCOMMIT\n';
    const rules = rulesOf(text, 'filter', 'X');
    expect(rules.map((r) => /1\.0\.0\.\d/.exec(r.raw)?.[0])).toEqual([
      '1.0.0.4',
      '1.0.0.2',
      '1.0.0.1',
      '1.0.0.3',
    ]);
    expect(rules.map((r) => r.id)).toEqual(['filter/X#0', 'filter/X#1', 'filter/X#2', 'filter/X#3']);
    expect(rulesOf(text, 'filter', 'Y').map((r) => r.index)).toEqual([0]);
  });

  it('shares equal target objects and equal match lists between rules', () => {
    const { result } = lower(
      '*nat\n:X - [0:0]\n:Y - [0:0]\n-A X -p tcp -j Y\n-A X -p tcp -j Y\n-A Y -j DNAT --to-destination 1.2.3.4\n-A Y -j DNAT --to-destination 1.2.3.4\nCOMMIT\n',
    );
    const [a, b] = result.tables.nat?.chains.X?.rules ?? [];
    expect(a?.target).toEqual({ kind: 'jump', chain: 'Y', goto: false });
    expect(a?.target).toBe(b?.target);
    expect(a?.matches).toBe(b?.matches);
    const [c, d] = result.tables.nat?.chains.Y?.rules ?? [];
    expect(c?.target).toBe(d?.target);
    expect(c?.id).toBe('nat/Y#0');
  });
});

/** The same document as plain objects (no shared pieces): lowering takes its syntax-tree path. */
function plainDocument(doc: IptablesDocument): IptablesDocument {
  return {
    ...doc,
    tables: doc.tables.map((t) => ({
      ...t,
      chains: t.chains.map(({ kind, name, nameSpan, policy, counters, span, line }) => ({
        kind,
        name,
        nameSpan,
        policy,
        counters,
        span,
        line,
      })),
      rules: t.rules.map(toPlainRule),
    })),
  };
}
