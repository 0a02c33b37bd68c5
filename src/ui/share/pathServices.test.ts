import { describe, expect, it } from 'vitest';
import { GALLERY } from '../../content';
import { parseIptablesSave } from '../../core/iptables';
import { analyzeKubeProxy } from '../../core/kubeproxy';
import { loadKubectl, loadRuleset } from '../../core/testing/load';
import { trace } from '../../core/trace';
import { pathChains } from '../../core/view';
import { keepPathServices } from './pathServices';

function traceOf(iptables: string, g: (typeof GALLERY)[number]) {
  const ruleset = loadRuleset(iptables);
  return trace(ruleset, g.packet, { localAddresses: [...g.nodeIps], conntrack: 'new' });
}

/** Endpoints and their probabilities, the part of a trace the cut must keep. */
function summary(r: ReturnType<typeof trace>) {
  return r.outcomes.map((o) => `${o.verdict} ${o.dnat} ${o.probability.toFixed(6)}`).sort();
}

describe('keepPathServices', () => {
  it.each(GALLERY.map((g) => [g.id, g] as const))('%s: same outcomes, valid text, fewer rules', (_, g) => {
    const before = traceOf(g.iptables, g);
    const chains = before.outcomes.flatMap((o) => pathChains(o.path));
    const cut = keepPathServices(g.iptables, g.kubectl, chains);
    const errors = parseIptablesSave(cut.iptables).diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.code)).toEqual([]);
    expect(summary(traceOf(cut.iptables, g))).toEqual(summary(before));
    expect(cut.iptables.split('\n').length).toBeLessThanOrEqual(g.iptables.split('\n').length);
    expect(cut.iptables).toMatch(/COMMIT/);
  });

  it('drops the rules and kubectl rows of Services off the path', () => {
    const g = GALLERY.find((x) => x.id === 'clusterip-from-pod');
    if (!g) throw new Error('gallery scenario missing');
    const model = analyzeKubeProxy(loadRuleset(g.iptables), loadKubectl(g.kubectl)).result;
    const before = traceOf(g.iptables, g);
    const cut = keepPathServices(
      g.iptables,
      g.kubectl,
      before.outcomes.flatMap((o) => pathChains(o.path)),
    );
    expect(cut.servicePorts.length).toBe(1);
    const others = model.servicePorts.filter((p) => p.name.key !== cut.servicePorts[0]);
    expect(others.length).toBeGreaterThan(0);
    for (const p of others) if (p.chains.svc) expect(cut.iptables).not.toContain(p.chains.svc);
    expect(cut.kubectl.split('\n').length).toBeLessThan(g.kubectl.split('\n').length);
    expect(cut.kubectl).toMatch(/^(NAMESPACE|NAME)\s/m);
  });
});
