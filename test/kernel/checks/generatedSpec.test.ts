import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateIptablesSave } from '../../../src/sim/generate';
import { describeKernel } from '../harness/gate';
import { KernelLab } from '../harness/lab';
import { cleanLeftovers } from '../harness/topology';
import {
  conformanceFlows,
  conformanceListeners,
  conformancePlan,
  conformanceSpec,
  STICKY,
} from '../scenarios/conformanceSpec';
import { clientFor, scenarioFor } from '../scenarios/flows';
import { checkAgainstFlow, checkHarness, runInKernel } from './scenarioRun';
import { Tally } from './summary';
import { checkAffinity, checkAgainstTracer, rulesetOf } from './tracerCheck';
import { kernelOutcome } from './verdict';

/**
 * The generator's rules for a hand-written cluster (every Service shape) in a real kernel, checked
 * against kube-proxy semantics; a disagreement here is a generator bug or a wrong expectation.
 */
describeKernel('kernel: generateIptablesSave(conformanceSpec) vs kube-proxy semantics', () => {
  const spec = conformanceSpec();
  const plan = conformancePlan(spec);
  const dump = generateIptablesSave(spec, { flavour: 'iptables-save' });
  const ruleset = rulesetOf(dump);
  const tally = new Tally();
  const started = Date.now();
  let lab: KernelLab | undefined;

  beforeAll(async () => {
    await cleanLeftovers();
    lab = await KernelLab.start(plan, dump, new Map([...conformanceListeners(spec), ['node', []]]));
  }, 180_000);

  afterAll(async () => {
    await lab?.stop();
    console.log(tally.line('generated conformance spec vs kube-proxy semantics', Date.now() - started));
  });

  for (const flow of conformanceFlows()) {
    const to = flow.protocol === 'icmp' ? flow.destIP : `${flow.destIP}:${flow.destPort}`;
    it(`${flow.name}: ${flow.sourceIP} → ${to}/${flow.protocol}`, async () => {
      const before = tally.disagreements.length;
      const run = await runInKernel(lab!, scenarioFor(plan, flow), tally);
      checkHarness(run, tally);
      checkAgainstFlow(run, flow, tally);
      checkAgainstTracer(run, lab!.topology, ruleset, tally);
      expect(tally.disagreements.slice(before)).toEqual([]);
    });
  }

  it('ClientIP affinity: every connection of a client reaches the endpoint its first one reached', async () => {
    const before = tally.disagreements.length;
    for (const src of STICKY.clients) {
      const s = {
        name: `affinity from ${src}`,
        client: clientFor(plan, src),
        proto: 'tcp' as const,
        dst: STICKY.dst,
        dport: STICKY.dport,
        traced: 1,
        bulk: 30,
        flow: null,
      };
      const run = await runInKernel(lab!, s, tally);
      checkHarness(run, tally);
      const reached = new Set([...run.traced, ...run.bulk].map((o) => kernelOutcome(o.obs).dnat));
      tally.check(reached.size === 1, `${s.name}: reached ${[...reached].join(', ')}`);
      tally.check(
        [...reached].every((d) => d !== null && STICKY.endpoints.includes(d as never)),
        `${s.name}: reached a non-endpoint ${[...reached]}`,
      );
      checkAffinity(run, lab!.topology, ruleset, tally);
    }
    expect(tally.disagreements.slice(before)).toEqual([]);
  });
});
