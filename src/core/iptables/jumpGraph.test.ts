import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { NFT_MAX_DEPTH } from './jumpGraph';
import { parseIptablesSave } from './parse';

/** *filter with INPUT → C1 → … → C`depth`; `loopBack` adds C`depth` → C1. */
function chain(depth: number, loopBack = false): string {
  const lines = ['*filter', ':INPUT ACCEPT [0:0]'];
  for (let i = 1; i <= depth; i++) lines.push(`:C${i} - [0:0]`);
  lines.push('-A INPUT -j C1');
  for (let i = 1; i < depth; i++) lines.push(`-A C${i} -j C${i + 1}`);
  lines.push(loopBack ? `-A C${depth} -j C1` : `-A C${depth} -j ACCEPT`, 'COMMIT', '');
  return lines.join('\n');
}

const codes = (text: string) => parseIptablesSave(text).diagnostics.map((d) => d.code);

describe('read-time jump checks', () => {
  it('names the chains of a loop, at the jump that closes it', () => {
    const text =
      '*filter\n:INPUT ACCEPT [0:0]\n:A - [0:0]\n:B - [0:0]\n-A INPUT -j A\n-A A -j B\n-A B -j A\nCOMMIT\n';
    const { diagnostics } = parseIptablesSave(text);
    const loop = diagnostics.filter((d) => d.code === 'iptables/jump-loop');
    expect(loop).toHaveLength(1);
    expect(loop[0]?.severity).toBe('error');
    expect(loop[0]?.message).toContain('A → B → A');
    expect(loop[0]?.message).toContain('line 7');
    // The span is the target word of `-A B -j A`.
    const at = loop[0]?.span.start as number;
    expect(text.slice(0, at).split('\n').length).toBe(7);
    expect(text.slice(at, loop[0]?.span.end)).toBe('A');
  });

  it('a chain that jumps to itself is a loop', () => {
    expect(codes('*filter\n:A - [0:0]\n-A A -j A\nCOMMIT\n')).toContain('iptables/jump-loop');
  });

  it('two chains jumping to one chain are not a loop', () => {
    const text = '*nat\n:A - [0:0]\n:B - [0:0]\n:C - [0:0]\n-A A -j C\n-A B -j C\n-A A -j B\nCOMMIT\n';
    expect(codes(text)).toEqual([]);
  });

  it(`warns at depth ${NFT_MAX_DEPTH + 1} from a base chain (nf_tables), not at ${NFT_MAX_DEPTH}`, () => {
    expect(codes(chain(NFT_MAX_DEPTH))).toEqual([]);
    const { diagnostics } = parseIptablesSave(chain(NFT_MAX_DEPTH + 1));
    expect(diagnostics.map((d) => d.code)).toEqual(['iptables/nesting-too-deep']);
    const d = diagnostics[0];
    expect(d?.severity).toBe('warning');
    expect(d?.message).toContain('16 jumps from INPUT');
    expect(d?.message).toContain('iptables-legacy');
  });

  it('reads a 10,000-deep loop-free chain in one pass: one depth warning, no loop', () => {
    const { diagnostics } = parseIptablesSave(chain(10000));
    expect(diagnostics.map((d) => d.code)).toEqual(['iptables/nesting-too-deep']);
  });

  it('finds a 10,000-chain loop without recursion', () => {
    const found = codes(chain(10000, true));
    expect(found).toContain('iptables/jump-loop');
  });

  it('finds nothing on kube-proxy’s and real dumps', () => {
    for (const f of [
      'k8s-overall-rules.iptables-save.txt',
      'real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt',
    ]) {
      const found = codes(readFixture(`iptables/${f}`));
      expect(found).not.toContain('iptables/jump-loop');
      expect(found).not.toContain('iptables/nesting-too-deep');
    }
  });
});

describe('NAT targets iptables cannot read are errors at their column', () => {
  const nat = (body: string) => `*nat\n:OUTPUT ACCEPT [0:0]\n-A OUTPUT ${body}\nCOMMIT\n`;
  const at = (text: string, code: string) =>
    parseIptablesSave(text)
      .diagnostics.filter((d) => d.code === code)
      .map((d) => `${d.severity}:${text.slice(d.span.start, d.span.end)}`);

  it('999.1.1.1:70000: the address and the port, each at its place', () => {
    const text = nat('-p tcp -j DNAT --to-destination 999.1.1.1:70000');
    expect(at(text, 'iptables/bad-address')).toEqual(['error:999.1.1.1']);
    expect(at(text, 'iptables/bad-port')).toEqual(['error:70000']);
  });

  it('a reversed port range', () => {
    expect(at(nat('-p tcp -j DNAT --to-destination 10.0.0.1:80-70'), 'iptables/bad-port')).toEqual([
      'error:80-70',
    ]);
    expect(at(nat('-j MASQUERADE --to-ports 2000-1000'), 'iptables/bad-port')).toEqual(['error:2000-1000']);
  });

  it('DNAT without --to-destination is a warning at the target', () => {
    expect(at(nat('-p tcp -j DNAT'), 'iptables/nat-without-range')).toEqual(['warning:DNAT']);
    expect(at(nat('-p tcp -j DNAT --to-destination'), 'iptables/missing-value')).toHaveLength(1);
  });

  it('accepts what kube-proxy, Docker and CNIs write', () => {
    for (const body of [
      '-p tcp -m tcp -j DNAT --to-destination 10.244.1.5:8080',
      '-p tcp -j DNAT --to-destination [fd00::5]:80',
      '-p tcp -j DNAT --to-destination :8080',
      '-j DNAT --to-destination 10.0.0.1-10.0.0.5',
      '-j SNAT --to-source 192.168.1.23 --random-fully',
      '-j MASQUERADE --to-ports 1024-65535',
      '-j MASQUERADE --random-fully',
    ])
      expect(codes(nat(body)), body).toEqual([]);
  });
});
