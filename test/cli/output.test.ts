import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../fixtures';
import { runCli } from './memoryIo';

const dump = fixturePath('iptables/k8s-overall-rules.iptables-save.txt');
const kubectl = fixturePath('kubectl/overall-get-svc-ep-A.txt');
const traceArgv = [
  'trace',
  dump,
  ...[
    '--from',
    'pod',
    '--src',
    '10.0.0.2',
    '--dst',
    '172.30.0.44',
    '--dport',
    '80',
    '--node-ip',
    '192.168.0.2',
  ],
];
const commands: [string, string[]][] = [
  ['parse', ['parse', dump]],
  ['services', ['services', kubectl, '--iptables', dump]],
  ['trace', traceArgv],
];

describe('output mode', () => {
  for (const [name, argv] of commands) {
    it(`${name}: JSON when piped, the same JSON with --json at a terminal, text at a terminal`, async () => {
      const piped = await runCli(argv);
      expect(() => JSON.parse(piped.stdout)).not.toThrow();
      expect((await runCli([...argv, '--json'])).stdout).toBe(piped.stdout);
      expect((await runCli([...argv, '--json'], '', true)).stdout).toBe(piped.stdout);
      const text = await runCli(argv, '', true);
      expect(text.code).toBe(piped.code);
      expect(text.stdout.startsWith('{')).toBe(false);
      expect((await runCli([...argv, '--text'])).stdout).toBe(text.stdout);
    });
  }

  it('refuses --json with --text (exit 2)', async () => {
    const run = await runCli(['parse', dump, '--json', '--text']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--json and --text exclude each other');
    expect(run.stdout).toBe('');
  });

  it('parse --text: chains with rule counts and diagnostics at line:col, exit 1 on errors', async () => {
    const garbage = '*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -j\nthis is garbage\n';
    const run = await runCli(['parse', '-', '--text'], garbage);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^TABLE {3}CHAIN {2}POLICY {2}RULES\nfilter {2}INPUT {2}ACCEPT {6}1\n/);
    expect(run.stdout).toContain('<stdin>:4:1: error: ');
    expect(run.stdout).toContain('<stdin>:3:10: error: ');
  });

  it('trace --text: each outcome with probability, verdict, DNAT and the path in words', async () => {
    const run = await runCli([...traceArgv, '--text']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Packet: TCP 10.0.0.2 → 172.30.0.44:80 from a pod\n2 outcomes:');
    expect(run.stdout).toContain('  1. 50.0%  ACCEPT, forwarded; DNAT to 10.180.0.4:80\n');
    expect(run.stdout).toContain('  2. 50.0%  ACCEPT, forwarded; DNAT to 10.180.0.5:80\n');
    // The words of the app's path list, with the Service the chain belongs to.
    expect(run.stdout).toMatch(
      /nat KUBE-SERVICES \(line \d+\): matches TCP to 172\.30\.0\.44:80 → jump to KUBE-SVC-4SW47YFZTEDKD3PK \(ns4\/svc4:p80\)/,
    );
    // The policy step points at the chain's `:FORWARD ACCEPT` declaration (issue 12 part 5).
    const policy = /filter FORWARD \(line (\d+)\): end of chain: policy ACCEPT/.exec(run.stdout);
    expect(readFileSync(dump, 'utf8').split('\n')[Number(policy?.[1]) - 1]).toMatch(/^:FORWARD ACCEPT/);
  });

  it('trace --text --connections: the sampled endpoint counts as a table', async () => {
    const run = await runCli([...traceArgv, '--text', '--connections', '200', '--seed', '7']);
    const json = JSON.parse((await runCli([...traceArgv, '--connections', '200', '--seed', '7'])).stdout) as {
      endpointCounts: Record<string, number>;
    };
    expect(run.stdout).toContain('Sampled 200 connections:\n  ENDPOINT       CONNECTIONS  SHARE\n');
    for (const [endpoint, n] of Object.entries(json.endpointCounts)) {
      expect(run.stdout).toMatch(new RegExp(`\\n  ${endpoint.replace(/\./g, '\\.')} +${n}  `));
    }
  });

  it('services --text: a table with the KUBE-SVC chain of each port', async () => {
    const run = await runCli(['services', kubectl, '--iptables', dump, '--text']);
    expect(run.stdout).toMatch(/^SERVICE +TYPE +CLUSTER-IP +EXTERNAL-IP +PORT +ENDPOINTS +CHAIN\n/);
    expect(run.stdout).toMatch(
      /\nns1\/svc1 +ClusterIP +172\.30\.0\.41 +- +80\/TCP +10\.180\.0\.1:80 +KUBE-SVC-/,
    );
    expect(run.stdout).toContain('6 Services.');
  });
});
