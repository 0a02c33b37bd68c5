import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateIptablesSave } from '../../../src/sim/generate';
import { randomClusterSpec } from '../../../src/sim/randomSpec';
import { describeKernel } from '../harness/gate';
import { KernelLab } from '../harness/lab';
import { cleanLeftovers } from '../harness/topology';
import type { Scenario } from '../scenarios/flows';
import { hairpinEndpoint, randomListeners, randomPlan, randomScenarios } from '../scenarios/randomScenarios';
import { checkHarness, runInKernel } from './scenarioRun';
import { Tally } from './summary';
import { checkAffinity, checkAgainstTracer, rulesetOf } from './tracerCheck';
import { kernelOutcome } from './verdict';

/**
 * A seeded random cluster (randomClusterSpec) generated to iptables-save text, loaded into a real
 * kernel and compared with trace() connection by connection. KPE_KERNEL_SEED / KPE_KERNEL_SERVICES
 * change the cluster; the seed is printed so a failure can be replayed.
 */
const seed = Number(process.env.KPE_KERNEL_SEED ?? 20250106);
const services = Number(process.env.KPE_KERNEL_SERVICES ?? 12);

describeKernel(`kernel: generated random cluster (seed ${seed}, ${services} Services) vs trace()`, () => {
  const spec = randomClusterSpec({ services, seed });
  const dump = generateIptablesSave(spec, { flavour: 'iptables-save' });
  const ruleset = rulesetOf(dump);
  const plan = randomPlan(spec, hairpinEndpoint(spec));
  const tally = new Tally();
  const started = Date.now();
  let lab: KernelLab | undefined;
  let scenarios: Scenario[] = [];

  beforeAll(async () => {
    await cleanLeftovers();
    lab = await KernelLab.start(plan, dump, new Map([...randomListeners(spec), ['node', []]]));
    scenarios = randomScenarios(spec, lab.topology, ruleset);
  }, 180_000);

  afterAll(async () => {
    await lab?.stop();
    console.log(tally.line(`random cluster seed ${seed} vs trace()`, Date.now() - started));
  });

  it('every scenario: kernel paths, DNAT sets, masquerade, verdicts and histograms agree with trace()', async () => {
    expect(scenarios.length).toBeGreaterThan(10);
    for (const s of scenarios) {
      const run = await runInKernel(lab!, s, tally);
      checkHarness(run, tally);
      checkAgainstTracer(run, lab!.topology, ruleset, tally);
      if (s.affinity && run.traced.some((o) => o.k.dnat !== null)) {
        const reached = new Set(run.traced.map((o) => kernelOutcome(o.obs).dnat));
        tally.check(
          reached.size === 1,
          `${s.name}: ClientIP affinity, yet the kernel reached ${[...reached].join(', ')}`,
        );
        checkAffinity(run, lab!.topology, ruleset, tally);
      }
    }
    console.log(`random cluster: ${scenarios.length} scenarios over ${spec.services.length} Services`);
    expect(tally.disagreements).toEqual([]);
  }, 240_000);
});
