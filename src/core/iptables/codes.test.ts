import { describe, expect, it } from 'vitest';
import { lowerToRuleset } from '../lower';
import { IPTABLES_CODES } from './codes';
import { parseIptablesSave } from './parse';

const rule = (body: string) => `*filter\n:INPUT ACCEPT [0:0]\n-A INPUT ${body}\nCOMMIT\n`;

/** One input per diagnostic code; the test fails when a code in codes.ts has no case here. */
const CASES: Record<string, () => readonly { code: string }[]> = {
  'iptables/unterminated-quote': () => parse(rule('-m comment --comment "open -j ACCEPT')),
  'iptables/missing-value': () => parse(rule('-p tcp -m tcp --dport')),
  'iptables/bad-address': () => parse(rule('-s 10.0.0.300 -j ACCEPT')),
  'iptables/bad-port': () => parse(rule('-p tcp -m tcp --dport 70000 -j ACCEPT')),
  'iptables/bad-probability': () => parse(rule('-m statistic --mode random --probability 1.5 -j ACCEPT')),
  'iptables/bad-number': () => parse(rule('-m mark --mark zz -j ACCEPT')),
  'iptables/unknown-table': () => parse('-F FOO\n'),
  'iptables/bad-table': () => parse('*nosuch\nCOMMIT\n'),
  'iptables/outside-table': () => parse('*filter\nCOMMIT\n:FOO - [0:0]\n'),
  'iptables/bad-line': () => parse('*filter\nhello world\nCOMMIT\n'),
  'iptables/bad-rule': () => parse(rule('stray -j ACCEPT')),
  'iptables/bad-policy': () => parse('*filter\n:INPUT QUEUE [0:0]\nCOMMIT\n'),
  'iptables/not-save-format': () =>
    parse('Chain INPUT (policy ACCEPT)\ntarget     prot opt source               destination\n'),
  'iptables/nftables-ruleset': () => parse('table ip nat {\n\tchain PREROUTING {\n\t}\n}\n'),
  'iptables/binary-data': () => parse('\u0000\u0001\u0002garbage\n\u0000more\n'),
  'iptables/missing-commit': () => parse('*filter\n:INPUT ACCEPT [0:0]\n'),
  'iptables/undeclared-jump-target': () => parse(rule('-j KUBE-NOWHERE')),
  'iptables/duplicate-chain': () => parse('*filter\n:FOO - [0:0]\n:FOO - [0:0]\nCOMMIT\n'),
  'iptables/undeclared-chain': () => parse('*filter\n-A FOO -j ACCEPT\nCOMMIT\n'),
  'iptables/implied-table': () => parse('-A KUBE-SEP-X -p tcp -m tcp -j DNAT --to-destination 10.0.0.1:80\n'),
  'iptables/implied-chain': () => parse('-A KUBE-SEP-X -p tcp -m tcp -j DNAT --to-destination 10.0.0.1:80\n'),
  'iptables/skipped-line': () =>
    parse('[root@host ~]# iptables-save | grep web\n-A KUBE-SEP-X -j KUBE-MARK-MASQ\n'),
  'iptables/unquoted-comment': () =>
    parse('*nat\n-A PREROUTING -m comment --comment kubernetes service portals -j ACCEPT\nCOMMIT\n'),
  'iptables/list-rules-format': () => parse('-P INPUT ACCEPT\n-N KUBE-FIREWALL\n-A INPUT -j KUBE-FIREWALL\n'),
  'iptables/too-many-diagnostics': () => parse(`*filter\n${'junk line\n'.repeat(1500)}COMMIT\n`),
  'iptables/unknown-module': () => parse(rule('-m frobnicate --level 3 -j ACCEPT')),
  'iptables/unknown-option': () => parse(rule('-p tcp -m tcp --frob 1 -j ACCEPT')),
  'iptables/unknown-target': () => parse(rule('-j FROBNICATE --level 3')),
  'iptables/restore-only': () => parse('*nat\n:KUBE-SEP-X - [0:0]\n-X KUBE-SEP-X\nCOMMIT\n'),
  'iptables/table-guessed': () => parse('-A DOCKER -i docker0 -j RETURN\n'),
  'iptables/table-split': () =>
    parse(
      '-A FOO -j DNAT --to-destination 10.0.0.1:80\n-A FOO -j REJECT --reject-with icmp-port-unreachable\n',
    ),
  'iptables/jump-loop': () => parse('*filter\n:A - [0:0]\n:B - [0:0]\n-A A -j B\n-A B -j A\nCOMMIT\n'),
  'iptables/nesting-too-deep': () => parse(chainOfDepth(16)),
  'iptables/nat-without-range': () => parse('*nat\n:OUTPUT ACCEPT [0:0]\n-A OUTPUT -p tcp -j DNAT\nCOMMIT\n'),
  'model/undeclared-jump-target': () => {
    const doc = parseIptablesSave(rule('-j KUBE-NOWHERE')).result;
    return lowerToRuleset({ ...doc, checkedJumps: false }).diagnostics;
  },
  'model/unreadable-value': () =>
    lowerToRuleset(parseIptablesSave('*nat\n-A OUTPUT -j DNAT --to-destination not-an-ip\nCOMMIT\n').result)
      .diagnostics,
};

/** *filter with INPUT → C1 → … → C`depth` (the last chain is `depth` jumps from INPUT). */
function chainOfDepth(depth: number): string {
  const lines = ['*filter', ':INPUT ACCEPT [0:0]'];
  for (let i = 1; i <= depth; i++) lines.push(`:C${i} - [0:0]`);
  lines.push('-A INPUT -j C1');
  for (let i = 1; i < depth; i++) lines.push(`-A C${i} -j C${i + 1}`);
  lines.push(`-A C${depth} -j ACCEPT`, 'COMMIT', '');
  return lines.join('\n');
}

function parse(text: string): readonly { code: string }[] {
  return parseIptablesSave(text).diagnostics;
}

describe('every diagnostic code has a case', () => {
  for (const { code, severity } of IPTABLES_CODES) {
    it(`${code} (${severity})`, () => {
      const make = CASES[code];
      expect(make, `no test case for ${code}`).toBeDefined();
      const found = (make as () => readonly { code: string; severity?: string }[])().filter(
        (d) => d.code === code,
      );
      expect(found.length).toBeGreaterThan(0);
      for (const d of found) expect(d.severity).toBe(severity);
    });
  }
  it('caps diagnostics at 1000', () => {
    const diags = parse(`*filter\n${'junk line\n'.repeat(5000)}COMMIT\n`);
    expect(diags.length).toBe(1000);
    expect(diags[999]?.code).toBe('iptables/too-many-diagnostics');
  });
  it('reports a run of binary or prose lines once', () => {
    const diags = parse(`${'\u0000\u0001\u0002\n'.repeat(300)}`);
    expect(diags.map((d) => d.code)).toEqual(['iptables/binary-data']);
  });
  it('lowering does not repeat a jump the parser reported', () => {
    const { result, diagnostics } = parseIptablesSave(rule('-j KUBE-NOWHERE'));
    expect(diagnostics.map((d) => d.code)).toContain('iptables/undeclared-jump-target');
    const lowered = lowerToRuleset(result);
    expect(lowered.diagnostics).toEqual([]);
    expect(lowered.result.tables.filter?.chains['KUBE-NOWHERE']?.origin).toBe('referenced');
  });
});
