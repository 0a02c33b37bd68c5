import { describe, expect, it } from 'vitest';
import { KUBECTL_CODES, type KubectlCode } from './codes';
import { parseKubectl } from './parseKubectl';

/** Pads cells as kubectl's tabwriter does (cell width + padding 3), so tables read by offsets. */
function table(rows: string[][]): string {
  const widths = (rows[0] as string[]).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return `${rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd((widths[i] ?? 0) + 3))).join('')).join('\n')}\n`;
}

const SVC_HEADER = ['NAME', 'TYPE', 'CLUSTER-IP', 'EXTERNAL-IP', 'PORT(S)', 'AGE'];
const svcTable = (...rows: string[][]) => table([SVC_HEADER, ...rows]);
const okSvc = svcTable(['web', 'ClusterIP', '10.0.0.1', '<none>', '80/TCP', '1d']);
const slices = (type: string) =>
  table([
    ['NAME', 'ADDRESSTYPE', 'PORTS', 'ENDPOINTS', 'AGE'],
    ['web-x7k2p', type, '80', '10.0.0.1', '1d'],
  ]);

/** One input per code that must produce it. A new code without an example fails the test below. */
const EXAMPLES: Record<KubectlCode, string> = {
  'kubectl/empty': '  \n',
  'kubectl/not-kubectl': 'hello world\n',
  'kubectl/ignored-text': `some prose\n\n${okSvc}`,
  'kubectl/server-warning': `Warning: v1 Endpoints is deprecated in v1.33+\n${okSvc}`,
  'kubectl/server-error': 'Error from server (NotFound): services "x" not found\n',
  'kubectl/no-resources': 'No resources found in shop namespace.\n',
  'kubectl/unsupported-table': table([
    ['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE'],
    ['web', '3/3', '3', '3', '1d'],
  ]),
  'kubectl/unknown-column': table([
    [...SVC_HEADER, 'LABELS'],
    ['web', 'ClusterIP', '10.0.0.1', '<none>', '80/TCP', '1d', 'app=web'],
  ]),
  'kubectl/missing-column': table([
    ['NAME', 'TYPE', 'CLUSTER-IP', 'AGE'],
    ['web', 'ClusterIP', '10.0.0.1', '1d'],
  ]),
  'kubectl/row-misaligned':
    'NAME TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE\nweb ClusterIP 10.0.0.1 <none> 80/TCP 1d\n',
  'kubectl/row-columns': 'NAME ENDPOINTS AGE\nweb 10.0.0.1:80 1d extra\n',
  'kubectl/bad-port': svcTable(['web', 'ClusterIP', '10.0.0.1', '<none>', '80:abc/TCP', '1d']),
  'kubectl/bad-endpoint': table([
    ['NAME', 'ENDPOINTS', 'AGE'],
    ['web', '10.0.0.1:99999', '1d'],
  ]),
  'kubectl/bad-address': svcTable(['web', 'ClusterIP', '10.0.0.300', '<none>', '80/TCP', '1d']),
  'kubectl/endpoints-truncated': table([
    ['NAME', 'ENDPOINTS', 'AGE'],
    ['web', '10.0.0.1:80,10.0.0.2:80,10.0.0.3:80 + 2 more...', '1d'],
  ]),
  'kubectl/endpoints-none-ready': table([
    ['NAME', 'ENDPOINTS', 'AGE'],
    ['web', '', '1d'],
  ]),
  'kubectl/external-ip-truncated': svcTable([
    'web',
    'LoadBalancer',
    '10.0.0.1',
    'a1b2c3d4e5f6a...',
    '80:30080/TCP',
    '1d',
  ]),
  'kubectl/slice-service-inferred': slices('IPv4'),
  'kubectl/slice-readiness-assumed': slices('IPv4'),
  'kubectl/fqdn-slice': slices('FQDN'),
  'kubectl/services-from-slices': slices('IPv4'),
  'kubectl/pod-ip-shared': `${table([
    ['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE', 'IP', 'NODE'],
    ['node-exporter-a', '1/1', 'Running', '0', '1d', '192.168.1.5', 'n1'],
    ['kube-proxy-a', '1/1', 'Running', '0', '1d', '192.168.1.5', 'n1'],
  ])}\n${table([
    ['NAME', 'ENDPOINTS', 'AGE'],
    ['node-exporter', '192.168.1.5:9100', '1d'],
  ])}`,
  'kubectl/endpoint-pod-unknown': `${table([
    ['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE', 'IP', 'NODE'],
    ['web-a', '1/1', 'Running', '0', '1d', '10.244.1.5', 'n1'],
  ])}\n${table([
    ['NAME', 'ENDPOINTS', 'AGE'],
    ['web', '10.244.1.5:80,192.168.1.5:80', '1d'],
  ])}`,
  'kubectl/slice-without-service':
    '{"kind": "EndpointSlice", "metadata": {"name": "s"}, "addressType": "IPv4"}\n',
  'kubectl/json-syntax': '{"kind": "Service",\n',
  'kubectl/yaml-syntax': 'apiVersion: v1\nkind: Service\nmetadata: [\n',
  'kubectl/yaml-alias-limit': `apiVersion: v1\nkind: Service\nmetadata:\n  name: lol\na: &a [x, x, x, x, x, x, x, x, x]\n${'bcdefghi'
    .split('')
    .map((c, i) => `${c}: &${c} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(', ')}]`)
    .join('\n')}\n`,
  'kubectl/yaml-too-large': `apiVersion: v1\nkind: List\n${`# ${'x'.repeat(1000)}\n`.repeat(8100)}`,
  'kubectl/unsupported-kind': '{"kind": "ConfigMap", "metadata": {"name": "p"}}\n',
  'kubectl/invalid-object': '{"kind": "Service"}\n',
  'kubectl/invalid-field':
    '{"kind": "Service", "metadata": {"name": "a"}, "spec": {"ports": [{"port": "http"}]}}\n',
  'kubectl/duplicate-service': `${okSvc}\n${okSvc}`,
  'kubectl/too-many-diagnostics': svcTable(
    ...Array.from({ length: 600 }, (_, i) => [`web${i}`, 'ClusterIP', '10.0.0.1', '<none>', 'x/TCP', '1d']),
  ),
};

