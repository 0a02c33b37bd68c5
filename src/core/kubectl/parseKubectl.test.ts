import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectGolden, strayGoldens } from '../../../test/expectGolden';
import { kubectlFixtures, readFixture, SEEDS_DIR } from '../../../test/fixtures';
import { parseKubectl } from './parseKubectl';
import type { KubectlData, ServiceInfo } from './types';

/** test/golden/kubectl/<fixture>.json: the whole parse result, diagnostics included. */
const goldenOf = (file: string) => `kubectl/${file}.json`;

const errors = (r: ReturnType<typeof parseKubectl>) => r.diagnostics.filter((d) => d.severity === 'error');
const codes = (r: ReturnType<typeof parseKubectl>) => r.diagnostics.map((d) => d.code);
const svc = (data: KubectlData, name: string) => data.services.find((s) => s.name === name) as ServiceInfo;
const eps = (data: KubectlData, name: string) =>
  data.endpoints.find((e) => e.service === name)?.addresses.map((a) => `${a.ip}:${a.port}`);

describe('parseKubectl on every fixture', () => {
  it('has no golden without a fixture', () => {
    expect(strayGoldens('kubectl', kubectlFixtures().map(goldenOf))).toEqual([]);
  });
  for (const file of kubectlFixtures()) {
    it(`${file}: no errors, matches its golden`, () => {
      const text = readFixture(`kubectl/${file}`);
      const r = parseKubectl(text);
      expect(errors(r)).toEqual([]);
      expect(r.result.services.length + r.result.endpoints.length).toBeGreaterThan(0);
      for (const d of r.diagnostics) {
        expect(d.source).toBe('kubectl');
        expect(d.span.start).toBeGreaterThanOrEqual(0);
        expect(d.span.end).toBeLessThanOrEqual(text.length);
      }
      expectGolden(goldenOf(file), r);
    });
  }
});

/** The overall-* fixtures all describe kube-proxy's TestOverallIPTablesRules cluster. */
function expectOverallServices(data: KubectlData, namespaced: boolean): void {
  expect(data.services.map((s) => s.name)).toEqual(['svc1', 'svc2', 'svc3', 'svc4', 'svc5', 'svc6']);
  if (namespaced)
    expect(data.services.map((s) => s.namespace)).toEqual(['ns1', 'ns2', 'ns3', 'ns4', 'ns5', 'ns6']);
  expect(data.services.map((s) => s.clusterIPs)).toEqual(
    [41, 42, 43, 44, 45, 46].map((n) => [`172.30.0.${n}`]),
  );
  expect(data.services.map((s) => s.type)).toEqual([
    'ClusterIP',
    'LoadBalancer',
    'NodePort',
    'ClusterIP',
    'LoadBalancer',
    'ClusterIP',
  ]);
  expect(svc(data, 'svc2').ports.map((p) => [p.port, p.nodePort, p.protocol])).toEqual([[80, 3001, 'TCP']]);
  expect(svc(data, 'svc3').ports.map((p) => [p.port, p.nodePort])).toEqual([[80, 3003]]);
  expect(svc(data, 'svc5').loadBalancerIPs).toEqual(['5.6.7.8']);
  expect(svc(data, 'svc4').externalIPs).toEqual(['192.168.99.33']);
}

function expectOverallEndpoints(data: KubectlData): void {
  expect(data.endpoints.map((e) => e.service)).toEqual(['svc1', 'svc2', 'svc3', 'svc4', 'svc5', 'svc6']);
  expect(eps(data, 'svc4')).toEqual(['10.180.0.4:80', '10.180.0.5:80']);
  expect(eps(data, 'svc1')).toEqual(['10.180.0.1:80']);
  expect(eps(data, 'svc6')).toEqual([]);
  expect(data.endpoints.every((e) => !e.incomplete)).toBe(true);
}

