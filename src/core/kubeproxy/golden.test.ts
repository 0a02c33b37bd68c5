import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { iptablesFixtures, readFixture, SEEDS_DIR } from '../../../test/fixtures';
import { loadKubectl, loadRuleset } from '../testing/load';
import { analyzeKubeProxy } from './kube';
import { describeServices } from './services';

/**
 * Golden models: every iptables fixture (and the seed excerpt) → KubeProxyModel + diagnostics,
 * and the overall dump with its kubectl outputs → model + Services description. Files live in
 * test/golden/model/; they are written when missing or with UPDATE_GOLDEN=1, and reviewed in diffs.
 */
const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../test/golden/model');

function golden(name: string, value: unknown): void {
  const path = join(GOLDEN_DIR, `${name}.json`);
  const text = `${JSON.stringify(value, null, 2)}\n`;
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(path)) {
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(path, text);
  }
  expect(JSON.parse(text)).toEqual(JSON.parse(readFileSync(path, 'utf8')));
}

const withKubectl: [string, string, string | null][] = [
  ['k8s-overall-rules.txt', 'overall-get-svc-ep-A.txt', null],
  ['k8s-overall-rules.iptables-save.txt', 'overall-get-svc-ep-endpointslices-A.json', null],
  ['k8s-overall-rules.txt', 'edgecases-get-svc-ep-n-shop.txt', 'shop'],
];

describe('golden models', () => {
  for (const file of iptablesFixtures()) {
    it(file, () => {
      const { result, diagnostics } = analyzeKubeProxy(loadRuleset(readFixture(`iptables/${file}`)));
      golden(file.replace(/\.txt$/, ''), { model: result, diagnostics });
    });
  }

  it('seed 001 (iptables-save | grep web inside a blog post)', () => {
    const seed = readdirSync(SEEDS_DIR).find((f) => f.startsWith('001_')) as string;
    const { result, diagnostics } = analyzeKubeProxy(
      loadRuleset(readFileSync(join(SEEDS_DIR, seed), 'utf8')),
    );
    golden('seed-001', { model: result, diagnostics });
  });

  for (const [dump, kubectlFile, namespace] of withKubectl) {
    it(`${dump} + ${kubectlFile}`, () => {
      const kubectl = loadKubectl(readFixture(`kubectl/${kubectlFile}`), namespace);
      const { result, diagnostics } = analyzeKubeProxy(loadRuleset(readFixture(`iptables/${dump}`)), kubectl);
      const name = `${dump.replace(/\.txt$/, '')}+${kubectlFile.replace(/\.(txt|json)$/, '')}`;
      golden(name, { diagnostics, services: describeServices(kubectl, result) });
    });
  }
});
