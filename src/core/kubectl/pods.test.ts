import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SEEDS_DIR } from '../../../test/fixtures';
import { parseKubectl } from './parseKubectl';
import type { KubectlData } from './types';

const codes = (r: ReturnType<typeof parseKubectl>) => r.diagnostics.map((d) => d.code);
/** Each endpoint address as `ip:port pod@node`. */
const named = (data: KubectlData, service: string) =>
  data.endpoints
    .find((e) => e.service === service)
    ?.addresses.map((a) => `${a.ip}:${a.port} ${a.pod ?? '?'}@${a.nodeName ?? '?'}`);

// The seed article's own paste (test/seeds/001_…, lines 13–27), whitespace collapsed as published.
const SEED_PASTE = `[[email protected] ~]# kubectl get pod -o wide
NAME READY STATUS RESTARTS AGE IP NODE NOMINATED NODE READINESS GATES
web-d779974b6-9zx48 1/1 Running 0 12m 10.244.169.165 k8s-node2 <none> <none>
web-d779974b6-csx2h 1/1 Running 0 12m 10.244.169.161 k8s-node2 <none> <none>
web-d779974b6-hb6kw 1/1 Running 0 12m 10.244.169.163 k8s-node2 <none> <none>
>>>Service
[[email protected] ~]# kubectl get svc -o wide
NAME TYPE CLUSTER-IP EXTERNAL-IP PORT(S) AGE SELECTOR
kubernetes ClusterIP 10.96.0.1 <none> 443/TCP 27d <none>
web NodePort 10.104.247.10 <none> 80:31947/TCP 12m app=web
>>>Endpoint
[[email protected] ~]# kubectl get ep -o wide
NAME ENDPOINTS AGE
kubernetes 192.168.231.121:6443 27d
web 10.244.169.161:80,10.244.169.163:80,10.244.169.165:80 12m
`;

