import { describe, expect, it } from 'vitest';
import { findGalleryScenario } from '../../content';
import { indexServiceGroups } from '../../core/kubeproxy';
import { loadRuleset } from '../../core/testing/load';
import { trace } from '../../core/trace';
import { lookupForTrace } from '../../core/view';
import { translator } from '../../i18n';
import { receiverSummary } from './receiverSummary';

function summaryOf(id: string, lang: 'en' | 'zh-CN' = 'en') {
  const g = findGalleryScenario(id);
  if (!g) throw new Error(id);
  const ruleset = loadRuleset(g.iptables);
  const result = trace(ruleset, g.packet, { localAddresses: [...g.nodeIps], conntrack: 'new' });
  const outcome = result.outcomes[0]!;
  const context = {
    groups: indexServiceGroups(ruleset),
    rules: lookupForTrace(ruleset, result),
    nodeIps: g.nodeIps,
  };
  return receiverSummary(g.packet, outcome, context, translator(lang));
}

describe('receiverSummary', () => {
  it('says who sent what where, and where it was dropped and why', () => {
    const s = summaryOf('etp-local-without-local-endpoint');
    expect(s.question).toMatch(/^client \S+ → node \S+:\d+ \(\S+\/\S+ NodePort\)$/);
    expect(s.answer).toMatch(/^DROP in filter KUBE-EXTERNAL-SERVICES, line \d+: has no local endpoints$/);
  });

  it('names the endpoint of an accepted packet, in Chinese too', () => {
    expect(summaryOf('clusterip-from-pod').answer).toMatch(/^ACCEPT, DNAT to \d+\.\d+\.\d+\.\d+:\d+$/);
    expect(summaryOf('clusterip-from-pod', 'zh-CN').question).toMatch(/^Pod \S+ → \S+ \(\S+ ClusterIP\)$/);
  });
});