describe('KUBECTL_CODES', () => {
  for (const code of Object.keys(KUBECTL_CODES) as KubectlCode[]) {
    it(`${code} is produced, with its severity, inside the text`, () => {
      const text = EXAMPLES[code];
      expect(text).toBeDefined();
      const { diagnostics } = parseKubectl(text);
      const found = diagnostics.filter((d) => d.code === code);
      expect(found.length).toBeGreaterThan(0);
      for (const d of found) {
        expect(d.severity).toBe(KUBECTL_CODES[code]);
        expect(d.source).toBe('kubectl');
        expect(d.span.start).toBeGreaterThanOrEqual(0);
        expect(d.span.end).toBeLessThanOrEqual(text.length);
      }
    });
  }

  it('every code is namespaced kubectl/', () => {
    for (const code of Object.keys(KUBECTL_CODES)) expect(code).toMatch(/^kubectl\/[a-z-]+$/);
  });

  it('points bad cells at the cell itself', () => {
    const text = EXAMPLES['kubectl/bad-port'];
    const d = parseKubectl(text).diagnostics.find((x) => x.code === 'kubectl/bad-port');
    expect(text.slice(d?.span.start, d?.span.end)).toBe('80:abc/TCP');
    const json = EXAMPLES['kubectl/json-syntax'];
    expect(parseKubectl(json).diagnostics[0]?.span.start).toBe(json.length);
  });

  it('the diagnostic cap keeps the rows: 600 Services are still read', () => {
    const { result, diagnostics } = parseKubectl(EXAMPLES['kubectl/too-many-diagnostics']);
    expect(result.services).toHaveLength(600);
    expect(diagnostics.length).toBe(501);
  });
});
