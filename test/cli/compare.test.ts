import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../fixtures';
import { type JsonDiagnostic, runCli } from './memoryIo';

interface CompareJson {
  equivalent: boolean;
  services: {
    service: string;
    equivalent: boolean;
    differences: { kind: string; origin?: string; target?: { ip: string }; message: string }[];
  }[];
  diagnostics: (JsonDiagnostic & { dump: 'A' | 'B' })[];
}

const overall = fixturePath('iptables/k8s-overall-rules.iptables-save.txt');

describe('cli compare', () => {
  it('finds a dump equivalent to itself, Service port by Service port', async () => {
    const run = await runCli(['compare', overall, overall]);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as CompareJson;
    expect(json.equivalent).toBe(true);
    expect(json.services.length).toBe(6);
    expect(json.services.every((s) => s.equivalent && s.differences.length === 0)).toBe(true);
  });

  it('flags the Service whose endpoint changed in dump B (read from stdin)', async () => {
    const text = readFileSync(overall, 'utf8');
    expect(text).toContain('10.180.0.1:80');
    const changed = text.replaceAll('10.180.0.1', '10.180.0.99');
    const run = await runCli(['compare', overall, '-'], changed);
    const json = JSON.parse(run.stdout) as CompareJson;
    expect(json.equivalent).toBe(false);
    expect(json.services.filter((s) => !s.equivalent).map((s) => s.service)).toEqual(['ns1/svc1:p80']);
    const first = json.services.find((s) => s.service === 'ns1/svc1:p80')!.differences[0]!;
    expect(first).toMatchObject({ kind: 'outcomes', origin: 'pod', target: { ip: '172.30.0.41' } });
    expect(first.message).toContain('A DNAT 10.180.0.1:80');
    expect(first.message).toContain('B DNAT 10.180.0.99:80');
  });

  it('says each dump its diagnostics and prints words at a terminal', async () => {
    const broken = readFileSync(overall, 'utf8').replace('\nCOMMIT\n', '\n-A INPUT -j\nCOMMIT\n');
    const run = await runCli(['compare', overall, '-', '--text'], broken);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('6 Service ports: 6 equivalent, 0 different.');
    expect(run.stdout).toMatch(/^equivalent {2}ns1\/svc1:p80$/m);
    expect(run.stdout).toMatch(/Dump B: Diagnostics \(1 error/);
    expect(run.stdout).toContain('<stdin>:');
    const json = JSON.parse((await runCli(['compare', overall, '-'], broken)).stdout) as CompareJson;
    expect(json.diagnostics.filter((d) => d.severity === 'error').map((d) => d.dump)).toEqual(['B']);
  });

  it('needs two dumps', async () => {
    const run = await runCli(['compare', overall]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('dump B');
  });
});
