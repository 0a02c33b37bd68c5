import { describe, expect, it } from 'vitest';
import { indexServiceGroups, type ServiceGroup } from '../kubeproxy';
import { fixtureRuleset, webRuleset } from './inputs.node';
import { countServices, filterEntries, finderEntries } from './serviceFinder';

describe('finderEntries / filterEntries', () => {
  const entries = finderEntries(indexServiceGroups(webRuleset()));

  it('lists every address, sorted by Service then port, cluster IP before NodePort', () => {
    expect(entries.map((e) => `${e.group.label} ${e.target?.kind}:${e.target?.port}`)).toEqual([
      'default/kubernetes:https clusterIP:443',
      'default/web:80 clusterIP:80',
      'default/web:80 nodePort:31947',
      'kube-system/kube-dns:dns clusterIP:53',
      'kube-system/kube-dns:dns-tcp clusterIP:53',
      'kube-system/kube-dns:metrics clusterIP:9153',
    ]);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
  });

  it('finds by name, port name, IP, port and chain; every word must match', () => {
    const labels = (q: string) => filterEntries(entries, q).shown.map((e) => e.group.label);
    expect(labels('dns-tcp')).toEqual(['kube-system/kube-dns:dns-tcp']);
    expect(labels('10.104.247')).toEqual(['default/web:80']);
    expect(labels('31947')).toEqual(['default/web:80']);
    expect(labels('KUBE-SVC-LOLE4ISW')).toEqual(['default/web:80', 'default/web:80']);
    expect(labels('web nodeport')).toEqual(['default/web:80']);
    expect(labels('9153 udp')).toEqual([]);
  });

  it('lists name matches before chain matches ("kube" is in every chain name)', () => {
    const shown = filterEntries(entries, 'kube').shown.map((e) => e.group.label);
    expect(shown.slice(0, 4)).toEqual([
      'default/kubernetes:https',
      'kube-system/kube-dns:dns',
      'kube-system/kube-dns:dns-tcp',
      'kube-system/kube-dns:metrics',
    ]);
    expect(shown).toHaveLength(6);
  });

  it('counts Service ports and Services the same way everywhere', () => {
    expect(countServices(indexServiceGroups(webRuleset()))).toEqual({ services: 3, ports: 5 });
    const real = indexServiceGroups(fixtureRuleset('real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt'));
    expect(countServices(real)).toEqual({ services: 2, ports: 3 });
    const m = filterEntries(finderEntries(real), 'no endpoints');
    expect(m.shown.map((e) => e.group.label)).toEqual([
      'kube-system/kube-dns:dns',
      'kube-system/kube-dns:dns-tcp',
    ]);
  });

  it('stays fast with 5,000 Services: at most `limit` kept, all matches counted', () => {
    const groups: ServiceGroup[] = Array.from({ length: 5000 }, (_, i) => ({
      key: `K${i}`,
      label: `ns${i % 50}/svc${i}:http`,
      chains: [`KUBE-SVC-K${i}`],
      targets: [
        { kind: 'clusterIP', ip: `10.96.${i >> 8}.${i & 255}`, port: 80, proto: 'tcp', line: i + 1 },
        { kind: 'nodePort', ip: null, port: 30000 + (i % 2000), proto: 'tcp', line: i + 2 },
      ],
      endpoints: [`10.244.${i >> 8}.${i & 255}:8080`],
      service: `ns${i % 50}/svc${i}`,
      noEndpoints: false,
      source: 'rules',
    }));
    const all = finderEntries(groups);
    const m = filterEntries(all, 'svc1');
    expect(m.shown).toHaveLength(50);
    expect(m.ports).toBe(1111); // svc1, svc10–19, svc100–199, svc1000–1999
    expect(m.entries).toBe(2222);
  });
});
