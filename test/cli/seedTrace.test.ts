import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEEDS_DIR } from '../fixtures';
import { runCli } from './memoryIo';

/**
 * The seed article's own `iptables-save | grep web` excerpt (no table header, no chain
 * declarations) must trace like the full dump: three endpoints, a third each (kube-proxy's
 * 0.33333333349 / 0.5 / rest cascade), DNAT to the pod, no masquerade for a pod source.
 */
describe('cli trace on the seed grep excerpt', () => {
  it('reaches the three web pods with a third each', async () => {
    const seed = readFileSync(join(SEEDS_DIR, '001_46eb55a6a5967aee.txt'), 'utf8');
    const excerpt = `${seed
      .split('\n')
      .filter((l) => l.startsWith('-A '))
      .join('\n')}\n`;
    const file = join(tmpdir(), `kpe-seed-excerpt-${process.pid}.txt`);
    writeFileSync(file, excerpt);
    const run = await runCli([
      'trace',
      file,
      '--from',
      'pod',
      '--src',
      '10.244.36.7',
      '--dst',
      '10.104.247.10',
      '--dport',
      '80',
    ]);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as {
      outcomes: {
        probability: number;
        dnat: string;
        masquerade: boolean;
        path: { chain: string; target: string; line: number | null; ruleId: string | null }[];
      }[];
    };
    const byEndpoint = Object.fromEntries(out.outcomes.map((o) => [o.dnat, o.probability]));
    expect(Object.keys(byEndpoint).sort()).toEqual([
      '10.244.169.161:80',
      '10.244.169.163:80',
      '10.244.169.165:80',
    ]);
    for (const p of Object.values(byEndpoint)) expect(p).toBeCloseTo(1 / 3, 6);
    for (const o of out.outcomes) {
      expect(o.masquerade).toBe(false);
      expect(o.path.map((s) => s.target)).toContain('KUBE-SVC-LOLE4ISW44XBNF3G');
      // Lines point into the pasted excerpt (14 rules).
      // Lines point into the pasted excerpt (14 rules); implied jumps and undeclared policies: null.
      for (const s of o.path) if (s.line !== null) expect(s.line).toBeLessThanOrEqual(14);
      for (const s of o.path) if (s.ruleId === null) expect(s.line).toBeNull();
    }
  });
});

/**
 * The same excerpt with the seed's own `kubectl get pod -o wide` (and `get svc`, `get ep`) beside
 * it: each outcome's endpoint names its pod and node, as the article does ("DNAT到10.244.169.161
 * (pod web-d779974b6-csx2h)"), in the JSON and in the words.
 */
describe('cli trace --kubectl on the seed', () => {
  const seed = readFileSync(join(SEEDS_DIR, '001_46eb55a6a5967aee.txt'), 'utf8');
  const excerpt = `${seed
    .split('\n')
    .filter((l) => l.startsWith('-A '))
    .join('\n')}\n`;
  const ipt = join(tmpdir(), `kpe-seed-pods-ipt-${process.pid}.txt`);
  const kub = join(tmpdir(), `kpe-seed-pods-kubectl-${process.pid}.txt`);
  writeFileSync(ipt, excerpt);
  writeFileSync(kub, seed);
  const args = [
    'trace',
    ipt,
    '--from',
    'pod',
    '--src',
    '10.244.36.7',
    '--dst',
    '10.104.247.10',
    '--dport',
    '80',
  ];

  it('each DNAT outcome gains endpoint { ip, port, pod, node }', async () => {
    const run = await runCli([...args, '--kubectl', kub]);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as {
      outcomes: { dnat: string; endpoint: { ip: string; port: number; pod?: string; node?: string } }[];
      diagnostics: { source: string; code: string }[];
    };
    const byDnat = Object.fromEntries(out.outcomes.map((o) => [o.dnat, o.endpoint]));
    expect(byDnat['10.244.169.161:80']).toEqual({
      ip: '10.244.169.161',
      port: 80,
      pod: 'web-d779974b6-csx2h',
      node: 'k8s-node2',
    });
    expect(byDnat['10.244.169.165:80']?.pod).toBe('web-d779974b6-9zx48');
    expect(byDnat['10.244.169.163:80']?.pod).toBe('web-d779974b6-hb6kw');
    // The article's prose and `get deploy` around the tables are kubectl diagnostics, infos only.
    expect(out.diagnostics.filter((d) => d.source === 'kubectl').length).toBeGreaterThan(0);
    // Without --kubectl the outcomes are as before: no endpoint field.
    const plain = JSON.parse((await runCli(args)).stdout) as { outcomes: Record<string, unknown>[] };
    expect(plain.outcomes.every((o) => !('endpoint' in o))).toBe(true);
  });

  it('the words name the pod and node in the verdict and the DNAT step', async () => {
    const run = await runCli([...args, '--kubectl', kub, '--text']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('DNAT to 10.244.169.161:80 (pod web-d779974b6-csx2h on k8s-node2)');
    expect(run.stdout).toContain(
      'destination rewritten to 10.244.169.165:80 (pod web-d779974b6-9zx48 on k8s-node2)',
    );
  });
});