describe('tables', () => {
  it('get svc,ep -A: 6 services, svc4 endpoints 10.180.0.4:80 and 10.180.0.5:80', () => {
    const r = parseKubectl(readFixture('kubectl/overall-get-svc-ep-A.txt'));
    expect(r.diagnostics).toEqual([]);
    expectOverallServices(r.result, true);
    expectOverallEndpoints(r.result);
    // A table cannot tell LB ingress IPs from externalIPs: both count as LB IPs for LoadBalancer.
    expect(svc(r.result, 'svc2').loadBalancerIPs).toEqual(['1.2.3.4', '192.168.99.22']);
    expect(svc(r.result, 'svc2').ports[0]?.name).toBeNull();
    expect(r.result.formats).toEqual(['table']);
  });

  it('-o wide adds selectors; the deprecation warning is an info and skipped', () => {
    const wide = parseKubectl(readFixture('kubectl/overall-get-svc-ep-A-wide.txt')).result;
    expectOverallServices(wide, true);
    expect(wide.services.map((s) => s.selector)).toEqual(
      ['svc1', 'svc2', 'svc3', 'svc4', 'svc5', 'svc6'].map((s) => `app=${s}`),
    );
    const warned = parseKubectl(readFixture('kubectl/overall-get-svc-ep-A-with-deprecation-warning.txt'));
    expect(codes(warned)).toEqual(['kubectl/server-warning']);
    expect(warned.diagnostics[0]?.span).toEqual({ start: 0, end: 84 });
    expectOverallServices(warned.result, true);
    expectOverallEndpoints(warned.result);
  });

  it('single-type output (no kind prefix) and endpointslices tables', () => {
    expectOverallServices(
      parseKubectl(readFixture('kubectl/overall-get-svc-A-single-type.txt')).result,
      true,
    );
    const slices = parseKubectl(readFixture('kubectl/overall-get-endpointslices-A.txt'));
    expectOverallEndpoints(slices.result);
    expect(codes(slices)).toEqual([
      'kubectl/slice-service-inferred',
      'kubectl/slice-readiness-assumed',
      'kubectl/services-from-slices',
    ]);
  });

  it('-n without a pasted command: namespace unknown (null); with `-n ns4` in the prompt: ns4', () => {
    const text = readFixture('kubectl/overall-get-svc-ep-n-ns4.txt');
    const bare = parseKubectl(text).result;
    expect(bare.services.map((s) => [s.namespace, s.name])).toEqual([[null, 'svc4']]);
    expect(eps(bare, 'svc4')).toEqual(['10.180.0.4:80', '10.180.0.5:80']);
    const prompted = parseKubectl(`[root@m ~]# kubectl get svc,ep -n ns4 -o wide\n${text}`).result;
    expect(prompted.services[0]?.namespace).toBe('ns4');
    expect(prompted.endpoints[0]?.namespace).toBe('ns4');
    const other = parseKubectl(`$ kubectl --namespace=shop get svc,ep\n${text}\n$ ls\n${text}`).result;
    expect(other.endpoints.map((e) => e.namespace)).toEqual(['shop', null]);
  });

  it('edge cases: headless, ExternalName, pending LB, clipped hostname, + 3 more, multi-port, UDP', () => {
    const text = readFixture('kubectl/edgecases-get-svc-ep-n-shop.txt');
    const r = parseKubectl(text);
    const d = r.result;
    expect(svc(d, 'db-headless').clusterIPs).toEqual([]);
    expect(svc(d, 'external-db')).toMatchObject({
      type: 'ExternalName',
      clusterIPs: [],
      externalNames: ['db.example.com'],
    });
    expect(svc(d, 'pending-lb')).toMatchObject({
      loadBalancerIPs: [],
      externalNames: [],
      externalTruncated: false,
    });
    expect(svc(d, 'web')).toMatchObject({ externalTruncated: true, externalNames: [], loadBalancerIPs: [] });
    expect(svc(d, 'web').ports.map((p) => `${p.port}:${p.nodePort}/${p.protocol}`)).toEqual([
      '80:31947/TCP',
      '443:30443/TCP',
    ]);
    expect(svc(d, 'web-dual').ports.map((p) => p.protocol)).toEqual(['TCP', 'UDP']);
    const web = d.endpoints.find((e) => e.service === 'web');
    expect(web).toMatchObject({ incomplete: true, hiddenCount: 3 });
    expect(eps(d, 'web')).toEqual(['10.244.1.12:8080', '10.244.2.7:8080', '10.244.3.4:8080']);
    expect(eps(d, 'legacy-api')).toEqual([]);
    const truncated = r.diagnostics.find((x) => x.code === 'kubectl/endpoints-truncated');
    expect(text.slice(truncated?.span.start, truncated?.span.end)).toBe(
      '10.244.1.12:8080,10.244.2.7:8080,10.244.3.4:8080 + 3 more...',
    );
    const wide = parseKubectl(readFixture('kubectl/edgecases-get-svc-ep-n-shop-wide.txt')).result;
    expect(svc(wide, 'web').externalNames).toEqual([
      'a1b2c3d4e5f6a7b8-1234567890.us-east-1.elb.amazonaws.com',
    ]);
    expect(svc(wide, 'web').externalTruncated).toBe(false);
  });

  it('reads an empty ENDPOINTS cell (no ready address) as no endpoints and goes on with the table', () => {
    // kubectl's formatEndpoints joins ready addresses only: subsets with just notReadyAddresses
    // print an empty cell, which tabwriter pads up to AGE.
    const text = [
      'NAME                   ENDPOINTS              AGE',
      'endpoints/kubernetes   192.168.231.121:6443   11d',
      'endpoints/web                                 5d',
      'endpoints/db           10.244.1.2:5432        3d',
      '',
    ].join('\n');
    const r = parseKubectl(text);
    expect(r.result.endpoints.map((e) => [e.service, e.addresses.map((a) => `${a.ip}:${a.port}`)])).toEqual([
      ['kubernetes', ['192.168.231.121:6443']],
      ['web', []],
      ['db', ['10.244.1.2:5432']],
    ]);
    expect(r.result.endpoints.find((e) => e.service === 'web')?.incomplete).toBe(false);
    const none = r.diagnostics.filter((d) => d.code === 'kubectl/endpoints-none-ready');
    expect(none).toHaveLength(1);
    expect(text.slice(none[0]?.span.start, none[0]?.span.end)).toBe('endpoints/web');
    expect(r.diagnostics.filter((d) => d.code !== 'kubectl/endpoints-none-ready')).toEqual([]);
  });

  it('reads the same facts whether padding is intact or collapsed to single spaces', () => {
    const text = readFixture('kubectl/edgecases-get-svc-ep-n-shop-wide.txt');
    const collapsed = text.replace(/ {2,}/g, ' ');
    const a = parseKubectl(text).result;
    const b = parseKubectl(collapsed).result;
    const strip = (d: KubectlData) => ({
      services: d.services.map(({ offset: _o, ...s }) => s),
      endpoints: d.endpoints.map(({ offset: _o, ...e }) => e),
    });
    expect(strip(b)).toEqual(strip(a));
  });

  it('seed 001: kubectl parts among prose, deploy/pod tables and iptables lines', () => {
    const seed = readdirSync(SEEDS_DIR).find((f) => f.startsWith('001_')) as string;
    const r = parseKubectl(readFileSync(join(SEEDS_DIR, seed), 'utf8'));
    expect(errors(r)).toEqual([]);
    expect(r.result.services.map((s) => [s.namespace, s.name, s.type, s.clusterIPs[0], s.selector])).toEqual([
      [null, 'kubernetes', 'ClusterIP', '10.96.0.1', null],
      [null, 'web', 'NodePort', '10.104.247.10', 'app=web'],
    ]);
    expect(svc(r.result, 'web').ports).toEqual([
      { name: null, port: 80, nodePort: 31947, protocol: 'TCP', targetPort: null },
    ]);
    expect(eps(r.result, 'web')).toEqual(['10.244.169.161:80', '10.244.169.163:80', '10.244.169.165:80']);
    expect(eps(r.result, 'kubernetes')).toEqual(['192.168.231.121:6443']);
    // The deployment table is skipped; the pod table is read (pods.test.ts).
    expect(codes(r).filter((c) => c === 'kubectl/unsupported-table')).toHaveLength(1);
    expect(r.result.pods.map((p) => p.name)).toEqual([
      'web-d779974b6-9zx48',
      'web-d779974b6-csx2h',
      'web-d779974b6-hb6kw',
    ]);
  });
});
