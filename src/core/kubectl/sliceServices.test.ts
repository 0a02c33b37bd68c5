import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { parseKubectl } from './parseKubectl';

const codes = (r: ReturnType<typeof parseKubectl>) => r.diagnostics.map((d) => d.code);

describe('kubectl get endpointslices alone lists its Services', () => {
  it('the overall fixture: svc1–svc6 inferred, names without the generated suffix, ports from PORTS', () => {
    const text = readFixture('kubectl/overall-get-endpointslices-A.txt');
    const r = parseKubectl(text);
    const services = r.result.services;
    expect(services.map((s) => [s.namespace, s.name, s.type, s.clusterIPs, s.inferredFrom])).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => [`ns${n}`, `svc${n}`, '<unknown>', [], 'endpointslices']),
    );
    expect(services[0]?.ports).toEqual([
      { name: null, port: 80, nodePort: null, protocol: 'TCP', targetPort: '80' },
    ]);
    // ns6's slice has no ports (`<unset>`): none invented.
    expect(services[5]?.ports).toEqual([]);
    const info = r.diagnostics.find((d) => d.code === 'kubectl/services-from-slices');
    expect(info?.severity).toBe('info');
    expect(info?.message).toMatch(/^6 Services were inferred from EndpointSlices/);
    expect(text.slice(info?.span.start, info?.span.end)).toMatch(/^ns1 +svc1-x7k2p +IPv4/);
  });

  it('json slices: the service-name label names it, the port names carry over', () => {
    const slice = {
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: {
        name: 'web-abc12',
        namespace: 'shop',
        labels: { 'kubernetes.io/service-name': 'web' },
      },
      addressType: 'IPv4',
      ports: [
        { name: 'http', port: 8080, protocol: 'TCP' },
        { name: 'dns', port: 53, protocol: 'UDP' },
      ],
      endpoints: [{ addresses: ['10.244.1.5'], conditions: { ready: true } }],
    };
    const r = parseKubectl(JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [slice] }));
    expect(r.result.services.map((s) => [s.namespace, s.name])).toEqual([['shop', 'web']]);
    expect(r.result.services[0]?.ports.map((p) => [p.name, p.port, p.protocol])).toEqual([
      ['http', 8080, 'TCP'],
      ['dns', 53, 'UDP'],
    ]);
    expect(codes(r)).toEqual(['kubectl/services-from-slices']);
  });

  it('two slices of one Service give one Service with the union of their ports', () => {
    const text = [
      'NAMESPACE   NAME        ADDRESSTYPE   PORTS     ENDPOINTS    AGE',
      'shop        web-x7k2p   IPv4          8080      10.0.0.1     5d',
      'shop        web-4mq8d   IPv4          8080,53   10.0.0.2     5d',
      '',
    ].join('\n');
    const r = parseKubectl(text);
    expect(r.result.services.map((s) => [s.name, s.ports.map((p) => p.port)])).toEqual([['web', [8080, 53]]]);
    expect(r.diagnostics.find((d) => d.code === 'kubectl/services-from-slices')?.message).toMatch(
      /^Service web was inferred/,
    );
  });

  it('nothing is inferred where a pasted `get svc` covers the namespace', () => {
    const svc = readFixture('kubectl/overall-get-svc-A-single-type.txt');
    const slices = readFixture('kubectl/overall-get-endpointslices-A.txt');
    const both = parseKubectl(`${svc}\n${slices}`);
    expect(both.result.services.map((s) => s.type)).not.toContain('<unknown>');
    expect(codes(both)).not.toContain('kubectl/services-from-slices');
    // A `get svc` of unknown namespace may be any of them: nothing inferred either.
    const bare = parseKubectl(
      `NAME   TYPE        CLUSTER-IP    EXTERNAL-IP   PORT(S)   AGE\nweb    ClusterIP   10.0.0.10     <none>        80/TCP    1d\n\n${slices}`,
    );
    expect(bare.result.services.map((s) => s.name)).toEqual(['web']);
    // Only ns1 listed: the other namespaces' Services are inferred.
    const ns1 = svc
      .split('\n')
      .filter((l, i) => i === 0 || l.startsWith('ns1 '))
      .join('\n');
    const some = parseKubectl(`${ns1}\n\n${slices}`).result.services;
    expect(some.map((s) => [s.name, s.inferredFrom ?? 'listed'])).toEqual([
      ['svc1', 'listed'],
      ...[2, 3, 4, 5, 6].map((n) => [`svc${n}`, 'endpointslices']),
    ]);
  });
});
