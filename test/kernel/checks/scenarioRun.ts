import type { KernelLab, Observation } from '../harness/lab';
import type { Flow, Scenario } from '../scenarios/flows';
import { ALPHA, chiSquareTest } from './stats';
import type { Tally } from './summary';
import { crossCheckWithServer, describePath, type KernelOutcome, kernelOutcome } from './verdict';

/** What a scenario produced in the kernel: every observation with its outcome. */
export interface KernelRun {
  readonly scenario: Scenario;
  readonly traced: readonly { obs: Observation; k: KernelOutcome }[];
  readonly bulk: readonly { obs: Observation; k: KernelOutcome }[];
}

/** What runInKernel needs of a lab (KernelLab for iptables, NftLab for nftables). */
export type TracingLab = Pick<KernelLab, 'traced' | 'bulk'>;

/** Runs the scenario's traced connections one at a time, then its bulk connections in parallel. */
export async function runInKernel(lab: TracingLab, s: Scenario, tally: Tally): Promise<KernelRun> {
  const traced: KernelRun['traced'][number][] = [];
  for (let i = 0; i < s.traced; i++) {
    const obs = await lab.traced(s.client, s.proto, s.dst, s.dport);
    traced.push({ obs, k: kernelOutcome(obs) });
  }
  const bulkObs = s.bulk > 0 ? await lab.bulk(s.client, s.proto, s.dst, s.dport, s.bulk) : [];
  tally.scenarios++;
  tally.traced += traced.length;
  tally.packets += traced.length + bulkObs.length;
  return { scenario: s, traced, bulk: bulkObs.map((obs) => ({ obs, k: kernelOutcome(obs) })) };
}

/** Checks the harness relies on: a trace per traced connection and conntrack agreeing with the endpoint. */
export function checkHarness(run: KernelRun, tally: Tally): void {
  for (const { obs, k } of [...run.traced, ...run.bulk]) {
    if (obs.path !== null)
      tally.check(obs.path.length > 0, `${run.scenario.name}: no kernel trace for sport ${obs.sport}`);
    if (obs.result.kind === 'reply') {
      const problems = crossCheckWithServer(obs, k);
      tally.check(problems.length === 0, `${run.scenario.name} (sport ${obs.sport}): ${problems.join('; ')}`);
    }
  }
}

function endpointCounts(run: KernelRun): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { k } of [...run.traced, ...run.bulk]) {
    if (k.dnat) counts.set(k.dnat, (counts.get(k.dnat) ?? 0) + 1);
  }
  return counts;
}

/**
 * Compares the kernel with kube-proxy's own flow expectation (`packetFlowTest`): verdict, the set of
 * endpoints reached, masquerade, the client's view, and (for several endpoints) a chi-square test
 * against the equal shares kube-proxy's probability ladder encodes (1/n, 1/(n−1), …, proxier.go
 * `probability(n)`).
 */
export function checkAgainstFlow(run: KernelRun, flow: Flow, tally: Tally): void {
  const name = run.scenario.name;
  const all = [...run.traced, ...run.bulk];
  const out = flow.expectedOutput;
  const expectVerdict = out === 'DROP' || out === 'REJECT' ? out : 'ACCEPT';
  for (const { obs, k } of all) {
    const where = `${name} (sport ${obs.sport})`;
    const path = obs.path ? `\n${describePath(obs.path)}` : '';
    tally.check(
      k.verdict === expectVerdict,
      `${where}: kernel verdict ${k.verdict}, kube-proxy expects ${expectVerdict}${path}`,
    );
    if (expectVerdict === 'DROP')
      tally.check(obs.result.kind === 'timeout', `${where}: DROP but the client saw ${obs.result.kind}`);
    if (expectVerdict === 'REJECT')
      tally.check(obs.result.kind === 'refused', `${where}: REJECT but the client saw ${obs.result.kind}`);
    if (flow.echoReply !== undefined)
      tally.check(
        (obs.result.kind === 'reply') === flow.echoReply,
        `${where}: echo reply expected ${flow.echoReply}, the client saw ${obs.result.kind}`,
      );
    if (flow.expectedEndpoints.length > 0) {
      tally.check(
        obs.result.kind === 'reply',
        `${where}: endpoint expected, the client saw ${obs.result.kind}`,
      );
      tally.check(
        k.masquerade === flow.masq,
        `${where}: kernel masquerade ${k.masquerade}, kube-proxy expects ${flow.masq}${path}`,
      );
    } else {
      tally.check(k.dnat === null, `${where}: kernel DNATed to ${k.dnat}, kube-proxy expects no DNAT`);
      tally.check(
        k.masquerade === flow.masq,
        `${where}: kernel masquerade ${k.masquerade}, kube-proxy expects ${flow.masq}${path}`,
      );
    }
  }
  const counts = endpointCounts(run);
  const seen = [...counts.keys()].sort();
  const expected = [...flow.expectedEndpoints].sort();
  tally.check(
    seen.join(',') === expected.join(','),
    `${name}: kernel reached {${seen}}, kube-proxy expects {${expected}}`,
  );
  if (expected.length > 1) {
    const observed = expected.map((e) => counts.get(e) ?? 0);
    const chi = chiSquareTest(
      observed,
      expected.map(() => 1 / expected.length),
    );
    tally.check(
      chi.pValue >= ALPHA,
      `${name}: histogram ${observed} vs equal shares: χ²=${chi.statistic.toFixed(2)}, p=${chi.pValue.toExponential(2)}`,
    );
  }
}
