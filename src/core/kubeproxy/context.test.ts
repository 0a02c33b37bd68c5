import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { chainId, type Ruleset } from '../ruleset';
import { loadRuleset } from '../testing/load';
import { incomingRules, ruleAt } from './context';
import { buildContext } from './indexRules';
import { analyzeKubeProxy } from './kube';

/** The jumps as the model defines them: every -j/-g from or to a KUBE-* chain, in Object.values order. */
function naiveJumps(ruleset: Ruleset) {
  const jumps: { from: string; to: string; rule: string; goto: boolean }[] = [];
  for (const table of Object.values(ruleset.tables)) {
    if (!table) continue;
    for (const chain of Object.values(table.chains)) {
      for (const rule of chain.rules) {
        if (rule.target.kind !== 'jump') continue;
        const to = rule.target.chain;
        if (!chain.name.startsWith('KUBE-') && !to.startsWith('KUBE-')) continue;
        jumps.push({ from: chain.id, to: chainId(table.name, to), rule: rule.id, goto: rule.target.goto });
      }
    }
  }
  return jumps;
}

// KUBE-SEP-B is only jumped to: lowering creates it before KUBE-SVC-A in `chains`, after it in `order`.
const REFERENCED = `*nat
:PREROUTING ACCEPT [0:0]
:KUBE-SERVICES - [0:0]
:KUBE-SVC-A - [0:0]
-A PREROUTING -j KUBE-SERVICES
-A KUBE-SERVICES -d 10.0.0.1/32 -p tcp -m comment --comment "ns/a cluster IP" --dport 80 -j KUBE-SVC-A
-A KUBE-SVC-A -m statistic --mode random --probability 0.5 -j KUBE-SEP-B
-A KUBE-SVC-A -j KUBE-SEP-B
COMMIT
`;

describe('buildContext', () => {
  it('numbers rules across the Ruleset and lists the rules jumping to each chain', () => {
    const ctx = buildContext(loadRuleset(REFERENCED));
    expect(ctx.kube.map((f) => f.name)).toEqual(['KUBE-SERVICES', 'KUBE-SVC-A', 'KUBE-SEP-B']);
    const svc = ctx.kube[1];
    const sep = ctx.kube[2];
    expect(incomingRules(ctx, svc as NonNullable<typeof svc>).map((r) => r.id)).toEqual([
      'nat/KUBE-SERVICES#0',
    ]);
    expect(incomingRules(ctx, sep as NonNullable<typeof sep>).map((r) => r.id)).toEqual([
      'nat/KUBE-SVC-A#0',
      'nat/KUBE-SVC-A#1',
    ]);
    // Only KUBE-SERVICES rules and commented rules of KUBE-* chains are read one by one.
    expect(ctx.notable.map((k) => ruleAt(ctx, k).id)).toEqual(['nat/KUBE-SERVICES#0']);
  });

  it('lists the jumps on the way, unless Object.keys orders the chains otherwise', () => {
    expect(buildContext(loadRuleset(REFERENCED)).jumps).toBeNull();
    const plain = loadRuleset(readFixture('iptables/k8s-overall-rules.txt'));
    expect(buildContext(plain).jumps).toEqual(naiveJumps(plain));
  });
});

describe('analyzeKubeProxy jumps', () => {
  for (const [name, text] of [
    ['a referenced-only chain', REFERENCED],
    ['the overall fixture', readFixture('iptables/k8s-overall-rules.txt')],
    ['the 2018 kubeadm dump', readFixture('iptables/real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt')],
  ] as const) {
    it(`lists them in Object.values order and counts referencedBy (${name})`, () => {
      const ruleset = loadRuleset(text);
      const model = analyzeKubeProxy(ruleset).result;
      const naive = naiveJumps(ruleset);
      expect(model.jumps).toEqual(naive);
      for (const c of model.chains)
        expect(c.referencedBy, c.id).toBe(naive.filter((j) => j.to === c.id).length);
    });
  }
});
