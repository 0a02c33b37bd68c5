import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { parseIptablesSave } from './parse';

/** `table:CHAIN` of each rule, in table order, and the diagnostic codes. */
function place(text: string): { rules: string[]; codes: string[]; errors: string[] } {
  const { result, diagnostics } = parseIptablesSave(text);
  return {
    rules: result.tables.flatMap((t) => t.rules.map((r) => `${t.name}:${r.chain}`)),
    codes: diagnostics.map((d) => d.code),
    errors: diagnostics.filter((d) => d.severity === 'error').map((d) => d.code),
  };
}

function tableOf(text: string, raw: string): string | undefined {
  const { result } = parseIptablesSave(text);
  return result.tables.find((t) => t.rules.some((r) => r.raw === raw))?.name;
}

const lines = (...l: string[]) => `${l.join('\n')}\n`;

describe('excerpts: a chain’s table is decided for the chain', () => {
  it('Calico: cali-POSTROUTING → cali-nat-outgoing is nat, proven by the chain’s MASQUERADE rule', () => {
    const text = readFixture('iptables/excerpt-2022-calico-nat-grep-cali.txt');
    const { rules, codes, errors } = place(text);
    expect(errors).toEqual([]);
    expect(rules).toHaveLength(9);
    expect(new Set(rules.map((r) => r.split(':')[0]))).toEqual(new Set(['nat']));
    expect(codes).not.toContain('iptables/unknown-table');
    // Only the three built-in jumps are guesses (raw and mangle have the same jumps).
    const { diagnostics } = parseIptablesSave(text);
    const guessed = diagnostics.filter((d) => d.code === 'iptables/table-guessed').map((d) => d.message);
    expect(guessed.map((m) => m.split(' ')[2])).toEqual(['PREROUTING', 'OUTPUT', 'POSTROUTING']);
  });

  it('the same two cali-POSTROUTING rules alone: the jump is proven by the chain’s other rule', () => {
    const text = lines(
      '-A cali-POSTROUTING -m comment --comment "cali:nYKhEzDlr11Jccal" -j cali-nat-outgoing',
      '-A cali-POSTROUTING -o vxlan.calico -m comment --comment "cali:e9dnSgSVNmIcpVhP" -j MASQUERADE --random-fully',
    );
    expect(place(text)).toMatchObject({
      rules: ['nat:cali-POSTROUTING', 'nat:cali-POSTROUTING'],
      errors: [],
    });
  });

  it('an unknown chain joins the table of the chain it jumps to', () => {
    const text = lines('-A MY-CHAIN -s 10.0.0.0/8 -j MY-MASQ', '-A MY-MASQ -j MASQUERADE');
    expect(place(text).rules).toEqual(['nat:MY-CHAIN', 'nat:MY-MASQ']);
    expect(place(text).codes).not.toContain('iptables/table-guessed');
  });

  it('IPVS mode: KUBE-SERVICES … -j ACCEPT is in nat with the rest of the chain', () => {
    const text = readFixture('iptables/excerpt-2022-ipvs-nat-grep-kube.txt');
    const { rules, errors, codes } = place(text);
    expect(errors).toEqual([]);
    expect(rules).toHaveLength(14);
    expect(rules.every((r) => r.startsWith('nat:'))).toBe(true);
    expect(codes).not.toContain('iptables/table-guessed');
    expect(tableOf(text, '-A KUBE-SERVICES -m set --match-set KUBE-CLUSTER-IP dst,dst -j ACCEPT')).toBe(
      'nat',
    );
  });

  it('the three-line IPVS excerpt as posted keeps every rule, in nat', () => {
    const text = readFixture('iptables/real-excerpt-2022-ipvs-kube-services-accept.txt');
    expect(place(text)).toMatchObject({
      rules: ['nat:PREROUTING', 'nat:OUTPUT', 'nat:KUBE-SERVICES'],
      errors: [],
    });
  });

  it('iptables mode keeps KUBE-SERVICES in both tables: REJECT/DROP in filter, jumps in nat', () => {
    const text = lines(
      '-A KUBE-SERVICES -d 10.96.0.10/32 -p tcp -m comment --comment "ns/a:p has no endpoints" -m tcp --dport 80 -j REJECT --reject-with icmp-port-unreachable',
      '-A KUBE-SERVICES -d 10.96.0.11/32 -p tcp -m comment --comment "ns/b:p cluster IP" -m tcp --dport 80 -j KUBE-SVC-ABCDEFGHIJKLMNOP',
      '-A KUBE-SERVICES -m comment --comment "kubernetes service nodeports; NOTE: this must be the last rule in this chain" -m addrtype --dst-type LOCAL -j KUBE-NODEPORTS',
      '-A KUBE-NODEPORTS -p tcp -m comment --comment "ns/c:p health check node port" -m tcp --dport 30000 -j ACCEPT',
      '-A OUTPUT -m conntrack --ctstate NEW -m comment --comment "kubernetes service portals" -j KUBE-SERVICES',
      '-A OUTPUT -m comment --comment "kubernetes service portals" -j KUBE-SERVICES',
    );
    const { rules, codes } = place(text);
    expect(rules.sort()).toEqual(
      [
        'filter:KUBE-SERVICES',
        'nat:KUBE-SERVICES',
        'nat:KUBE-SERVICES',
        'filter:KUBE-NODEPORTS',
        'filter:OUTPUT',
        'nat:OUTPUT',
      ].sort(),
    );
    expect(codes).not.toContain('iptables/table-guessed');
    expect(codes).not.toContain('iptables/table-split');
  });

  it('flannel: FLANNEL-FWD in filter, FLANNEL-POSTRTG in nat, with their :CHAIN lines', () => {
    const text = readFixture('iptables/excerpt-2024-flannel-grep-flannel.txt');
    const { result, diagnostics } = parseIptablesSave(text);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const filter = result.tables.find((t) => t.name === 'filter');
    const nat = result.tables.find((t) => t.name === 'nat');
    expect(filter?.rules.map((r) => r.chain)).toEqual(['FORWARD', 'FLANNEL-FWD', 'FLANNEL-FWD']);
    expect(nat?.rules).toHaveLength(7);
    expect(filter?.chains.map((c) => c.name)).toEqual(['FLANNEL-FWD']);
    expect(nat?.chains.map((c) => c.name)).toEqual(['FLANNEL-POSTRTG']);
    expect(diagnostics.map((d) => d.code)).not.toContain('iptables/table-guessed');
  });

  it('AWS VPC CNI: AWS-SNAT-CHAIN-* are nat', () => {
    const text = lines(
      '-A POSTROUTING -m comment --comment "AWS SNAT CHAIN" -j AWS-SNAT-CHAIN-0',
      '-A AWS-SNAT-CHAIN-0 ! -d 192.168.0.0/16 -m comment --comment "AWS SNAT CHAIN" -j AWS-SNAT-CHAIN-1',
      '-A AWS-SNAT-CHAIN-1 ! -o vlan+ -m comment --comment "AWS, SNAT" -m addrtype ! --dst-type LOCAL -j SNAT --to-source 192.168.1.23 --random-fully',
    );
    expect(place(text)).toMatchObject({
      rules: ['nat:POSTROUTING', 'nat:AWS-SNAT-CHAIN-0', 'nat:AWS-SNAT-CHAIN-1'],
      errors: [],
    });
  });

  it('Docker: DOCKER is nat when it DNATs; its filter ACCEPT is a stated guess', () => {
    const text = lines(
      '-A DOCKER ! -i docker0 -p tcp -m tcp --dport 8080 -j DNAT --to-destination 172.17.0.2:80',
      '-A DOCKER -d 172.17.0.2/32 ! -i docker0 -o docker0 -p tcp -m tcp --dport 80 -j ACCEPT',
      '-A PREROUTING -m addrtype --dst-type LOCAL -j DOCKER',
      '-A FORWARD -o docker0 -j DOCKER',
    );
    const { rules, codes } = place(text);
    expect(rules.sort()).toEqual(['filter:DOCKER', 'filter:FORWARD', 'nat:DOCKER', 'nat:PREROUTING'].sort());
    expect(codes.filter((c) => c === 'iptables/table-guessed')).toHaveLength(1);
  });

  it('a rule nothing proves is kept in the likeliest table with a warning, never dropped', () => {
    const { result, diagnostics } = parseIptablesSave('-A MY-CHAIN -s 10.1.2.3/32 -j ACCEPT\n');
    expect(result.tables.map((t) => `${t.name}:${t.rules.length}`)).toEqual(['filter:1']);
    const d = diagnostics.find((x) => x.code === 'iptables/table-guessed');
    expect(d?.severity).toBe('warning');
    expect(d?.message).toContain('MY-CHAIN');
    expect(diagnostics.some((x) => x.severity === 'error')).toBe(false);
  });

  it('a chain whose rules prove two tables is split, and says so', () => {
    const text = lines('-A FOO -j DNAT --to-destination 10.0.0.1:80', '-A FOO -j REJECT');
    expect(place(text).rules.sort()).toEqual(['filter:FOO', 'nat:FOO']);
    expect(place(text).codes).toContain('iptables/table-split');
  });

  it('a rule after COMMIT is still an error, and is still placed', () => {
    const text = '*nat\n:KUBE-SVC-X - [0:0]\nCOMMIT\n-A KUBE-SVC-X -j KUBE-SEP-Y\n';
    const { rules, errors } = place(text);
    expect(errors).toEqual(['iptables/outside-table']);
    expect(rules).toEqual(['nat:KUBE-SVC-X']);
  });

  it('reads a 20,000-rule excerpt chain of unknown names without recursion', () => {
    const n = 20000;
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(`-A C${i} -j C${i + 1}`);
    out.push(`-A C${n} -j MASQUERADE`);
    const { result } = parseIptablesSave(`${out.join('\n')}\n`);
    expect(result.tables.map((t) => `${t.name}:${t.rules.length}`)).toEqual([`nat:${n + 1}`]);
  });
});
