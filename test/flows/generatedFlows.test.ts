import { describe, expect, it } from 'vitest';
import { generateIptablesSave } from '../../src/core/gen/generate';
import { loadRuleset } from '../../src/core/model/testing/load';
import { trace } from '../../src/core/trace/trace';
import { readFixture } from '../fixtures';
import { GENERATED_SPECS } from './generatedSpecs';
import { describePaths, flowEnv, flowMismatches, flowPacket, type PacketFlow, TEST_NODE } from './packetFlow';

interface FlowGroup {
  readonly test: string;
  readonly flows?: readonly PacketFlow[];
}

const groups = (JSON.parse(readFixture('iptables/k8s-flows-without-dumps.json')) as { tests: FlowGroup[] })
  .tests;

describe('kube-proxy flows whose dumps upstream generates at test time (rebuilt with src/core/gen)', () => {
  for (const group of groups) {
    const spec = GENERATED_SPECS[group.test];
    if (spec === undefined || group.flows === undefined) continue;
    for (const flavour of ['restore-input', 'iptables-save'] as const) {
      describe(`${group.test} (${flavour})`, () => {
        const ruleset = loadRuleset(generateIptablesSave(spec, { flavour }));
        it.each(group.flows!.map((f) => [f.name, f] as const))('%s', (_name, flow) => {
          const result = trace(ruleset, flowPacket(flow, TEST_NODE), flowEnv(TEST_NODE));
          const errors = flowMismatches(flow, result);
          expect(errors, `${errors.join('; ')}\n${describePaths(ruleset, result)}`).toEqual([]);
        });
      });
    }
  }
});
