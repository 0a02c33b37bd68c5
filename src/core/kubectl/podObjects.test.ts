import { describe, expect, it } from 'vitest';
import { parseKubectl } from './parseKubectl';

/** A Pod as `kubectl get pod -o json` prints one (the fields the reader uses, in kubectl's shape). */
function pod(
  name: string,
  fields: {
    ip?: string;
    ips?: string[];
    node?: string;
    phase?: string;
    ready?: string;
    hostNetwork?: boolean;
    hostIP?: string;
  },
) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'shop' },
    spec: { nodeName: fields.node, ...(fields.hostNetwork ? { hostNetwork: true } : {}) },
    status: {
      phase: fields.phase ?? 'Running',
      hostIP: fields.hostIP,
      podIP: fields.ip ?? fields.ips?.[0],
      podIPs: (fields.ips ?? (fields.ip ? [fields.ip] : [])).map((ip) => ({ ip })),
      conditions: [{ type: 'Ready', status: fields.ready ?? 'True' }],
    },
  };
}

const endpoints = {
  apiVersion: 'v1',
  kind: 'Endpoints',
  metadata: { name: 'web', namespace: 'shop' },
  subsets: [
    {
      addresses: [
        { ip: '10.244.1.5', targetRef: { kind: 'Pod', name: 'web-1', namespace: 'shop' } },
        { ip: '10.244.2.9' },
        { ip: '192.168.0.11' },
      ],
      ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
    },
  ],
};

describe('Pod objects (-o json / -o yaml)', () => {
  const list = {
    apiVersion: 'v1',
    kind: 'List',
    items: [
      pod('web-1', { ips: ['10.244.1.5', 'fd00:10:244:1::5'], node: 'node-a', hostIP: '192.168.0.10' }),
      // A finished Job pod keeps the IP the network has since given to web-2.
      pod('migrate-x8d2k', { ip: '10.244.2.9', node: 'node-b', phase: 'Succeeded', ready: 'False' }),
      pod('web-2', { ip: '10.244.2.9', node: 'node-b', ready: 'False' }),
      pod('node-exporter-7hx2p', {
        ip: '192.168.0.11',
        node: 'node-b',
        hostNetwork: true,
        hostIP: '192.168.0.11',
      }),
      pod('metrics-agent-9qk4d', {
        ip: '192.168.0.11',
        node: 'node-b',
        hostNetwork: true,
        hostIP: '192.168.0.11',
      }),
      endpoints,
    ],
  };

  it('PodList: IPs (dual-stack), node, phase, Ready condition, hostNetwork', () => {
    const r = parseKubectl(JSON.stringify(list, null, 4));
    expect(r.result.pods.map((p) => [p.name, p.ips, p.nodeName, p.status, p.ready, p.hostNetwork])).toEqual([
      ['web-1', ['10.244.1.5', 'fd00:10:244:1::5'], 'node-a', 'Running', true, false],
      ['migrate-x8d2k', ['10.244.2.9'], 'node-b', 'Succeeded', false, false],
      ['web-2', ['10.244.2.9'], 'node-b', 'Running', false, false],
      ['node-exporter-7hx2p', ['192.168.0.11'], 'node-b', 'Running', true, true],
      ['metrics-agent-9qk4d', ['192.168.0.11'], 'node-b', 'Running', true, true],
    ]);
    expect(r.result.pods[0]?.hostIP).toBe('192.168.0.10');
    expect(r.diagnostics.map((d) => d.code)).toEqual(['kubectl/pod-ip-shared']);
  });

  it('targetRef kept and its node added; a finished pod’s stale IP ignored; host-network IP left unnamed', () => {
    const eps = parseKubectl(JSON.stringify(list)).result.endpoints[0]?.addresses;
    expect(eps?.map((a) => [a.ip, a.pod, a.nodeName])).toEqual([
      ['10.244.1.5', 'web-1', 'node-a'],
      ['10.244.2.9', 'web-2', 'node-b'],
      ['192.168.0.11', null, null],
    ]);
  });

  it('the same pod in a table and as an object: the object is kept', () => {
    const table = [
      '$ kubectl get pods -n shop -o wide',
      'NAME    READY   STATUS    RESTARTS   AGE   IP           NODE     NOMINATED NODE   READINESS GATES',
      'web-1   1/1     Running   0          5d    10.244.1.5   node-a   <none>           <none>',
      '',
    ].join('\n');
    const r = parseKubectl(
      `${table}\n${JSON.stringify(pod('web-1', { ips: ['10.244.1.5', 'fd00::5'], node: 'node-a' }))}\n`,
    );
    expect(r.result.pods).toHaveLength(1);
    expect(r.result.pods[0]?.ips).toEqual(['10.244.1.5', 'fd00::5']);
  });

  it('kind: Pod in YAML', () => {
    const yaml = [
      'apiVersion: v1',
      'kind: Pod',
      'metadata:',
      '  name: web-d779974b6-csx2h',
      '  namespace: default',
      'spec:',
      '  nodeName: k8s-node2',
      'status:',
      '  conditions:',
      '  - type: Ready',
      '    status: "True"',
      '  phase: Running',
      '  podIP: 10.244.169.161',
      '  podIPs:',
      '  - ip: 10.244.169.161',
      '',
    ].join('\n');
    const r = parseKubectl(yaml);
    expect(r.diagnostics).toEqual([]);
    expect(r.result.pods).toEqual([
      {
        namespace: 'default',
        name: 'web-d779974b6-csx2h',
        ips: ['10.244.169.161'],
        nodeName: 'k8s-node2',
        hostIP: null,
        hostNetwork: false,
        status: 'Running',
        ready: true,
        offset: 0,
      },
    ]);
  });

  it('a podIP that is no IP is reported, the pod kept without it', () => {
    const r = parseKubectl(JSON.stringify(pod('p', { ip: '10.244.1.300' })));
    expect(r.result.pods[0]?.ips).toEqual([]);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['kubectl/invalid-field']);
  });
});
