import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath, iptablesFixtures, kubectlFixtures } from '../fixtures';
import { type JsonDiagnostic, runCli } from './memoryIo';

interface ParseJson {
  tables: { name: string; chains: { name: string; policy: string | null; rules: number }[] }[];
  rules: number;
  diagnostics: JsonDiagnostic[];
}

const errors = (d: JsonDiagnostic[]) => d.filter((x) => x.severity === 'error');

describe('cli parse', () => {
  for (const name of iptablesFixtures()) {
    it(`parses iptables/${name} without errors and counts every rule`, async () => {
      const path = fixturePath(`iptables/${name}`);
      const run = await runCli(['parse', path]);
      const json = JSON.parse(run.stdout) as ParseJson;
      expect(errors(json.diagnostics)).toEqual([]);
      expect(run.code).toBe(0);
      const ruleLines = readFileSync(path, 'utf8').match(/^(\[\d+:\d+\] )?-[AI] /gm) ?? [];
      expect(json.rules).toBe(ruleLines.length);
      const perChain = json.tables.flatMap((t) => t.chains).reduce((n, c) => n + c.rules, 0);
      expect(perChain).toBe(json.rules);
    });
  }

  it('reports the built-in policies of an iptables-save dump', async () => {
    const run = await runCli(['parse', fixturePath('iptables/k8s-overall-rules.iptables-save.txt')]);
    const json = JSON.parse(run.stdout) as ParseJson;
    const nat = json.tables.find((t) => t.name === 'nat');
    expect(nat?.chains.find((c) => c.name === 'PREROUTING')).toEqual({
      name: 'PREROUTING',
      policy: 'ACCEPT',
      rules: 1,
    });
    expect(nat?.chains.find((c) => c.name === 'KUBE-SERVICES')?.policy).toBeNull();
  });

  it('exits 1 on garbage and still prints JSON with 1-based positions', async () => {
    const garbage = '*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -j\nthis is garbage\n';
    const run = await runCli(['parse', '-'], garbage);
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout) as ParseJson;
    const bad = errors(json.diagnostics);
    expect(bad.length).toBeGreaterThan(0);
    expect(bad.some((d) => d.line === 4 && d.column === 1)).toBe(true);
  });
});

describe('cli services', () => {
  for (const name of kubectlFixtures()) {
    it(`describes kubectl/${name}`, async () => {
      const run = await runCli(['services', fixturePath(`kubectl/${name}`)]);
      expect(run.code).toBe(0);
      const json = JSON.parse(run.stdout) as { services: unknown[]; diagnostics: JsonDiagnostic[] };
      expect(Array.isArray(json.services)).toBe(true);
      expect(errors(json.diagnostics)).toEqual([]);
    });
  }

  it('adds kube-proxy chains with --iptables', async () => {
    const run = await runCli([
      'services',
      fixturePath('kubectl/overall-get-svc-ep-A.txt'),
      '--iptables',
      fixturePath('iptables/k8s-overall-rules.txt'),
    ]);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as {
      services: { name: string; ports: { chains: { svc: string } | null }[] }[];
    };
    const svc1 = json.services.find((s) => s.name === 'svc1');
    expect(svc1?.ports[0]?.chains?.svc).toBe('KUBE-SVC-XPGD46QRK7WJZT7O');
  });
});

describe('cli usage errors', () => {
  const cases: [string, string[]][] = [
    ['no command', []],
    ['unknown command', ['frobnicate']],
    ['missing file', ['parse', '/nonexistent/dump.txt']],
    ['missing argument', ['parse']],
    ['unknown option', ['parse', fixturePath('iptables/k8s-overall-rules.txt'), '--bogus']],
    ['services without file', ['services']],
    ['trace without --from', ['trace', fixturePath('iptables/k8s-overall-rules.txt'), '--src', '10.0.0.1']],
    ['trace with a bad --from', ['trace', fixturePath('iptables/k8s-overall-rules.txt'), '--from', 'moon']],
    [
      'trace with a bad port',
      ['trace', 'x', '--from', 'pod', '--src', 'a', '--dst', 'b', '--dport', '99999'],
    ],
    [
      'trace icmp with a port',
      ['trace', 'x', '--from', 'pod', '--src', 'a', '--dst', 'b', '--proto', 'icmp', '--dport', '80'],
    ],
    ['gen without --services', ['gen', '--seed', '1']],
    ['gen with a bad flavour', ['gen', '--services', '2', '--flavour', 'nft']],
    ['gen with a bad mode', ['gen', '--services', '2', '--mode', 'ipvs']],
    ['gen with a bad era', ['gen', '--services', '2', '--mode', 'nftables', '--era', '1.35']],
    ['gen with --era but iptables mode', ['gen', '--services', '2', '--era', '1.36']],
  ];
  for (const [what, argv] of cases) {
    it(`exits 2 with a message on stderr: ${what}`, async () => {
      const run = await runCli(argv);
      expect(run.code).toBe(2);
      expect(run.stderr.length).toBeGreaterThan(0);
      expect(run.stdout).toBe('');
    });
  }

  it('prints help with exit 0', async () => {
    for (const argv of [
      ['--help'],
      ['parse', '--help'],
      ['trace', '--help'],
      ['gen', '--help'],
      ['services', '-h'],
    ]) {
      const run = await runCli(argv);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Usage: cli');
    }
  });
});

