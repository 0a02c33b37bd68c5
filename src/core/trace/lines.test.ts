import { describe, expect, it } from 'vitest';
import { readFixture as fixtureText } from '../../../test/fixtures';
import { loadRuleset } from '../testing/load';
import { trace } from './trace';
import type { PathStep, TraceResult } from './types';

/** Issue 12 part 5: a path step's line is a 1-based line of the text, or null. */
const steps = (r: TraceResult): PathStep[] => r.outcomes.flatMap((o) => o.path);
const env = { localAddresses: ['192.168.0.2'] };

describe('path step lines', () => {
  it('a policy step points at its :CHAIN POLICY declaration line', () => {
    const text =
      '*filter\n:INPUT ACCEPT [0:0]\n:FORWARD DROP [0:0]\n:OUTPUT ACCEPT [0:0]\n-A FORWARD -p udp -j ACCEPT\nCOMMIT\n';
    const r = trace(
      loadRuleset(text),
      { origin: 'pod', src: '10.0.0.2', dst: '10.9.9.9', proto: 'tcp', sport: 1, dport: 80 },
      env,
    );
    const policy = steps(r).find((s) => s.target === 'policy DROP');
    expect(policy?.line).toBe(3);
    expect(text.split('\n')[(policy?.line ?? 0) - 1]).toBe(':FORWARD DROP [0:0]');
  });

  it('a policy of a chain the text does not declare has no line (null, not 0)', () => {
    const r = trace(
      loadRuleset('-A FORWARD -p udp -j ACCEPT\n-A FORWARD -j DROP\n'),
      { origin: 'pod', src: '10.0.0.2', dst: '10.9.9.9', proto: 'udp', sport: 1, dport: 53 },
      env,
    );
    expect(steps(r).map((s) => s.line)).toEqual([1]);
    const r2 = trace(
      loadRuleset('-A FORWARD -p udp -j RETURN\n'),
      { origin: 'pod', src: '10.0.0.2', dst: '10.9.9.9', proto: 'udp', sport: 1, dport: 53 },
      env,
    );
    expect(steps(r2).map((s) => [s.target, s.line])).toEqual([
      ['RETURN', 1],
      ['policy ACCEPT', null],
    ]);
  });

  it('implied kube-proxy jumps carry null; every line of a real dump is a line of its text', () => {
    const text = fixtureText('iptables/real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt');
    const lines = text.split('\n').length;
    const r = trace(
      loadRuleset(text),
      { origin: 'pod', src: '10.32.0.5', dst: '10.96.0.1', proto: 'tcp', sport: 40000, dport: 443 },
      { localAddresses: ['192.168.50.101'] },
    );
    for (const s of steps(r))
      if (s.line !== null) expect(s.line).toBeGreaterThan(0), expect(s.line).toBeLessThanOrEqual(lines);
    expect(steps(r).some((s) => s.line === 0)).toBe(false);
    // kube-proxy's restore input has no jumps from the built-in chains: they are implied (line null).
    const restore = loadRuleset(fixtureText('iptables/k8s-overall-rules.txt'));
    const r3 = trace(
      restore,
      { origin: 'pod', src: '10.0.0.2', dst: '172.30.0.41', proto: 'tcp', sport: 40000, dport: 80 },
      { localAddresses: ['192.168.0.2'] },
    );
    const implied = steps(r3).filter((s) => s.ruleId === null && !s.target.startsWith('policy'));
    expect(implied.length).toBeGreaterThan(0);
    for (const s of implied) expect(s.line).toBeNull();
    expect(steps(r3).some((s) => s.line === 0)).toBe(false);
  });
});
