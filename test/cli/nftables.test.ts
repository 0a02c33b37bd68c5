import { describe, expect, it } from 'vitest';
import { fixturePath } from '../fixtures';
import { runCli } from './memoryIo';

describe('cli on nftables rulesets', () => {
  it('parse lists tables as "<family> <table>" with base chain policies', async () => {
    const run = await runCli(['parse', fixturePath('nftables/kube-proxy-overall.list.txt')]);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as {
      tables: { name: string; chains: { name: string; policy: string | null; rules: number }[] }[];
    };
    const t = json.tables.find((x) => x.name === 'ip kube-proxy');
    expect(t?.chains.find((c) => c.name === 'nat-prerouting')).toEqual({
      name: 'nat-prerouting',
      policy: 'ACCEPT',
      rules: 1,
    });
    expect(t?.chains.find((c) => c.name === 'services')?.policy).toBeNull();
  });

  for (const form of ['list.txt', 'json', 'nft']) {
    it(`trace takes kube-proxy-overall.${form}: same JSON, table "ip kube-proxy", rule lines`, async () => {
      const run = await runCli([
        'trace',
        fixturePath(`nftables/kube-proxy-overall.${form}`),
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
      ]);
      expect(run.code).toBe(0);
      const json = JSON.parse(run.stdout) as {
        outcomes: {
          probability: number;
          dnat: string;
          path: { table: string; line: number; verdict: string }[];
        }[];
      };
      expect(json.outcomes.map((o) => [o.dnat, o.probability])).toEqual([
        ['10.180.0.4:80', 0.5],
        ['10.180.0.5:80', 0.5],
      ]);
      const dnat = json.outcomes[0]?.path.find((s) => s.verdict === 'DNAT');
      expect(dnat?.table).toBe('ip kube-proxy');
      expect(dnat?.line).toBeGreaterThan(0);
    });
  }
});
