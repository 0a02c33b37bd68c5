import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/core/testing/load';
import { trace } from '../../src/core/trace';
import { generateIptablesSave } from '../../src/sim/generate';
import type { ClusterSpec } from '../../src/sim/spec';
import { readFixture } from '../fixtures';
import { GENERATED_CASE_SPECS, GENERATED_SPECS } from './generatedSpecs';
import { describePaths, flowEnv, flowMismatches, flowPacket, type PacketFlow, TEST_NODE } from './packetFlow';

interface FlowGroup {
  readonly test: string;
  readonly flows?: readonly PacketFlow[];
  /** Groups whose setup changes per case. */
  readonly cases?: readonly { readonly case: string; readonly flows: readonly PacketFlow[] }[];
}

const groups = (JSON.parse(readFixture('iptables/k8s-flows-without-dumps.json')) as { tests: FlowGroup[] })
  .tests;

function checkFlows(spec: ClusterSpec, flows: readonly PacketFlow[]): void {
  for (const flavour of ['restore-input', 'iptables-save'] as const) {
    describe(flavour, () => {
      const ruleset = loadRuleset(generateIptablesSave(spec, { flavour }));
      it.each(flows.map((f) => [f.name, f] as const))('%s', (_name, flow) => {
        const result = trace(ruleset, flowPacket(flow, TEST_NODE), flowEnv(TEST_NODE));
        const errors = flowMismatches(flow, result);
        expect(errors, `${errors.join('; ')}\n${describePaths(ruleset, result)}`).toEqual([]);
      });
    });
  }
}

describe('kube-proxy flows whose dumps upstream generates at test time (rebuilt with src/sim)', () => {
  for (const group of groups) {
    const spec = GENERATED_SPECS[group.test];
    if (spec !== undefined && group.flows !== undefined)
      describe(group.test, () => checkFlows(spec, group.flows!));
    const cases = GENERATED_CASE_SPECS[group.test];
    if (cases === undefined || group.cases === undefined) continue;
    for (const c of group.cases) {
      const caseSpec = cases[c.case];
      describe(`${group.test}: ${c.case}`, () => {
        it('has a generator spec', () => expect(caseSpec, c.case).toBeDefined());
        if (caseSpec) checkFlows(caseSpec, c.flows);
      });
    }
  }

  it('rebuilds every group of the fixture', () => {
    const missing = groups
      .filter((g) => !(g.flows && GENERATED_SPECS[g.test]) && !(g.cases && GENERATED_CASE_SPECS[g.test]))
      .map((g) => g.test);
    expect(missing).toEqual([]);
  });
});
