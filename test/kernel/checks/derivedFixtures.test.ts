import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { readFixture } from '../../fixtures';
import { run, runOk } from '../harness/exec';
import { describeKernel } from '../harness/gate';
import { prepareForKernel } from '../harness/ruleLoad';
import { cleanLeftovers, NS_PREFIX } from '../harness/topology';

/**
 * Certifies the DERIVED iptables fixtures (test/fixtures/PROVENANCE.md): their converter script was
 * not kept, so the kernel vouches for them instead.
 * 1. Each is exactly what iptables-save prints: loaded with iptables-restore into a fresh namespace
 *    and read back with iptables-save (`-c` for the counter form), the text is the fixture's, line
 *    for line (header comments aside; nfacct removed on both sides, see prepareForKernel).
 * 2. Each holds its verbatim source's rules: the source (kube-proxy's restore input) read back the
 *    same way is, line for line and in order, inside the derived one's read-back; every other line is
 *    one of the composed additions PROVENANCE.md names (the mangle canary table, the canary chains,
 *    the built-in chains' jumps into kube-proxy's). k8s-trace-packet-static.txt cannot be loaded
 *    (its multi-word comments are unquoted, legal only for kube-proxy's test parser); its derived
 *    form is checked against it by src/core/model/golden.test.ts (same model).
 */
const DERIVED: readonly { file: string; counters: boolean; source: string | null }[] = [
  { file: 'k8s-overall-rules.iptables-save.txt', counters: false, source: 'k8s-overall-rules.txt' },
  { file: 'k8s-trace-packet-static.iptables-save.txt', counters: false, source: null },
  {
    file: 'k8s-clusterip-two-services.iptables-save-c.txt',
    counters: true,
    source: 'k8s-clusterip-two-services.txt',
  },
];

/** What iptables-save prints for `text` loaded alone into a new namespace (comment lines dropped). */
async function readBack(text: string, counters: boolean): Promise<string[]> {
  const ns = `${NS_PREFIX}${process.pid}-derive${randomBytes(2).toString('hex')}`;
  await runOk('ip', ['netns', 'add', ns]);
  try {
    const exec = ['netns', 'exec', ns];
    await runOk('ip', [...exec, 'iptables-restore', '-w', ...(counters ? ['-c'] : [])], {
      input: prepareForKernel(text),
    });
    return bodyOf(await runOk('ip', [...exec, 'iptables-save', ...(counters ? ['-c'] : [])]));
  } finally {
    await run('ip', ['netns', 'del', ns]);
  }
}

/** The lines iptables-save's output is compared on: all but its `#` header/footer comments. */
function bodyOf(text: string): string[] {
  return text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
}

/** Lines PROVENANCE.md says were composed into k8s-overall-rules.iptables-save.txt. */
function isComposed(line: string, table: string): boolean {
  if (table === 'mangle') return true;
  return (
    /^:KUBE-(KUBELET|PROXY)-CANARY - /.test(line) ||
    /^-A (PREROUTING|INPUT|FORWARD|OUTPUT|POSTROUTING) .*-j KUBE-/.test(line)
  );
}

describeKernel('kernel: DERIVED iptables fixtures are real iptables-save output of their sources', () => {
  beforeAll(async () => {
    await cleanLeftovers();
  });

  for (const d of DERIVED) {
    it(`${d.file}: iptables-save${d.counters ? ' -c' : ''} prints it back unchanged`, async () => {
      const text = readFixture(`iptables/${d.file}`);
      expect(await readBack(text, d.counters)).toEqual(bodyOf(prepareForKernel(text)));
    });

    const source = d.source;
    if (source === null) continue;
    it(`${d.file}: holds every line of ${source} as the kernel reads it back, in order`, async () => {
      const strip = (l: string) => l.replace(/^\[\d+:\d+\] /, '');
      const derived = (await readBack(readFixture(`iptables/${d.file}`), d.counters)).map(strip);
      const original = await readBack(readFixture(`iptables/${source}`), false);
      const extra: string[] = [];
      let next = 0;
      let table = '';
      for (const line of derived) {
        if (line.startsWith('*')) table = line.slice(1);
        if (line === original[next]) next += 1;
        else if (!isComposed(line, table)) extra.push(`${table}: ${line}`);
      }
      expect(original.slice(next), `lines of ${source} missing from ${d.file}`).toEqual([]);
      expect(extra, 'lines that are neither from the source nor composed').toEqual([]);
    });
  }
});