describe('cli gen', () => {
  for (const flavour of ['iptables-save', 'restore-input']) {
    it(`generates a ${flavour} dump that cli parse accepts without errors`, async () => {
      const gen = await runCli([
        'gen',
        '--services',
        '40',
        '--seed',
        '3',
        '--flavour',
        flavour,
        '--kubectl',
        'k.txt',
      ]);
      expect(gen.code).toBe(0);
      const parsed = await runCli(['parse', '-'], gen.stdout);
      const json = JSON.parse(parsed.stdout) as ParseJson;
      expect(errors(json.diagnostics)).toEqual([]);
      expect(json.rules).toBe((gen.stdout.match(/^-A /gm) ?? []).length);
      const services = await runCli(['services', '-'], gen.files.get('k.txt'));
      expect(services.code).toBe(0);
      expect((JSON.parse(services.stdout) as { services: unknown[] }).services).toHaveLength(40);
    });
  }
});

describe('cli gen --mode nftables', () => {
  for (const era of ['1.33', '1.34', '1.36']) {
    it(`era ${era}: the same seeded cluster as iptables mode (every captured ClusterIP in @cluster-ips)`, async () => {
      const nft = await runCli([
        'gen',
        '--services',
        '30',
        '--seed',
        '3',
        '--mode',
        'nftables',
        '--era',
        era,
      ]);
      const ipt = await runCli(['gen', '--services', '30', '--seed', '3']);
      expect(nft.code).toBe(0);
      expect(nft.stdout).toMatch(/^add table ip kube-proxy /);
      // The same seeded cluster: every ClusterIP kube-proxy captures in iptables mode is in @cluster-ips.
      const clusterIps = new Set(
        [...ipt.stdout.matchAll(/^-A KUBE-SERVICES -d (\S+)\/32 .* cluster IP" /gm)].map((m) => m[1]),
      );
      const inSet = new Set([...nft.stdout.matchAll(/cluster-ips \{ (\S+) \}/g)].map((m) => m[1]));
      expect(clusterIps.size).toBeGreaterThan(0);
      for (const ip of clusterIps) expect(inSet.has(ip)).toBe(true);
    });
  }
});

describe('cli trace', () => {
  it('splits svc4 between its two endpoints and samples connections', async () => {
    const run = await runCli([
      'trace',
      fixturePath('iptables/k8s-overall-rules.iptables-save.txt'),
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
      '--connections',
      '200',
      '--seed',
      '7',
    ]);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as {
      outcomes: { probability: number; dnat: string | null }[];
      connections: unknown[];
      endpointCounts: Record<string, number>;
    };
    const total = json.outcomes.reduce((s, o) => s + o.probability, 0);
    expect(total).toBeCloseTo(1, 9);
    expect(new Set(json.outcomes.map((o) => o.dnat))).toEqual(new Set(['10.180.0.4:80', '10.180.0.5:80']));
    expect(json.connections).toHaveLength(200);
    expect(Object.values(json.endpointCounts).reduce((a, b) => a + b, 0)).toBe(200);
  });
});

describe('cli trace on nodes with other writers’ rules (issue 12 part 3)', () => {
  it('a Cilium kube-proxy-replacement node: the note comes first, owners in the path', async () => {
    const args = ['trace', fixturePath('iptables/excerpt-2024-cilium-kpr-filter.txt'), '--from', 'pod'];
    const packet = ['--src', '10.0.1.7', '--dst', '10.96.0.10', '--proto', 'udp', '--dport', '53'];
    const run = await runCli([...args, ...packet, '--in-if', 'lxc8f3a2b'], '', true);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[1]).toMatch(/^Note: kube-proxy replacement: eBPF is not traced here\./);
    expect(run.stdout).toContain(
      "↳ Cilium's rules act on this packet (CILIUM_FORWARD in filter); no kube-proxy rule does.",
    );
    expect(run.stdout).toMatch(/filter CILIUM_FORWARD \[Cilium\] \(line 8\)/);
  });
});

describe('cli trace --proto icmp', () => {
  it('pings a cluster IP: no Service rule matches ICMP, so nothing DNATs and the packet is forwarded as sent', async () => {
    const run = await runCli([
      'trace',
      fixturePath('iptables/k8s-overall-rules.iptables-save.txt'),
      '--from',
      'pod',
      '--src',
      '10.0.0.2',
      '--dst',
      '172.30.0.44',
      '--proto',
      'icmp',
      '--node-ip',
      '192.168.0.2',
    ]);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as {
      outcomes: { probability: number; dnat: string | null; verdict: string; path: { chain: string }[] }[];
    };
    expect(json.outcomes).toHaveLength(1);
    expect(json.outcomes[0]).toMatchObject({ probability: 1, dnat: null, verdict: 'ACCEPT' });
    expect(json.outcomes[0]?.path.some((s) => s.chain.startsWith('KUBE-SVC-'))).toBe(false);
  });
});

describe('cli as a child process', () => {
  it('runs through tsx, reads stdin for "-" and sets the exit code', () => {
    const text = readFileSync(fixturePath('iptables/k8s-overall-rules.txt'), 'utf8');
    const ok = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'parse', '-'], {
      input: text,
      encoding: 'utf8',
    });
    expect(ok.status).toBe(0);
    expect((JSON.parse(ok.stdout) as ParseJson).rules).toBe(65);
    const bad = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'nope'], {
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('unknown command');
  });
});
