import { describe, expect, it } from 'vitest';
import { fixtureRuleset, seedGrepExcerpt, WEB, webRuleset } from '../testing/inputs.node';
import { loadRuleset } from '../testing/load';
import { findServiceGroups, indexServiceGroups } from './serviceGroups';

describe('indexServiceGroups', () => {
  it('groups the web Service port with its chains, addresses and endpoints', () => {
    const groups = indexServiceGroups(webRuleset());
    expect(groups.map((g) => g.label).sort()).toEqual([
      'default/kubernetes:https',
      'default/web:80',
      'kube-system/kube-dns:dns',
      'kube-system/kube-dns:dns-tcp',
      'kube-system/kube-dns:metrics',
    ]);
    const web = groups.find((g) => g.label === 'default/web:80')!;
    expect(web.key).toBe('LOLE4ISW44XBNF3G');
    expect([...web.chains].sort()).toEqual([WEB.svc, ...WEB.seps].sort());
    expect(web.endpoints.slice().sort()).toEqual([...WEB.endpoints]);
    expect(web.targets.map((t) => [t.kind, t.ip, t.port, t.proto]).sort()).toEqual([
      ['clusterIP', WEB.clusterIp, 80, 'tcp'],
      ['nodePort', null, WEB.nodePort, 'tcp'],
    ]);
  });

  it('works on the seed’s grep excerpt (no table header, no declarations)', () => {
    const groups = indexServiceGroups(loadRuleset(seedGrepExcerpt()));
    expect(groups).toHaveLength(1);
    expect(groups[0]!.label).toBe('default/web:80');
    expect(groups[0]!.endpoints).toHaveLength(3);
  });

  it('tells cluster, external, load-balancer and node-port addresses apart (overall fixture)', () => {
    const groups = indexServiceGroups(fixtureRuleset('k8s-overall-rules.iptables-save.txt'));
    const kinds = new Set(groups.flatMap((g) => g.targets.map((t) => t.kind)));
    expect(kinds).toEqual(new Set(['clusterIP', 'externalIP', 'loadBalancer', 'nodePort']));
    const svc1 = groups.find((g) => g.label === 'ns1/svc1:p80')!;
    expect(svc1.targets).toContainEqual(
      expect.objectContaining({ kind: 'clusterIP', ip: '172.30.0.41', port: 80 }),
    );
  });

  it('gives nothing for a ruleset without a nat table', () => {
    expect(indexServiceGroups({ family: 'ipv4', tables: {}, ruleCount: 0 })).toEqual([]);
  });
});

describe('findServiceGroups', () => {
  const groups = indexServiceGroups(webRuleset());
  it('finds by name, address, chain and endpoint', () => {
    expect(findServiceGroups(groups, 'web')).toEqual(['LOLE4ISW44XBNF3G']);
    expect(findServiceGroups(groups, '10.104.247')).toEqual(['LOLE4ISW44XBNF3G']);
    expect(findServiceGroups(groups, 'kube-sep-bjlx')).toEqual(['LOLE4ISW44XBNF3G']);
    expect(findServiceGroups(groups, '10.244.169.163')).toEqual(['LOLE4ISW44XBNF3G']);
    expect(findServiceGroups(groups, 'kube-dns')).toHaveLength(3);
  });
  it('finds nothing for an empty text and honours the limit', () => {
    expect(findServiceGroups(groups, '  ')).toEqual([]);
    expect(findServiceGroups(groups, 'kube', 2)).toHaveLength(2);
  });
});
