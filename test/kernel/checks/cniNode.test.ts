import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseIpset } from '../../../src/core/ipset';
import { trace } from '../../../src/core/trace';
import { describePathAuthors } from '../../../src/core/view';
import { generateIptablesSave } from '../../../src/sim/generate';
import { nsRun } from '../harness/exec';
import { describeKernel } from '../harness/gate';
import { KernelLab } from '../harness/lab';
import { cleanLeftovers } from '../harness/topology';
import { CNI_IPSETS, cniFlows, withCalicoRules } from '../scenarios/cniNode';
import { conformanceListeners, conformancePlan, conformanceSpec } from '../scenarios/conformanceSpec';
import { clientFor } from '../scenarios/flows';
import { checkHarness, type KernelRun, runInKernel } from './scenarioRun';
import { Tally } from './summary';
import { checkAgainstTracer, envOf, packetOf, rulesetOf } from './tracerCheck';

/**
 * A CNI-laden node (scenarios/cniNode.ts): kube-proxy's generated rules with Calico-style rules
 * on top, whose verdicts and masquerade depend on ipset members loaded by `ipset restore`. The
 * kernel is checked against our expectations, and the tracer, fed the very `ipset save` text the
 * kernel loaded, against the kernel. Without the sets the tracer must say so (`trace/ipset-unknown`)
 * — and it then disagrees with the kernel, which shows the sets decide here.
 */
describeKernel('kernel: a Calico-style node with ipsets vs the tracer', () => {
  const spec = conformanceSpec();
  const plan = conformancePlan(spec);
  const dump = withCalicoRules(generateIptablesSave(spec, { flavour: 'iptables-save' }));
  const ruleset = rulesetOf(dump);
  const ipsets = parseIpset(CNI_IPSETS).result.sets;
  const tally = new Tally();
  const started = Date.now();
  const runs = new Map<string, KernelRun>();
  let lab: KernelLab | undefined;

  beforeAll(async () => {
    await cleanLeftovers();
    lab = await KernelLab.start(plan, dump, new Map([...conformanceListeners(spec), ['node', []]]), {
      ipsets: CNI_IPSETS,
    });
  }, 180_000);

  afterAll(async () => {
    await lab?.stop();
    console.log(tally.line('CNI-laden node (Calico-style rules, ipsets) vs kernel', Date.now() - started));
  });

  it('the sets the kernel holds read back as the sets the tracer is given', async () => {
    const saved = await nsRun(lab!.topology.node, 'ipset', ['save']);
    const back = parseIpset(saved).result.sets;
    const members = (s: typeof ipsets) =>
      s.map((x) => `${x.name}: ${(x.members ?? []).map((m) => m.text).sort()}`).sort();
    expect(members(back)).toEqual(members(ipsets));
  });

  for (const f of cniFlows()) {
    it(`${f.name}: ${f.src} → ${f.dst}:${f.dport}`, async () => {
      const before = tally.disagreements.length;
      const scenario = {
        name: f.name,
        client: clientFor(plan, f.src),
        proto: 'tcp' as const,
        dst: f.dst,
        dport: f.dport,
        traced: 3,
        bulk: f.outside || f.verdict === 'DROP' ? 0 : f.endpoints.length > 1 ? 120 : 0,
        flow: null,
      };
      const run = await runInKernel(lab!, scenario, tally);
      runs.set(f.name, run);
      checkHarness(run, tally);
      for (const { obs, k } of [...run.traced, ...run.bulk]) {
        const where = `${f.name} (sport ${obs.sport})`;
        tally.check(k.verdict === f.verdict, `${where}: kernel ${k.verdict}, expected ${f.verdict}`);
        tally.check(k.masquerade === f.masquerade, `${where}: kernel masquerade ${k.masquerade}`);
        if (f.endpoints.length > 0)
          tally.check(f.endpoints.includes(k.dnat ?? ''), `${where}: kernel DNAT ${k.dnat}`);
      }
      checkAgainstTracer(run, lab!.topology, ruleset, tally, { ipsets });
      expect(tally.disagreements.slice(before)).toEqual([]);
    });
  }

  it('without the sets, the tracer names its ipset assumption and misses what the sets decide', () => {
    let missed = 0;
    for (const f of cniFlows().filter((x) => x.bySet)) {
      const run = runs.get(f.name);
      const first = run?.traced[0];
      if (!first) throw new Error(`${f.name} did not run`);
      const blind = trace(ruleset, packetOf(lab!.topology, first.obs), envOf(lab!.topology));
      expect(blind.assumptions.map((a) => a.code)).toContain('trace/ipset-unknown');
      const agrees = blind.outcomes.some(
        (o) => o.probability > 0 && o.verdict === first.k.verdict && o.masquerade === first.k.masquerade,
      );
      if (!agrees) missed++;
    }
    // Blind, the tracer takes every set as empty: the denied-set DROP and the pool's masquerade
    // go unseen (the other two flows come out right either way: their sets' answers match "empty").
    expect(missed).toBe(2);
  });

  it('the path says Calico acted before kube-proxy and which Calico rule decided', () => {
    const run = runs.get(cniFlows()[0]!.name);
    const first = run?.traced[0];
    if (!first) throw new Error('the ClusterIP flow did not run');
    const r = trace(ruleset, packetOf(lab!.topology, first.obs), { ...envOf(lab!.topology), ipsets });
    const o = r.outcomes.find((x) => x.dnat === first.k.dnat)!;
    const notes = describePathAuthors(ruleset, o).map((n) => n.text);
    expect(notes).toContain("Calico's cali-PREROUTING in nat runs before kube-proxy's nat KUBE-SERVICES.");
    expect(notes).toContain(
      "Calico's ACCEPT in filter cali-FORWARD ends filter FORWARD for this packet: the rules after it there are not evaluated.",
    );
  });
});
