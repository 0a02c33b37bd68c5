import { describe, expect, it } from 'vitest';
import { deepChainDump } from '../../sim/deepChain';
import { loadRuleset } from '../testing/load';
import { simulate } from './simulate';
import { trace } from './trace';
import type { Packet } from './types';

/**
 * Issue 12 part 7: the tracer's guard counts depth (the entry path), not chain entries. A loop-free
 * dump is never called a loop; a real loop is named by its chains; nesting deeper than nf_tables'
 * jump stack is said.
 */
const pkt = (dst: string, dport = 80): Packet => ({
  origin: 'pod',
  src: '10.0.0.2',
  dst,
  proto: 'tcp',
  sport: 40000,
  dport,
});
const env = { localAddresses: ['192.168.0.2'] };
const codes = (xs: readonly { code: string }[]) => xs.map((x) => x.code);

/** FORWARD jumps to 2,000 chains in turn; each returns (one rule that does not match). */
function sequentialJumps(n: number): string {
  const lines = ['*filter', ':INPUT ACCEPT [0:0]', ':FORWARD ACCEPT [0:0]', ':OUTPUT ACCEPT [0:0]'];
  for (let i = 0; i < n; i++) lines.push(`:S${i} - [0:0]`);
  for (let i = 0; i < n; i++) lines.push(`-A FORWARD -j S${i}`);
  for (let i = 0; i < n; i++) lines.push(`-A S${i} -p udp -j DROP`);
  lines.push('-A FORWARD -d 10.9.9.9/32 -j REJECT', 'COMMIT', '');
  return lines.join('\n');
}

describe('the loop guard counts depth', () => {
  it('2,000 sequential jumps and returns trace to their true verdict (was: "a jump loop", DROP)', () => {
    const rs = loadRuleset(sequentialJumps(2000));
    const r = trace(rs, pkt('10.9.9.9'), env);
    expect(r.outcomes).toHaveLength(1);
    expect(r.outcomes[0]).toMatchObject({ verdict: 'REJECT', probability: 1 });
    expect(r.outcomes[0]?.path).toHaveLength(2001);
    expect(codes(r.diagnostics)).not.toContain('trace/loop');
    expect(codes(r.assumptions)).not.toContain('trace/loop');
    expect(trace(rs, pkt('10.9.9.8'), env).outcomes[0]?.verdict).toBe('ACCEPT');
  });

  it('a 10,000-deep loop-free chain reaches its DNAT and says iptables-nft would refuse it', () => {
    const deep = deepChainDump(10_000);
    const r = trace(loadRuleset(deep.text), pkt(deep.clusterIP, deep.port), env);
    expect(r.outcomes).toHaveLength(1);
    expect(r.outcomes[0]).toMatchObject({ verdict: 'ACCEPT', dnat: deep.endpoint });
    expect(codes(r.diagnostics)).not.toContain('trace/loop');
    const nesting = r.assumptions.filter((a) => a.code === 'trace/nesting-too-deep');
    expect(nesting).toHaveLength(1);
    // C15 is the 16th jump from PREROUTING (PREROUTING → KUBE-SERVICES → C1 … → C15).
    expect(nesting[0]?.message).toMatch(
      /^nat C15 is 16 jumps from a built-in chain: nf_tables accepts at most 15/,
    );
  });

  it('15 jumps deep is what nf_tables accepts: nothing is said', () => {
    const deep = deepChainDump(14);
    const r = trace(loadRuleset(deep.text), pkt(deep.clusterIP, deep.port), env);
    expect(r.outcomes[0]?.dnat).toBe(deep.endpoint);
    expect(codes(r.assumptions)).not.toContain('trace/nesting-too-deep');
    const deeper = deepChainDump(15);
    expect(
      codes(trace(loadRuleset(deeper.text), pkt(deeper.clusterIP, deeper.port), env).assumptions),
    ).toContain('trace/nesting-too-deep');
  });

  it('a real loop is reported naming its chains, by jump or by goto', () => {
    const jumps = loadRuleset(
      '*filter\n:FORWARD ACCEPT [0:0]\n:A - [0:0]\n:B - [0:0]\n:C - [0:0]\n-A FORWARD -j A\n-A A -j B\n-A B -j C\n-A C -j B\nCOMMIT\n',
    );
    const r = trace(jumps, pkt('10.9.9.9'), env);
    expect(r.outcomes[0]).toMatchObject({ verdict: 'DROP', probability: 1 });
    const loop = r.diagnostics.find((d) => d.code === 'trace/loop');
    expect(loop?.message).toContain('filter: B → C → B');
    expect(r.assumptions.find((a) => a.code === 'trace/loop')?.message).toContain('filter B → C → B');
    const gotos = loadRuleset(
      '*filter\n:FORWARD ACCEPT [0:0]\n:A - [0:0]\n:B - [0:0]\n-A FORWARD -g A\n-A A -g B\n-A B -g A\nCOMMIT\n',
    );
    const g = trace(gotos, pkt('10.9.9.9'), env);
    expect(g.diagnostics.find((d) => d.code === 'trace/loop')?.message).toContain('A → B → A');
  });

  it('simulate follows the same guard', () => {
    const rs = loadRuleset(sequentialJumps(1500));
    const s = simulate(rs, pkt('10.9.9.9'), env, { connections: 3, seed: 1 });
    expect(s.connections.map((c) => c.verdict)).toEqual(['REJECT', 'REJECT', 'REJECT']);
  });
});
