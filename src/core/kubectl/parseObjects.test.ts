import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { readFixture } from '../../../test/fixtures';
import { parseKubectl } from './parseKubectl';
import type { KubectlData } from './types';

const JSON_FIXTURE = 'kubectl/overall-get-svc-ep-endpointslices-A.json';
const withoutOffsets = (d: KubectlData) => ({
  services: d.services.map(({ offset: _o, ...s }) => s),
  endpoints: d.endpoints.map(({ offset: _o, ...e }) => e),
});

describe('-o json', () => {
  const text = readFixture(JSON_FIXTURE);
  const r = parseKubectl(text);

  it('reads every field of the List (Services, Endpoints, EndpointSlices)', () => {
    expect(r.diagnostics).toEqual([]);
    expect(r.result.formats).toEqual(['json']);
    const svc2 = r.result.services[1];
    expect(svc2).toMatchObject({
      namespace: 'ns2',
      name: 'svc2',
      type: 'LoadBalancer',
      clusterIPs: ['172.30.0.42'],
      externalIPs: ['192.168.99.22'],
      loadBalancerIPs: ['1.2.3.4'],
      externalTrafficPolicy: 'Local',
      internalTrafficPolicy: 'Cluster',
      sessionAffinity: 'None',
      selector: 'app=svc2',
    });
    expect(svc2?.ports).toEqual([
      { name: 'p80', port: 80, nodePort: 3001, protocol: 'TCP', targetPort: '80' },
    ]);
    expect(r.result.services[4]?.sessionAffinity).toBe('ClientIP');
  });

  it('points each object at its own `{`', () => {
    for (const s of r.result.services) expect(text.slice(s.offset, s.offset + 1)).toBe('{');
    const svc3 = r.result.services[2]?.offset as number;
    expect(text.slice(svc3, svc3 + 400)).toContain('"name": "svc3"');
  });

  it('merges Endpoints and EndpointSlices, preferring slices (conditions, nodeName, pod)', () => {
    const svc4 = r.result.endpoints.find((e) => e.service === 'svc4');
    expect(svc4?.addresses).toEqual([
      {
        ip: '10.180.0.4',
        port: 80,
        portName: 'p80',
        protocol: 'TCP',
        pod: 'svc4-84d6f-pqrst',
        nodeName: 'node-b',
        ready: true,
        serving: true,
        terminating: false,
      },
      expect.objectContaining({ ip: '10.180.0.5', nodeName: 'test-node', portName: 'p80' }),
    ]);
    // Slices win: their offsets, not the Endpoints objects'.
    expect(text.slice(svc4?.offset, (svc4?.offset ?? 0) + 300)).toContain('"addressType"');
    expect(r.result.endpoints.find((e) => e.service === 'svc6')?.addresses).toEqual([]);
  });

  it('a truncated paste reports the offset and keeps the complete items', () => {
    const cut = text.slice(0, text.indexOf('"name": "svc4"'));
    const t = parseKubectl(cut);
    expect(t.diagnostics.map((d) => d.code)).toEqual(['kubectl/json-syntax']);
    expect(t.diagnostics[0]?.span.start).toBe(cut.length);
    expect(t.result.services.map((s) => s.name)).toEqual(['svc1', 'svc2', 'svc3']);
  });

  it('a syntax error in the middle points at the bad character', () => {
    const at = text.indexOf('"sessionAffinity"', text.indexOf('"svc5"'));
    const broken = `${text.slice(0, at)}, ${text.slice(at)}`;
    const t = parseKubectl(broken);
    expect(t.diagnostics.map((d) => d.code)).toEqual(['kubectl/json-syntax']);
    expect(broken[t.diagnostics[0]?.span.start ?? 0]).toBe(',');
    expect(t.result.services.map((s) => s.name)).toEqual(['svc1', 'svc2', 'svc3', 'svc4']);
  });

  it('single objects, typed Lists and several documents after prompts', () => {
    const list = JSON.parse(text) as { items: { kind: string }[] };
    const svcList = {
      apiVersion: 'v1',
      kind: 'ServiceList',
      items: list.items.filter((i) => i.kind === 'Service'),
    };
    const one = JSON.stringify(list.items[13], null, 2);
    const pasted = `$ kubectl get svc -A -o json\n${JSON.stringify(svcList, null, 2)}\n$ kubectl get endpointslice -n ns2 svc2-4mq8d -o json\n${one}\n`;
    const t = parseKubectl(pasted);
    expect(t.diagnostics).toEqual([]);
    expect(t.result.services).toHaveLength(6);
    expect(t.result.endpoints.map((e) => [e.namespace, e.service, e.addresses.length])).toEqual([
      ['ns2', 'svc2', 1],
    ]);
  });
});

describe('-o yaml', () => {
  const json = readFixture(JSON_FIXTURE);
  const fromJson = parseKubectl(json).result;

  it('the same List as YAML gives the same Services and endpoints', () => {
    const yamlText = stringify(JSON.parse(json));
    const r = parseKubectl(yamlText);
    expect(r.diagnostics).toEqual([]);
    expect(r.result.formats).toEqual(['yaml']);
    expect(withoutOffsets(r.result)).toEqual(withoutOffsets(fromJson));
    const svc3 = r.result.services[2]?.offset as number;
    expect(yamlText.slice(svc3, svc3 + 200)).toContain('name: svc3');
  });

  it('multi-document YAML (---), other kinds as info', () => {
    const items = (JSON.parse(json) as { items: unknown[] }).items;
    const docs = [items[0], { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }, items[6]];
    const r = parseKubectl(docs.map((d) => stringify(d)).join('---\n'));
    expect(r.diagnostics.map((d) => d.code)).toEqual(['kubectl/unsupported-kind']);
    expect(r.result.services.map((s) => s.name)).toEqual(['svc1']);
    expect(r.result.endpoints[0]?.addresses.map((a) => a.pod)).toEqual(['svc1-7d9f8-abcde']);
  });

  it('notReadyAddresses are not ready; a YAML error is reported at its offset', () => {
    const ep = [
      'apiVersion: v1',
      'kind: Endpoints',
      'metadata: {name: web, namespace: shop}',
      'subsets:',
      '- addresses: [{ip: 10.0.0.1}]',
      '  notReadyAddresses: [{ip: 10.0.0.2}]',
      '  ports: [{port: 8080, protocol: UDP}]',
      '',
    ].join('\n');
    const r = parseKubectl(ep);
    expect(
      r.result.endpoints[0]?.addresses.map((a) => [a.ip, a.port, a.portName, a.protocol, a.ready]),
    ).toEqual([
      ['10.0.0.1', 8080, '', 'UDP', true],
      ['10.0.0.2', 8080, '', 'UDP', false],
    ]);
    const bad = `${ep}  bad: [unclosed\n`;
    const b = parseKubectl(bad);
    expect(b.diagnostics.map((d) => d.code)).toContain('kubectl/yaml-syntax');
    expect(b.diagnostics[0]?.span.start).toBeGreaterThanOrEqual(ep.length);
  });
});
