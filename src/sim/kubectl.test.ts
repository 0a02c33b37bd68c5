import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/fixtures';
import { generateKubectlJson } from './kubectlJson';
import { generateKubectl } from './kubectlText';
import { overallClusterSpec } from './overallSpec';
import { randomClusterSpec } from './randomSpec';
import { readyEndpoint, serviceSpec } from './spec';

describe('generateKubectl', () => {
  it('prints `kubectl get svc,ep -A` for the overall spec exactly like the fixture', () => {
    expect(generateKubectl(overallClusterSpec())).toBe(readFixture('kubectl/overall-get-svc-ep-A.txt'));
  });

  it('truncates endpoint lists after three and clips long LoadBalancer ingress lists', () => {
    const eps = ['10.0.0.5', '10.0.0.1', '10.0.0.3', '10.0.0.2'].map((ip) => readyEndpoint(ip, 'n'));
    const spec = {
      ...overallClusterSpec(),
      services: [
        serviceSpec({
          namespace: 'shop',
          name: 'web',
          type: 'LoadBalancer',
          clusterIP: '10.96.0.9',
          loadBalancerIPs: ['203.0.113.10', '198.51.100.7'],
          ports: [{ name: 'http', port: 80, protocol: 'TCP', nodePort: 30080, targetPort: 8080 }],
          endpoints: eps,
        }),
      ],
    };
    const text = generateKubectl(spec);
    expect(text).toContain('198.51.100.7,...');
    expect(text).toContain('80:30080/TCP');
    expect(text).toContain('10.0.0.1:8080,10.0.0.2:8080,10.0.0.3:8080 + 1 more...');
  });
});

describe('generateKubectlJson', () => {
  it('emits a kind: List with Services, Endpoints and EndpointSlices, keys sorted', () => {
    const text = generateKubectlJson(overallClusterSpec());
    const list = JSON.parse(text) as { kind: string; items: { kind: string; metadata: { name: string } }[] };
    expect(list.kind).toBe('List');
    expect(list.items.map((i) => i.kind)).toEqual([
      ...Array(6).fill('Service'),
      ...Array(6).fill('Endpoints'),
      ...Array(6).fill('EndpointSlice'),
    ]);
    const fixture = JSON.parse(readFixture('kubectl/overall-get-svc-ep-endpointslices-A.json')) as {
      items: { kind: string; spec?: unknown }[];
    };
    // Service specs agree with the composed fixture field for field.
    const specs = (l: { items: { kind: string; spec?: unknown }[] }) =>
      l.items.filter((i) => i.kind === 'Service').map((i) => i.spec);
    expect(specs(list as never)).toEqual(specs(fixture));
    expect(text.startsWith('{\n    "apiVersion": "v1",\n    "items": [')).toBe(true);
  });

  it('is deterministic for a seeded random cluster', () => {
    const a = generateKubectlJson(randomClusterSpec({ services: 20, seed: 9 }));
    expect(generateKubectlJson(randomClusterSpec({ services: 20, seed: 9 }))).toBe(a);
  });
});
