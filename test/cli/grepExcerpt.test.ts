import { describe, expect, it } from 'vitest';
import { fixturePath } from '../fixtures';
import { runCli } from './memoryIo';

/**
 * Issue 12 part 2 in the CLI: `grep ns4/svc4` of kube-proxy's TestOverallIPTablesRules dump lost
 * KUBE-EXT's uncommented last rule; the JSON keeps the text's answer and adds the labelled one.
 */
const argv = [
  'trace',
  fixturePath('iptables/grep/k8s-overall-rules.grep-ns4-svc4.txt'),
  ...['--from', 'external', '--src', '203.0.113.9', '--dst', '192.168.99.33', '--dport', '80'],
  ...['--node-ip', '192.168.0.2'],
];

interface Json {
  outcomes: { probability: number; dnat: string | null; path: { line: number | null }[] }[];
  assumptions: { code: string; message: string }[];
  standard?: {
    assumed: { chain: string; rules: string[]; why: string }[];
    outcomes: {
      probability: number;
      dnat: string | null;
      masquerade: boolean;
      path: { line: number | null }[];
    }[];
  };
}

describe('cli trace on a grep excerpt', () => {
  it('JSON: the outcomes as pasted, and "standard" with the assumed rules and their outcomes', async () => {
    const run = await runCli([...argv, '--json']);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Json;
    expect(out.outcomes.map((o) => o.dnat)).toEqual([null]);
    expect(out.assumptions.map((a) => a.code)).toContain('trace/chain-cut');
    expect(out.standard?.assumed.find((a) => a.chain === 'KUBE-EXT-4SW47YFZTEDKD3PK')?.rules).toEqual([
      '-A KUBE-EXT-4SW47YFZTEDKD3PK -j KUBE-SVC-4SW47YFZTEDKD3PK',
    ]);
    expect(out.standard?.outcomes.map((o) => [o.probability, o.dnat, o.masquerade])).toEqual([
      [0.5, '10.180.0.4:80', true],
      [0.5, '10.180.0.5:80', true],
    ]);
    // No line 0 anywhere: a line of the excerpt or null.
    for (const o of [...out.outcomes, ...(out.standard?.outcomes ?? [])])
      for (const s of o.path) if (s.line !== null) expect(s.line).toBeGreaterThanOrEqual(1);
  });

  it('text: both answers, each labelled', async () => {
    const run = await runCli([...argv, '--text']);
    expect(run.stdout).toContain('As pasted: 1 outcome:\n');
    expect(run.stdout).toContain('  1. 100.0%  ACCEPT, forwarded; no DNAT\n');
    expect(run.stdout).toContain("If kube-proxy's cut rules are there (assumed, not in the text):\n");
    expect(run.stdout).toContain('    -A KUBE-EXT-4SW47YFZTEDKD3PK -j KUBE-SVC-4SW47YFZTEDKD3PK\n');
    expect(run.stdout).toContain(
      '  1. 50.0%  ACCEPT, forwarded; DNAT to 10.180.0.4:80; source masqueraded\n',
    );
  });
});
