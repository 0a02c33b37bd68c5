import { describe, expect, it } from 'vitest';
import { fixturePath } from '../fixtures';
import { runCli } from './memoryIo';

/**
 * `--ipvs` / `--ipset` on the CLI, with real texts: the IPVS-mode nat rules of a real node
 * (iptables/excerpt-2022-ipvs-nat-grep-kube.txt) and the `ipvsadm --list -n` and `ipset list`
 * of a minikube node in IPVS mode (test/fixtures/PROVENANCE.md).
 */
const RULES = fixturePath('iptables/excerpt-2022-ipvs-nat-grep-kube.txt');
const IPVS = fixturePath('ipvs/real-minikube-notes.ipvsadm-list-n.txt');
const IPSET = fixturePath('ipset/real-minikube-notes.ipset-list.txt');
const POD_TO_WEB = ['--from', 'pod', '--src', '10.244.0.9', '--dst', '10.100.108.207', '--dport', '80'];

interface Json {
  outcomes: {
    probability: number;
    dnat: string | null;
    ipvs?: { service: string; server: string; share: number };
  }[];
  assumptions: { code: string; message: string }[];
  diagnostics: { code: string; source: string; line: number }[];
  ipvsMode?: string;
}

describe('cli trace --ipvs --ipset', () => {
  it('traces pod → ClusterIP through IPVS: one outcome per real server, 1/3 each, and says IPVS mode', async () => {
    const run = await runCli(['trace', RULES, ...POD_TO_WEB, '--ipvs', IPVS, '--ipset', IPSET]);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as Json;
    expect(json.ipvsMode).toContain('IPVS mode');
    expect(json.outcomes.map((o) => [o.dnat, o.probability, o.ipvs?.service, o.ipvs?.share]).sort()).toEqual([
      ['10.244.0.24:8000', 1 / 3, 'TCP 10.100.108.207:80', 1 / 3],
      ['10.244.0.25:8000', 1 / 3, 'TCP 10.100.108.207:80', 1 / 3],
      ['10.244.0.26:8000', 1 / 3, 'TCP 10.100.108.207:80', 1 / 3],
    ]);
    // The prompt line of each post is skipped, said at its own file's line.
    expect(
      json.diagnostics.filter((d) => d.source !== 'iptables').map((d) => [d.source, d.code, d.line]),
    ).toEqual([
      ['ipvs', 'ipvs/ignored-text', 1],
      ['ipset', 'ipset/ignored-text', 1],
    ]);
  });

  it('without --ipvs: the IPVS node is named and ipvsadm asked for; no DNAT is invented', async () => {
    const run = await runCli(['trace', RULES, ...POD_TO_WEB, '--ipset', IPSET]);
    const json = JSON.parse(run.stdout) as Json;
    expect(json.assumptions.map((a) => a.code)).toEqual(
      expect.arrayContaining(['trace/ipvs-mode', 'trace/ipvs-table-missing']),
    );
    expect(json.outcomes.map((o) => o.dnat)).toEqual([null]);
  });

  it('at a terminal: IPVS mode first, then each outcome with the IPVS step in words', async () => {
    const run = await runCli(['trace', RULES, ...POD_TO_WEB, '--ipvs', IPVS, '--ipset', IPSET], '', true);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^This node runs kube-proxy in IPVS mode/);
    expect(run.stdout).toContain('33.3%  ACCEPT, out of the node; DNAT to 10.244.0.24:8000');
    expect(run.stdout).toContain(
      'IPVS, after INPUT: TCP 10.100.108.207:80 → 10.244.0.24:8000 (Masq). rr (round robin)',
    );
  });

  it('cli parse counts the node texts and joins their diagnostics', async () => {
    const run = await runCli(['parse', RULES, '--ipvs', IPVS, '--ipset', IPSET]);
    const json = JSON.parse(run.stdout) as { ipvs: unknown; ipsets: { sets: number }; ipvsMode: string };
    expect(json.ipvs).toEqual({ services: 5, realServers: 7 });
    expect(json.ipsets.sets).toBe(34);
    expect(json.ipvsMode).toContain('KUBE-LOAD-BALANCER');
  });

  it('cli services --ipvs names the Service of each virtual service with its shares', async () => {
    const kubectl =
      'NAME   TYPE        CLUSTER-IP       EXTERNAL-IP   PORT(S)   AGE\nweb    ClusterIP   10.100.108.207   <none>        80/TCP    3d\n';
    const run = await runCli(['services', '-', '--ipvs', IPVS], kubectl);
    const json = JSON.parse(run.stdout) as {
      ipvs: { virtualService: string; service: string | null; realServers: { share: number }[] }[];
    };
    const web = json.ipvs.find((v) => v.virtualService === 'TCP 10.100.108.207:80');
    expect(web?.service).toBe('web');
    expect(web?.realServers.map((s) => s.share)).toEqual([1 / 3, 1 / 3, 1 / 3]);
    expect(json.ipvs.find((v) => v.virtualService === 'TCP 10.96.0.1:443')?.service).toBeNull();
  });
});
