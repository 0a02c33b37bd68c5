import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFixture } from '../../fixtures';
import { describeKernel } from '../harness/gate';
import { KernelLab } from '../harness/lab';
import { cleanLeftovers } from '../harness/topology';
import { OVERALL_LISTEN, OVERALL_PLAN, overallFlows, scenarioFor } from '../scenarios/flows';
import { checkAgainstFlow, checkHarness, runInKernel } from './scenarioRun';
import { Tally } from './summary';
import { checkAgainstTracer, rulesetOf } from './tracerCheck';

/**
 * The overall-rules fixture loaded into a real kernel, checked against kube-proxy's own flow
 * expectations (TestOverallIPTablesRules' flows plus the computed ones, see PROVENANCE.md).
 */
describeKernel('kernel: k8s-overall-rules.iptables-save.txt vs kube-proxy flows', () => {
  const dump = readFixture('iptables/k8s-overall-rules.iptables-save.txt');
  const ruleset = rulesetOf(dump);
  const tally = new Tally();
  const started = Date.now();
  let lab: KernelLab | undefined;

  beforeAll(async () => {
    await cleanLeftovers();
    lab = await KernelLab.start(OVERALL_PLAN, dump, OVERALL_LISTEN);
  }, 180_000);

  afterAll(async () => {
    await lab?.stop();
    console.log(tally.line('overall fixture vs kube-proxy flows', Date.now() - started));
  });

  it('negative control: the referee catches a tracer that is fed wrong rules', async () => {
    // Same line numbers, two lies: svc4's first endpoint at 0.8 instead of 0.5, and svc1's
    // "not from the pod CIDR → KUBE-MARK-MASQ" rule blanked out.
    const wrong = rulesetOf(
      dump
        .replace('--probability 0.50000000000', '--probability 0.80000000000')
        .replace(/^-A KUBE-SVC-XPGD46QRK7WJZT7O ! -s .*$/m, ''),
    );
    const control = new Tally();
    const flows = overallFlows();
    const pick = (name: string) => scenarioFor(OVERALL_PLAN, flows.find((f) => f.name === name)!);
    for (const s of [
      pick('multiple endpoints'),
      pick('node to svc1 cluster IP (not from pod CIDR -> masq)'),
    ]) {
      checkAgainstTracer(await runInKernel(lab!, s, control), lab!.topology, wrong, control);
    }
    const found = control.disagreements.join('\n');
    expect(found).toMatch(/histogram .* vs tracer/);
    expect(found).toMatch(/kernel path is none of the tracer's outcomes/);
    expect(found).toMatch(/masquerade to 10\.180\.0\.1:80: kernel \{true\} vs tracer \{false\}/);
  });

  for (const flow of overallFlows()) {
    it(`${flow.name}: ${flow.sourceIP} → ${flow.destIP}:${flow.destPort}/${flow.protocol}`, async () => {
      const before = tally.disagreements.length;
      const run = await runInKernel(lab!, scenarioFor(OVERALL_PLAN, flow), tally);
      checkHarness(run, tally);
      checkAgainstFlow(run, flow, tally);
      checkAgainstTracer(run, lab!.topology, ruleset, tally);
      expect(tally.disagreements.slice(before)).toEqual([]);
    });
  }
});
