import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectGolden, strayGoldens } from '../../../test/expectGolden';
import { iptablesFixtures, readFixture, SEEDS_DIR } from '../../../test/fixtures';
import { summarizeKubeProxy, summarizeServices } from '../../../test/kubeProxySummary';
import { loadKubectl, loadRuleset } from '../testing/load';
import { analyzeKubeProxy } from './kube';
import { describeServices } from './services';

/**
 * Golden models: every iptables fixture (and the seed excerpt) → KubeProxyModel + diagnostics,
 * and the overall dump with its kubectl outputs → Services description + diagnostics. Each case has
 * two goldens in test/golden/model/: `<name>.json`, the whole value (the exhaustive check), and
 * `<name>.txt`, a short summary to review in a diff (test/kubeProxySummary.ts). See expectGolden
 * for when they are written (never under CI).
 */
const withKubectl: [string, string, string | null][] = [
  ['k8s-overall-rules.txt', 'overall-get-svc-ep-A.txt', null],
  ['k8s-overall-rules.iptables-save.txt', 'overall-get-svc-ep-endpointslices-A.json', null],
  ['k8s-overall-rules.txt', 'edgecases-get-svc-ep-n-shop.txt', 'shop'],
];
const dumpCases = [
  ...iptablesFixtures().map((file) => ({
    name: file.replace(/\.txt$/, ''),
    text: () => readFixture(`iptables/${file}`),
  })),
  {
    name: 'seed-001',
    title: 'seed 001 (iptables-save | grep web inside a blog post)',
    text: () => {
      const seed = readdirSync(SEEDS_DIR).find((f) => f.startsWith('001_')) as string;
      return readFileSync(join(SEEDS_DIR, seed), 'utf8');
    },
  },
];
const kubectlCases = withKubectl.map(([dump, kubectlFile, namespace]) => ({
  dump,
  kubectlFile,
  namespace,
  name: `${dump.replace(/\.txt$/, '')}+${kubectlFile.replace(/\.(txt|json)$/, '')}`,
}));
const names = [...dumpCases, ...kubectlCases].map((c) => c.name);

/** Verbatim kube-proxy test dumps and their DERIVED iptables-save forms (test/fixtures/PROVENANCE.md). */
const derived: [string, string][] = [
  ['k8s-trace-packet-static.txt', 'k8s-trace-packet-static.iptables-save.txt'],
  ['k8s-clusterip-two-services.txt', 'k8s-clusterip-two-services.iptables-save-c.txt'],
];

describe('golden models', () => {
  // The derivation changes only how rules are printed (order of arguments, /32, quoting, counters),
  // so the model must read the same. (k8s-overall-rules.iptables-save.txt adds composed chains and
  // jumps; the kernel suite's checks/derivedFixtures.test.ts certifies it against its source.)
  for (const [source, form] of derived) {
    it(`${form} reads as the same model as ${source}`, () => {
      const summary = (f: string) => {
        const { result, diagnostics } = analyzeKubeProxy(loadRuleset(readFixture(`iptables/${f}`)));
        return summarizeKubeProxy(result, diagnostics);
      };
      expect(summary(form)).toBe(summary(source));
    });
  }

  it('has no golden without a case', () => {
    expect(
      strayGoldens(
        'model',
        names.flatMap((n) => [`model/${n}.json`, `model/${n}.txt`]),
      ),
    ).toEqual([]);
  });

  for (const c of dumpCases) {
    it('title' in c ? c.title : `${c.name}.txt`, () => {
      const { result, diagnostics } = analyzeKubeProxy(loadRuleset(c.text()));
      expectGolden(`model/${c.name}.json`, { model: result, diagnostics });
      expectGolden(`model/${c.name}.txt`, summarizeKubeProxy(result, diagnostics));
    });
  }

  for (const c of kubectlCases) {
    it(`${c.dump} + ${c.kubectlFile}`, () => {
      const kubectl = loadKubectl(readFixture(`kubectl/${c.kubectlFile}`), c.namespace);
      const { result, diagnostics } = analyzeKubeProxy(
        loadRuleset(readFixture(`iptables/${c.dump}`)),
        kubectl,
      );
      const services = describeServices(kubectl, result);
      expectGolden(`model/${c.name}.json`, { diagnostics, services });
      expectGolden(`model/${c.name}.txt`, summarizeServices(services, diagnostics));
    });
  }
});
