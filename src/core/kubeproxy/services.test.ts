import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { loadKubectl, loadRuleset } from '../testing/load';
import { analyzeKubeProxy } from './kube';
import { describeServices } from './services';

const model = analyzeKubeProxy(loadRuleset(readFixture('iptables/k8s-overall-rules.txt'))).result;

describe('describeServices', () => {
  it('without a dump: kubectl Services and endpoints, chains null', () => {
    const shop = loadKubectl(readFixture('kubectl/edgecases-get-svc-ep-n-shop.txt'), 'shop');
    const { services } = describeServices(shop);
    expect(services.map((s) => [s.name, s.type, s.clusterIPs])).toEqual([
      ['db-headless', 'ClusterIP', []],
      ['external-db', 'ExternalName', []],
      ['legacy-api', 'ClusterIP', ['10.96.44.201']],
      ['pending-lb', 'LoadBalancer', ['10.96.44.202']],
      ['web', 'LoadBalancer', ['10.96.120.15']],
      ['web-dual', 'NodePort', ['10.96.120.16']],
    ]);
    const web = services.find((s) => s.name === 'web');
    expect(web?.ports.map((p) => [p.port, p.nodePort, p.protocol, p.chains])).toEqual([
      [80, 31947, 'TCP', null],
      [443, 30443, 'TCP', null],
    ]);
    // kubectl printed 3 of 6 endpoints: those 3 are what we show.
    expect(web?.ports[0]?.endpoints.map((e) => `${e.ip}:${e.port}`)).toEqual([
      '10.244.1.12:8080',
      '10.244.2.7:8080',
      '10.244.3.4:8080',
    ]);
    expect(services.find((s) => s.name === 'legacy-api')?.ports[0]?.endpoints).toEqual([]);
  });

  it('with the dump: each port gets its chains and KUBE-SEPs with endpoints', () => {
    const kubectl = loadKubectl(readFixture('kubectl/overall-get-svc-ep-A.txt'));
    const { services } = describeServices(kubectl, model);
    const svc4 = services.find((s) => s.name === 'svc4');
    expect(svc4?.ports[0]?.chains).toEqual({
      svc: 'KUBE-SVC-4SW47YFZTEDKD3PK',
      svl: null,
      ext: 'KUBE-EXT-4SW47YFZTEDKD3PK',
      fw: null,
      xlb: null,
      seps: [
        { chain: 'KUBE-SEP-UKSFD7AGPMPPLUHC', endpoint: '10.180.0.4:80' },
        { chain: 'KUBE-SEP-C6EBXVWJJZMIWKLZ', endpoint: '10.180.0.5:80' },
      ],
    });
    expect(services.find((s) => s.name === 'svc5')?.ports[0]?.chains?.fw).toBe('KUBE-FW-NUKIZ6OKUXPJNT4C');
    // svc6 has no endpoints: its only rule is the filter REJECT, so no nat chains at all.
    expect(services.find((s) => s.name === 'svc6')?.ports[0]?.chains).toMatchObject({ svc: null, seps: [] });
    expect(structuredClone(services)).toEqual(services);
  });

  it('uses port names and pods from JSON input', () => {
    const json = loadKubectl(readFixture('kubectl/overall-get-svc-ep-endpointslices-A.json'));
    const svc2 = describeServices(json, model).services.find((s) => s.name === 'svc2');
    expect(svc2?.ports[0]).toMatchObject({ name: 'p80', port: 80, nodePort: 3001 });
    expect(svc2?.ports[0]?.endpoints[0]?.pod).not.toBeNull();
    expect(svc2?.ports[0]?.chains?.ext).toBe('KUBE-EXT-GNZBNJ2PO5MGZ6GT');
  });

  it('describes nothing for a dump that does not know the Services', () => {
    const shop = loadKubectl(readFixture('kubectl/edgecases-get-svc-ep-n-shop-wide.txt'), 'shop');
    for (const s of describeServices(shop, model).services)
      for (const p of s.ports) expect(p.chains).toBeNull();
  });
});
