import { describe, expect, it } from 'vitest';
import { NFTABLES_CODES } from './codes';
import { parseNftables } from './parse';

const chain = (rules: string) =>
  `table ip t {\n\tchain c {\n\t\ttype filter hook input priority 0; policy accept;\n${rules}\n\t}\n}\n`;

/** One input per diagnostic code; the test fails when a code in codes.ts has no case here. */
const CASES: Record<string, string> = {
  'nftables/unterminated-string': chain('\t\tmeta l4proto tcp accept comment "open'),
  'nftables/unbalanced-brace': 'table ip t {\n\tchain c {\n\t\tjump d\n',
  'nftables/unexpected-brace': 'table ip t {\n}\n}\n',
  'nftables/bad-line': 'hello world\ntable ip t {\n}\n',
  'nftables/bad-family': 'add table foo bar\n',
  'nftables/bad-chain-spec': 'table ip t {\n\tchain c {\n\t\ttype filter hook input;\n\t}\n}\n',
  'nftables/bad-priority': 'table ip t {\n\tchain c {\n\t\ttype nat hook output priority dstnat;\n\t}\n}\n',
  'nftables/bad-set-spec': 'table ip t {\n\tset s {\n\t\ttype ipv4_addr\n\t\tsize lots\n\t}\n}\n',
  'nftables/bad-element':
    'table ip t {\n\tset s {\n\t\ttype ipv4_addr\n\t\telements = { 10.0.0.1 frob, 10.0.0.2 }\n\t}\n}\n',
  'nftables/missing-value': chain('\t\tip saddr 10.0.0.1 jump'),
  'nftables/deep-nesting': `add table ip t\nadd set ip t s { type ipv4_addr ; }\nadd element ip t s ${'{ '.repeat(40)}1${' }'.repeat(40)}\n`,
  'nftables/bad-json': '{"nftables": [{"table": {"family": "ip", "name": "t"}}, {"chain": ',
  'nftables/binary-data': 'table ip t {\n\u0000\u0001\n}\n',
  'nftables/undeclared-table': 'add chain ip t c\n',
  'nftables/undeclared-chain': 'add table ip t\nadd rule ip t c accept\n',
  'nftables/undeclared-set': 'add table ip t\nadd element ip t s { 10.0.0.1 }\n',
  'nftables/undeclared-jump-target': chain('\t\tjump nowhere'),
  'nftables/undeclared-set-ref': chain('\t\tip daddr @nothing accept'),
  'nftables/no-base-chains': 'table ip t {\n\tchain c {\n\t\taccept\n\t}\n}\n',
  'nftables/missing-object': 'add table ip t\nflush chain ip t nothing\n',
  'nftables/skipped-line': 'root@node-1:~# nft list ruleset\ntable ip t {\n}\n',
  'nftables/too-many-diagnostics': `table ip t {\n${'\tgarbage line\n'.repeat(1500)}}\n`,
  'nftables/unknown-statement': chain('\t\tlog prefix "x" accept'),
  'nftables/unknown-object':
    'table ip t {\n\tflowtable f {\n\t\thook ingress priority 0; devices = { lo };\n\t}\n}\n',
  'nftables/iptables-nft':
    '# Warning: table ip nat is managed by iptables-nft, do not touch!\ntable ip nat {\n\tchain PREROUTING {\n\t\ttype nat hook prerouting priority dstnat; policy accept;\n\t}\n}\n',
  'nftables/xt-expression': chain('\t\tmeta l4proto tcp xt match recent counter packets 0 bytes 0 accept'),
  'nftables/restore-only': 'list ruleset\n',
};

describe('every nftables diagnostic code has a case', () => {
  for (const { code, severity } of NFTABLES_CODES) {
    it(`${code} (${severity})`, () => {
      const text = CASES[code];
      expect(text, `no test case for ${code}`).toBeDefined();
      const found = parseNftables(text as string).diagnostics.filter((d) => d.code === code);
      expect(found.length).toBeGreaterThan(0);
      for (const d of found) expect(d.severity).toBe(severity);
    });
  }
  it('caps diagnostics at 1000', () => {
    const { diagnostics } = parseNftables(`table ip t {\n${'\tjunk\n'.repeat(5000)}}\n`);
    expect(diagnostics.length).toBe(1000);
    expect(diagnostics[999]?.code).toBe('nftables/too-many-diagnostics');
  });
  it('codes are unique and namespaced', () => {
    const codes = NFTABLES_CODES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(c).toMatch(/^nftables\/[a-z-]+$/);
  });
});
