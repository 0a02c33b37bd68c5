import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../testing/load';
import { simulate } from './simulate';
import { trace } from './trace';
import type { Packet, PathStep } from './types';

// A Service the way kube-proxy writes it (proxier.go): off-cluster sources are marked for
// masquerade in KUBE-SVC, KUBE-SEP DNATs, KUBE-POSTROUTING clears the bit and masquerades.
const DUMP = `*nat
:PREROUTING ACCEPT [0:0]
:INPUT ACCEPT [0:0]
:OUTPUT ACCEPT [0:0]
:POSTROUTING ACCEPT [0:0]
:KUBE-SERVICES - [0:0]
:KUBE-POSTROUTING - [0:0]
:KUBE-MARK-MASQ - [0:0]
:KUBE-SVC-X - [0:0]
:KUBE-SEP-A - [0:0]
:KUBE-SEP-B - [0:0]
-A PREROUTING -j KUBE-SERVICES
-A POSTROUTING -j KUBE-POSTROUTING
-A KUBE-MARK-MASQ -j MARK --or-mark 0x4000
-A KUBE-POSTROUTING -m mark ! --mark 0x4000/0x4000 -j RETURN
-A KUBE-POSTROUTING -j MARK --xor-mark 0x4000
-A KUBE-POSTROUTING -j MASQUERADE
-A KUBE-SERVICES -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j KUBE-SVC-X
-A KUBE-SVC-X ! -s 10.244.0.0/16 -d 10.96.0.10/32 -p tcp -m tcp --dport 80 -j KUBE-MARK-MASQ
-A KUBE-SVC-X -m statistic --mode random --probability 0.50000000000 -j KUBE-SEP-A
-A KUBE-SVC-X -j KUBE-SEP-B
-A KUBE-SEP-A -p tcp -m tcp -j DNAT --to-destination 10.244.1.5:8080
-A KUBE-SEP-B -p tcp -m tcp -j DNAT --to-destination 10.244.2.6:8080
COMMIT
`;

const packet: Packet = {
  origin: 'external',
  src: '203.0.113.9',
  dst: '10.96.0.10',
  proto: 'tcp',
  sport: 40000,
  dport: 80,
};
const env = { localAddresses: ['192.168.0.2'] };

function pathTo(endpoint: string): readonly PathStep[] {
  const o = trace(loadRuleset(DUMP), packet, env).outcomes.find((x) => x.dnat === endpoint);
  expect(o).toBeDefined();
  return o!.path;
}

const at = (path: readonly PathStep[], target: string, chain?: string) =>
  path.findIndex((s) => s.target === target && (chain === undefined || s.chain === chain));

describe('PathStep.packet: the packet as each step leaves it', () => {
  const path = pathTo('10.244.1.5:8080');

  it('is on every step', () => {
    expect(path.every((s) => s.packet !== undefined)).toBe(true);
    expect(path[0]!.packet).toMatchObject({ src: '203.0.113.9', dst: '10.96.0.10', sport: 40000 });
    expect(path[0]!.packet).toMatchObject({ dport: 80, proto: 'tcp', mark: 0, ct: 'new' });
  });

  it('carries mark 0x4000 from KUBE-MARK-MASQ on, until KUBE-POSTROUTING clears it', () => {
    const mark = at(path, 'MARK', 'KUBE-MARK-MASQ');
    expect(path[mark - 1]!.packet!.mark).toBe(0);
    expect(path[mark]!.packet!.mark).toBe(0x4000);
    const xor = at(path, 'MARK', 'KUBE-POSTROUTING');
    expect(path[xor - 1]!.packet!.mark).toBe(0x4000);
    expect(path[xor]!.packet!.mark).toBe(0);
  });

  it('rewrites dst at the KUBE-SEP DNAT step, and sets the DNAT bit there', () => {
    const dnat = at(path, 'DNAT');
    expect(path[dnat]!.chain).toBe('KUBE-SEP-A');
    expect(path[dnat - 1]!.packet).toMatchObject({ dst: '10.96.0.10', dport: 80, dnat: false });
    expect(path[dnat]!.packet).toMatchObject({ dst: '10.244.1.5', dport: 8080, dnat: true });
    expect(path[dnat]!.packet).toMatchObject({ src: '203.0.113.9', sport: 40000 });
  });

  it('flags MASQUERADE (source unknown to the dump) and SNAT', () => {
    const last = path[path.length - 1]!;
    expect(last.target).toBe('MASQUERADE');
    expect(last.packet).toMatchObject({ snat: true, masquerade: true, dnat: true, src: '203.0.113.9' });
    expect(path[path.length - 2]!.packet).toMatchObject({ snat: false, masquerade: false });
  });

  it('shares one object between steps that changed nothing', () => {
    const jump = at(path, 'KUBE-SERVICES');
    expect(path[jump + 1]!.packet).toBe(path[jump]!.packet);
  });

  it('has no ports for icmp', () => {
    const o = trace(loadRuleset(DUMP), { ...packet, proto: 'icmp', sport: null, dport: null }, env);
    const p = o.outcomes[0]!.path[0]!.packet!;
    expect(p).toMatchObject({ proto: 'icmp', sport: null, dport: null });
  });

  it('is not built when simulate keeps no paths', () => {
    const sim = simulate(loadRuleset(DUMP), packet, env, { connections: 20, seed: 1, keepPaths: false });
    expect(sim.connections.every((c) => c.path.length === 0)).toBe(true);
  });
});