describe('kubectl get pod -o wide names endpoints’ pods and nodes', () => {
  it('seed 001: 10.244.169.161 is web-d779974b6-csx2h on k8s-node2, as the article says', () => {
    const r = parseKubectl(SEED_PASTE);
    expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(r.result.pods.map((p) => [p.namespace, p.name, p.ips, p.nodeName, p.status, p.ready])).toEqual([
      [null, 'web-d779974b6-9zx48', ['10.244.169.165'], 'k8s-node2', 'Running', true],
      [null, 'web-d779974b6-csx2h', ['10.244.169.161'], 'k8s-node2', 'Running', true],
      [null, 'web-d779974b6-hb6kw', ['10.244.169.163'], 'k8s-node2', 'Running', true],
    ]);
    expect(named(r.result, 'web')).toEqual([
      '10.244.169.161:80 web-d779974b6-csx2h@k8s-node2',
      '10.244.169.163:80 web-d779974b6-hb6kw@k8s-node2',
      '10.244.169.165:80 web-d779974b6-9zx48@k8s-node2',
    ]);
    // The API server's address is no pod of this listing: left unknown.
    expect(named(r.result, 'kubernetes')).toEqual(['192.168.231.121:6443 ?@?']);
    // The pod table is read (collapsed padding noted), not skipped.
    expect(codes(r)).not.toContain('kubectl/unsupported-table');
  });

  it('the whole seed file: the same names, the deployment table still skipped', () => {
    const seed = readdirSync(SEEDS_DIR).find((f) => f.startsWith('001_')) as string;
    const r = parseKubectl(readFileSync(join(SEEDS_DIR, seed), 'utf8'));
    expect(named(r.result, 'web')?.[0]).toBe('10.244.169.161:80 web-d779974b6-csx2h@k8s-node2');
    expect(codes(r).filter((c) => c === 'kubectl/unsupported-table')).toHaveLength(1);
  });

  // kubernetes/kube-proxy#5 (2019): `kubectl get pods --all-namespaces -o wide`, padding intact;
  // kube-proxy and kube-scheduler are host-network pods on master1's IP.
  const KP5 = [
    'root@master1:/var/log# kubectl get pods --all-namespaces -o wide',
    'NAMESPACE                           NAME                                    READY   STATUS    RESTARTS   AGE     IP               NODE      NOMINATED NODE   READINESS GATES',
    'default                             ambassador-587bcf4475-b8tds             2/2     Running   2          34d     10.241.216.40    node1     <none>           <none>',
    'default                             ambassador-587bcf4475-wjgxb             2/2     Running   0          34d     10.241.224.17    node2     <none>           <none>',
    'default                             hello-node-64c578bdf8-zj2wx             1/1     Running   0          35d     10.241.240.15    node3     <none>           <none>',
    'kube-system                         kube-proxy-sj9wh                        1/1     Running   5          47d     172.18.240.137   master1   <none>           <none>',
    'kube-system                         kube-proxy-v5sch                        1/1     Running   5          47d     172.18.240.135   node3     <none>           <none>',
    'kube-system                         kube-scheduler-master1                  1/1     Running   1          43d     172.18.240.137   master1   <none>           <none>',
    'kube-system                         kubernetes-dashboard-7c595dc675-4mp9f   1/1     Running   7          47d     10.241.216.39    node1     <none>           <none>',
    '',
  ].join('\n');
  /** `kubectl get ep -A` with one row, padded as tabwriter does (cell width + 3). */
  const EP = (ns: string, name: string, eps: string) => {
    const rows = [
      ['NAMESPACE', 'NAME', 'ENDPOINTS', 'AGE'],
      [ns, name, eps, '1d'],
    ];
    const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => (r[i] as string).length)) + 3);
    return rows.map((r) => r.map((c, i) => (i < 3 ? c.padEnd(w[i] as number) : c)).join('')).join('\n');
  };

  it('-A -o wide padded: namespaces, nodes; a Service’s pods are looked up in its namespace', () => {
    const text = `${KP5}\n${EP('default', 'amb', '10.241.216.40:8080,10.241.224.17:8080')}`;
    const r = parseKubectl(text);
    expect(r.diagnostics).toEqual([]);
    expect(r.result.pods).toHaveLength(7);
    expect(r.result.pods[3]).toMatchObject({
      namespace: 'kube-system',
      name: 'kube-proxy-sj9wh',
      ips: ['172.18.240.137'],
      nodeName: 'master1',
    });
    expect(named(r.result, 'amb')).toEqual([
      '10.241.216.40:8080 ambassador-587bcf4475-b8tds@node1',
      '10.241.224.17:8080 ambassador-587bcf4475-wjgxb@node2',
    ]);
    // Another namespace's pod with that IP is not this Service's pod.
    const other = parseKubectl(`${KP5}\n${EP('shop', 'amb', '10.241.216.40:8080')}`).result;
    expect(named(other, 'amb')).toEqual(['10.241.216.40:8080 ?@?']);
  });

  it('host-network pods sharing a node IP: no pod named, an info lists the candidates', () => {
    const text = `${KP5}\n${EP('kube-system', 'sched', '172.18.240.137:10259')}`;
    const r = parseKubectl(text);
    expect(named(r.result, 'sched')).toEqual(['172.18.240.137:10259 ?@?']);
    const shared = r.diagnostics.filter((d) => d.code === 'kubectl/pod-ip-shared');
    expect(shared).toHaveLength(1);
    expect(shared[0]?.severity).toBe('info');
    expect(shared[0]?.message).toContain('kube-proxy-sj9wh, kube-scheduler-master1');
    expect(text.slice(shared[0]?.span.start, shared[0]?.span.end)).toMatch(/^kube-system +kube-proxy-sj9wh /);
    // The API server's addresses are no pod's, even where a host-network pod has that IP.
    const api = parseKubectl(
      [
        'NAME                READY   STATUS    RESTARTS   AGE   IP               NODE    NOMINATED NODE   READINESS GATES',
        'nginx-proxy-node3   1/1     Running   5          47d   172.18.240.135   node3   <none>           <none>',
        '',
        'NAME         ENDPOINTS             AGE',
        'kubernetes   172.18.240.135:6443   47d',
        'proxy        172.18.240.135:80     47d',
        '',
      ].join('\n'),
    );
    expect(named(api.result, 'kubernetes')).toEqual(['172.18.240.135:6443 ?@?']);
    expect(named(api.result, 'proxy')).toEqual(['172.18.240.135:80 nginx-proxy-node3@node3']);
    // One IP of its own on the same table: named.
    const one = parseKubectl(`${KP5}\n${EP('kube-system', 'kp', '172.18.240.135:10249')}`).result;
    expect(named(one, 'kp')).toEqual(['172.18.240.135:10249 kube-proxy-v5sch@node3']);
  });

  it('an endpoint no pasted pod has stays unnamed, said once (info), never guessed', () => {
    // 172.18.240.140 is no pod's IP (a host-network pod's node not in the listing), twice over.
    const text = `${KP5}\n${EP('default', 'amb', '10.241.216.40:8080,172.18.240.140:8080')}\n${EP('default', 'amb2', '172.18.240.140:9090')}`;
    const r = parseKubectl(text);
    expect(named(r.result, 'amb')).toEqual([
      '10.241.216.40:8080 ambassador-587bcf4475-b8tds@node1',
      '172.18.240.140:8080 ?@?',
    ]);
    const unknown = r.diagnostics.filter((d) => d.code === 'kubectl/endpoint-pod-unknown');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]?.severity).toBe('info');
    expect(unknown[0]?.message).toMatch(/^1 endpoint address matches no pasted pod \(172\.18\.240\.140\)/);
    // The seed: every endpoint named, the API server's address is no pod's: nothing said.
    expect(codes(parseKubectl(SEED_PASTE))).not.toContain('kubectl/endpoint-pod-unknown');
    // Without a pod listing there is nothing to match: nothing said.
    expect(codes(parseKubectl(EP('default', 'amb', '172.18.240.140:8080')))).toEqual([]);
  });

  it('padded and collapsed pod tables give the same pods', () => {
    const a = parseKubectl(KP5).result.pods.map(({ offset: _o, ...p }) => p);
    const b = parseKubectl(KP5.replace(/ {2,}/g, ' ')).result.pods.map(({ offset: _o, ...p }) => p);
    expect(b).toEqual(a);
  });

  // projectcalico/calico#8344 (2023): `kubectl get pods -A` (no -o wide), RESTARTS with "(… ago)".
  const CALICO = [
    'NAMESPACE     NAME                                       READY   STATUS                  RESTARTS        AGE',
    'kube-system   etcd-kub-master                            1/1     Running                 9 (5m4s ago)    7d23h',
    'kube-system   kube-apiserver-kub-master                  1/1     Running                 9 (5m4s ago)    7d23h',
    'kube-system   kube-proxy-9hrn7                           1/1     Running                 7 (4m46s ago)   7d23h',
    '',
  ].join('\n');

  it('RESTARTS "9 (5m4s ago)" is one cell, padded or collapsed; without -o wide pods have no IP', () => {
    for (const text of [CALICO, CALICO.replace(/ {2,}/g, ' ')]) {
      const r = parseKubectl(text);
      expect(codes(r).filter((c) => c !== 'kubectl/row-misaligned')).toEqual([]);
      expect(r.result.pods.map((p) => [p.name, p.ips, p.nodeName, p.status])).toEqual([
        ['etcd-kub-master', [], null, 'Running'],
        ['kube-apiserver-kub-master', [], null, 'Running'],
        ['kube-proxy-9hrn7', [], null, 'Running'],
      ]);
    }
  });

  // kairen/k8s-manual-files#3 (2018): kubectl 1.10 wide output, collapsed; a pod without an IP
  // printed an empty cell, so its node moved under IP.
  it('old collapsed output: a pod without IP keeps its node, CrashLoopBackOff 1/2 is not ready', () => {
    const text = [
      'NAME READY STATUS RESTARTS AGE IP NODE',
      'calico-node-nf4d5 1/2 Running 33 1h 2.2.2.24 node24',
      'calico-node-q98st 1/2 CrashLoopBackOff 30 1h 2.2.2.21 node21',
      'coredns-859d584858-r8h5q 0/1 ContainerCreating 0 4m node25',
      'etcd-node21 1/1 Running 3 4h 2.2.2.21 node21',
      '',
    ].join('\n');
    const r = parseKubectl(text);
    expect(r.result.pods.map((p) => [p.name, p.ips.join(), p.nodeName, p.ready])).toEqual([
      ['calico-node-nf4d5', '2.2.2.24', 'node24', false],
      ['calico-node-q98st', '2.2.2.21', 'node21', false],
      ['coredns-859d584858-r8h5q', '', 'node25', false],
      ['etcd-node21', '2.2.2.21', 'node21', true],
    ]);
    expect(codes(r)).not.toContain('kubectl/bad-address');
    expect(codes(r)).toContain('kubectl/row-columns');
  });
});
