import { describe, expect, it } from 'vitest';
import { GALLERY, galleryToScenario } from '../../src/content';
import { parseIptablesSave } from '../../src/core/iptables';
import { parseKubectl } from '../../src/core/kubectl';
import { analyzeKubeProxy } from '../../src/core/kubeproxy';
import { lowerToRuleset } from '../../src/core/lower';
import { decodeScenario, encodeScenario } from '../../src/core/share';
import { simulate, trace } from '../../src/core/trace';

const errors = (ds: readonly { severity: string; code: string }[]) =>
  ds.filter((d) => d.severity === 'error');

describe('workshop gallery', () => {
  it('has unique ids and lessons of 3–6 sentences in both languages', () => {
    expect(new Set(GALLERY.map((g) => g.id)).size).toBe(GALLERY.length);
    expect(GALLERY.length).toBeGreaterThanOrEqual(11);
    for (const g of GALLERY) {
      const en = g.lesson.en.split(/(?<=[.!?])\s+(?=[A-Z"`])/).length;
      const zh = g.lesson['zh-CN'].split(/[。！？]/).filter((s) => s.trim() !== '').length;
      expect(
        [en, zh].every((n) => n >= 3 && n <= 6),
        g.id,
      ).toBe(true);
      expect(g.title['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  for (const g of GALLERY) {
    describe(g.id, () => {
      const parsed = parseIptablesSave(g.iptables);
      const lowered = lowerToRuleset(parsed.result);
      const kubectl = parseKubectl(g.kubectl);

      it('parses with no errors and kube-proxy analysis finds its Services', () => {
        expect(errors(parsed.diagnostics)).toEqual([]);
        expect(errors(lowered.diagnostics)).toEqual([]);
        expect(errors(kubectl.diagnostics)).toEqual([]);
        const model = analyzeKubeProxy(lowered.result, kubectl.result);
        expect(errors(model.diagnostics)).toEqual([]);
        expect(model.result.servicePorts.length).toBeGreaterThan(0);
        expect(kubectl.result.services.length).toBeGreaterThan(0);
      });

      it(`traces to what the lesson promises (${g.promise.verdict}${g.promise.masquerade ? ', masquerade' : ''})`, () => {
        const env = { localAddresses: g.nodeIps };
        const result = trace(lowered.result, g.packet, env);
        const outcomes = result.outcomes;
        expect(outcomes.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 9);
        for (const o of outcomes) {
          expect(o.verdict).toBe(g.promise.verdict);
          expect(o.masquerade).toBe(g.promise.masquerade);
          expect(o.dnat !== null).toBe(g.promise.dnat === 'some');
        }
        if (g.promise.endpoints) {
          expect([...new Set(outcomes.map((o) => o.dnat))].sort()).toEqual([...g.promise.endpoints].sort());
        }
        if (g.promise.sticky) {
          expect(new Set(outcomes.map((o) => o.dnat)).size).toBeGreaterThan(1);
          const sim = simulate(lowered.result, g.packet, env, { connections: 30, seed: 7 });
          expect(Object.keys(sim.endpointCounts)).toHaveLength(1);
        }
      });

      it('round-trips through a permalink', async () => {
        for (const language of ['en', 'zh-CN'] as const) {
          const scenario = galleryToScenario(g, language);
          const decoded = await decodeScenario(await encodeScenario(scenario));
          expect(decoded).toEqual({ ok: true, scenario });
        }
      });
    });
  }
});
