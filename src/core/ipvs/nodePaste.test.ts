import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { analyzeTexts } from '../analyze';
import { type Packet, trace } from '../trace';
import { splitNodePaste } from './nodePaste';

/** A node pasted as people paste it: iptables-save, then ipvsadm, then ipset list (real texts). */
const RULES = readFixture('iptables/excerpt-2022-ipvs-nat-grep-kube.txt');
const IPVS = readFixture('ipvs/real-minikube-notes.ipvsadm-list-n.txt');
const IPSET = readFixture('ipset/real-minikube-notes.ipset-list.txt');
const PASTE = `*nat\n${RULES}COMMIT\n\n${IPVS}\n${IPSET}`;

describe('splitNodePaste: one paste, three readers, same lines', () => {
  it('gives each reader its own lines and blanks the others, keeping every offset', () => {
    const split = splitNodePaste(PASTE)!;
    for (const t of [split.iptables, split.ipvs, split.ipset]) expect(t.length).toBe(PASTE.length);
    expect(split.iptables).toContain('-A KUBE-SERVICES -m set --match-set KUBE-CLUSTER-IP dst,dst -j ACCEPT');
    expect(split.iptables).not.toContain('Masq');
    expect(split.ipvs).toContain('TCP  10.100.108.207:80 rr');
    expect(split.ipvs).not.toContain('KUBE-');
    expect(split.ipset).toContain('10.100.108.207,tcp:80');
    expect(split.ipset).not.toContain('-A KUBE');
  });

  it('is null for a plain iptables-save text', () => {
    expect(splitNodePaste(`*nat\n${RULES}COMMIT\n`)).toBeNull();
  });

  it('analyzeTexts reads the paste whole: no iptables error, 5 virtual services, 34 sets', () => {
    const a = analyzeTexts({ iptables: PASTE, until: 'ruleset' });
    expect(a.nodePasted).toBe(true);
    expect(a.diagnostics.iptables.filter((d) => d.severity === 'error')).toEqual([]);
    expect(a.ipvs?.services).toHaveLength(5);
    expect(a.ipsets).toHaveLength(34);
    const dns: Packet = {
      origin: 'pod',
      src: '10.244.0.9',
      dst: '10.96.0.10',
      proto: 'udp',
      sport: 40000,
      dport: 53,
    };
    const r = trace(a.ruleset, dns, { localAddresses: ['192.168.49.2'], ipvs: a.ipvs!, ipsets: a.ipsets! });
    expect(r.outcomes.map((o) => [o.dnat, o.probability])).toEqual([['10.244.0.2:53', 1]]);
  });
});
