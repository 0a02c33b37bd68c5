import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NFT_ERAS, type NftEra } from '../../../src/sim/nftEra';
import { generateNftables } from '../../../src/sim/nftGenerate';
import { describeKernel } from '../harness/gate';
import { NftLab } from '../harness/nftLab';
import { cleanLeftovers } from '../harness/topology';
import { conformanceListeners, conformancePlan, STICKY } from '../scenarios/conformanceSpec';
import { clientFor, scenarioFor } from '../scenarios/flows';
import { nftConformanceFlows, nftConformanceSpec } from '../scenarios/nftConformance';
import { flowV6, planV6, STICKY_V6, specV6 } from '../scenarios/nftConformance6';
import { checkNftAgainstTracer, type NftTracer, nftTracerFor } from './nftTracerCheck';
import { checkAgainstFlow, checkHarness, type KernelRun, runInKernel, type TracingLab } from './scenarioRun';
import { Tally } from './summary';
import { kernelOutcome } from './verdict';

/** Every rule the kernel reported is mapped back to its line of the loaded text (by handle). */
function checkLines(run: KernelRun, tally: Tally): void {
  for (const { obs } of run.traced) {
    const unmapped = (obs.path ?? []).filter((s) => s.kind === 'rule' && s.line <= 0);
    tally.check(
      unmapped.length === 0,
      `${run.scenario.name}: trace rules without a line: ${unmapped.map((s) => s.text).join(' | ')}`,
    );
  }
}

/**
 * kube-proxy's nftables rules for the conformance cluster, generated for each era, in a real
 * kernel: the kernel must do what kube-proxy means (which endpoint set, verdict, masquerade, equal
 * numgen shares by χ²), and — once the project's tracer reads nftables — what the tracer says.
 */
describeKernel('kernel: generateNftables(conformance cluster) vs kube-proxy semantics', () => {
  // 1.34 (certified against kube-proxy's test dump) and 1.36 with 300 connections per
  // multi-endpoint histogram; 1.33 and IPv6 with 100 (still ≥ 33 expected per cell), for time.
  for (const era of NFT_ERAS) eraSuite(era, 'ipv4', era === '1.33' ? 100 : 300);
  // IPv6 (ip6 kube-proxy, the cluster moved to v6 addresses) in the newest era.
  eraSuite('1.36', 'ipv6', 100);

  function eraSuite(era: NftEra, family: 'ipv4' | 'ipv6', histogram: number) {
    const spec4 = nftConformanceSpec();
    const plan4 = conformancePlan(spec4);
    const v6 = family === 'ipv6';
    const spec = v6 ? specV6(spec4) : spec4;
    const plan = v6 ? planV6(plan4) : plan4;
    const flows = v6 ? nftConformanceFlows().map(flowV6) : nftConformanceFlows();
    const sticky = v6 ? STICKY_V6 : STICKY;
    const listen = new Map([...conformanceListeners(spec), ['node', []]]);
    describe(`kube-proxy ${era} ${family}`, () => {
      const dump = generateNftables(spec, { era });
      // 1.36 (numgen DNAT maps without endpoint chains, hairpin-connections) is compared with the
      // kernel's expectation only: the per-connection tracer check matches outcomes by path, and
      // there every endpoint has the same path; v6 endpoints print as [addr]:port; the hairpin
      // set is not yet traced. Issue 11 keeps this open (closing note of stop 15).
      const tracer: NftTracer =
        era === '1.36'
          ? { reason: 'the 1.36 shapes are not yet compared with the tracer' }
          : nftTracerFor(dump);
      const tally = new Tally();
      let started = 0;
      let lab: NftLab | undefined;

      beforeAll(async () => {
        started = Date.now();
        await cleanLeftovers();
        lab = await NftLab.start(plan, dump, listen);
      }, 180_000);

      afterAll(async () => {
        await lab?.stop();
        console.log(
          tally.line(`generated nftables ${era} ${family} vs kube-proxy semantics`, Date.now() - started),
        );
      });

      for (const flow of flows) {
        it(`${flow.name}: ${flow.sourceIP} → ${flow.destIP}:${flow.destPort}/${flow.protocol}`, async () => {
          const before = tally.disagreements.length;
          const scenario = scenarioFor(plan, flow);
          // A dropped SYN is retransmitted after 1 s: waiting 0.8 s sees the first one go unanswered.
          const wait = flow.expectedOutput === 'DROP' ? 800 : undefined;
          const timed: TracingLab = {
            traced: (c, p, d, dp) => lab!.traced(c, p, d, dp, wait),
            bulk: (c, p, d, dp, n) => lab!.bulk(c, p, d, dp, n),
          };
          const run = await runInKernel(
            timed,
            { ...scenario, bulk: Math.min(scenario.bulk, histogram) },
            tally,
          );
          checkHarness(run, tally);
          checkLines(run, tally);
          checkAgainstFlow(run, flow, tally);
          checkNftAgainstTracer(run, lab!.topology, tracer, tally);
          expect(tally.disagreements.slice(before)).toEqual([]);
        });
      }

      it('negative control: a wrong expectation (masquerade for a pod client) is caught', async () => {
        const wrong = { ...flows[0]!, masq: true };
        const control = new Tally();
        const run = await runInKernel(lab!, { ...scenarioFor(plan, wrong), bulk: 0 }, control);
        checkAgainstFlow(run, wrong, control);
        expect(control.disagreements.length).toBeGreaterThan(0);
      });

      it('ClientIP affinity: every connection of a client reaches the endpoint its first one reached', async () => {
        const before = tally.disagreements.length;
        for (const src of sticky.clients) {
          const s = {
            name: `affinity from ${src}`,
            client: clientFor(plan, src),
            proto: 'tcp' as const,
            dst: sticky.dst,
            dport: sticky.dport,
            traced: 1,
            bulk: 30,
            flow: null,
          };
          const run = await runInKernel(lab!, s, tally);
          checkHarness(run, tally);
          const reached = new Set([...run.traced, ...run.bulk].map((o) => kernelOutcome(o.obs).dnat));
          tally.check(reached.size === 1, `${s.name}: reached ${[...reached].join(', ')}`);
          tally.check(
            [...reached].every((d) => d !== null && sticky.endpoints.includes(d as never)),
            `${s.name}: reached a non-endpoint ${[...reached]}`,
          );
        }
        expect(tally.disagreements.slice(before)).toEqual([]);
      });
    });
  }
});
