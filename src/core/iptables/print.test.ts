import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { parseIptablesSave } from './parse';
import { printIptablesSave } from './print';
import { formatValue } from './quote';
import { ruleBody } from './savedRule';
import { tokenize } from './tokenize';

const firstRule = (text: string) => {
  const rule = parseIptablesSave(text).result.tables[0]?.rules[0];
  if (rule === undefined) throw new Error('no rule');
  return { rule, ...ruleBody(rule) };
};

describe('printIptablesSave', () => {
  it('reprints real iptables-save output byte for byte', () => {
    for (const f of [
      'k8s-overall-rules.iptables-save.txt',
      'real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt',
      'k8s-clusterip-two-services.iptables-save-c.txt',
    ]) {
      const text = readFixture(`iptables/${f}`);
      expect(printIptablesSave(parseIptablesSave(text).result)).toBe(text);
    }
  });

  it('puts kube-proxy restore input into iptables-save order', () => {
    const text =
      '*nat\n:X - [0:0]\n-A X -m comment --comment ns4/svc4:p80 -m tcp -p tcp -d 172.30.0.44 --dport 80 ! -s 10.0.0.0/8 -j KUBE-MARK-MASQ\nCOMMIT\n';
    expect(printIptablesSave(parseIptablesSave(text).result)).toBe(
      '*nat\n:X - [0:0]\n-A X ! -s 10.0.0.0/8 -d 172.30.0.44 -p tcp -m comment --comment "ns4/svc4:p80" -m tcp --dport 80 -j KUBE-MARK-MASQ\nCOMMIT\n',
    );
  });

  it('round-trips quoting with escapes', () => {
    const text =
      '*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -m comment --comment "a \\"b\\" \\\\c" -j ACCEPT\nCOMMIT\n';
    const { matches } = firstRule(text);
    expect(matches[0]?.options[0]?.values).toEqual(['a "b" \\c']);
    expect(printIptablesSave(parseIptablesSave(text).result)).toBe(text);
    expect(formatValue('--comment', "it's")).toBe('"it\\\'s"');
    expect(formatValue('--comment', 'KUBE')).toBe('KUBE');
    expect(formatValue('--comment', '')).toBe('""');
  });

  it('reads CRLF text like LF text', () => {
    const lf = readFixture('iptables/k8s-overall-rules.iptables-save.txt');
    const crlf = lf.replace(/\n/g, '\r\n');
    const a = parseIptablesSave(lf);
    const b = parseIptablesSave(crlf);
    expect(b.diagnostics).toEqual([]);
    expect(printIptablesSave(b.result)).toBe(printIptablesSave(a.result));
    expect(b.result.tables[1]?.rules[0]?.raw.endsWith('\r')).toBe(false);
  });

  it('keeps -c counters', () => {
    const { rule } = firstRule(
      '*nat\n[3:445] -A KUBE-NODEPORTS -p udp -m udp --dport 30125 -j KUBE-MARK-MASQ\nCOMMIT\n',
    );
    expect(rule.counters).toMatchObject({ packets: '3', bytes: '445' });
    expect(rule.chain).toBe('KUBE-NODEPORTS');
  });

  it('reads ip6tables-save', () => {
    const text =
      '*nat\n:PREROUTING ACCEPT [0:0]\n:KUBE-SEP-X - [0:0]\n-A KUBE-SEP-X -s fd00:10:244::5/128 -j KUBE-MARK-MASQ\n-A KUBE-SEP-X -p tcp -m tcp -j DNAT --to-destination [fd00:10:244::5]:80\nCOMMIT\n';
    const { result, diagnostics } = parseIptablesSave(text);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.family).toBe('ipv6');
    expect(printIptablesSave(result)).toBe(text);
  });

  it('accepts `!` after the option name (old iptables)', () => {
    const { matches } = firstRule('*filter\n-A INPUT -s ! 10.0.0.0/8 -p tcp --dport ! 22 -j DROP\nCOMMIT\n');
    expect(matches.flatMap((m) => m.options.map((o) => [o.name, o.negated, ...o.values]))).toEqual([
      ['-s', true, '10.0.0.0/8'],
      ['-p', false, 'tcp'],
      ['--dport', true, '22'],
    ]);
  });

  it('tokenizes like iptables-restore', () => {
    const { tokens, unterminatedAt } = tokenize('-A X --comment "a b"c -j Y "open');
    expect(tokens.map((t) => t.value)).toEqual(['-A', 'X', '--comment', 'a bc', '-j', 'Y', 'open']);
    expect(unterminatedAt).toBe(27);
  });
});
