import { describe, expect, it } from 'vitest';
import { lineAt, looksLikeJsonStart, looksLikeYamlStart, readShellCommand, readStatusLine } from './lines';

describe('lineAt', () => {
  it('excludes \\r\\n from the line and points at the next one', () => {
    expect(lineAt('ab\r\ncd', 0)).toEqual({ start: 0, end: 2, next: 4 });
    expect(lineAt('ab\r\ncd', 4)).toEqual({ start: 4, end: 6, next: 6 });
    expect(lineAt('\n', 0)).toEqual({ start: 0, end: 0, next: 1 });
  });
});

describe('readShellCommand', () => {
  const cases: [string, ReturnType<typeof readShellCommand>][] = [
    ['[root@m ~]# kubectl get svc -n shop', { kubectl: true, namespace: 'shop' }],
    ['[[email protected] ~]# kubectl get ep -o wide', { kubectl: true, namespace: null }],
    ['user@host:~$ kubectl --namespace=kube-system get svc', { kubectl: true, namespace: 'kube-system' }],
    ['$ kubectl get svc,ep --namespace prod -o wide', { kubectl: true, namespace: 'prod' }],
    ['$ kubectl -nshop get ep', { kubectl: true, namespace: 'shop' }],
    ['kubectl get svc -A', { kubectl: true, namespace: null }],
    ['sudo /usr/local/bin/kubectl get svc -n a | grep -n x', { kubectl: true, namespace: 'a' }],
    ['# kubectl get svc -n web', { kubectl: true, namespace: 'web' }],
    ['$ oc get svc -n openshift-dns', { kubectl: true, namespace: 'openshift-dns' }],
    ['[root@m ~]# iptables-save | grep web', { kubectl: false, namespace: null }],
    ['bash-4.2$ curl http://10.102.172.63:8088', { kubectl: false, namespace: null }],
    ['[root@m ~]# ', { kubectl: false, namespace: null }],
    ['# A markdown heading', null],
    ['>>>Deployment', null],
    ['web NodePort 10.104.247.10 <none> 80:31947/TCP 12m app=web', null],
    ['[K8S] Service iptables', null],
  ];
  for (const [line, expected] of cases) {
    it(JSON.stringify(line), () => expect(readShellCommand(line)).toEqual(expected));
  }
});

describe('status lines and block starts', () => {
  it('recognises kubectl stderr lines', () => {
    expect(readStatusLine('Warning: v1 Endpoints is deprecated in v1.33+')).toBe('server-warning');
    expect(readStatusLine('Error from server (NotFound): services "x" not found')).toBe('server-error');
    expect(readStatusLine('No resources found in default namespace.')).toBe('no-resources');
    expect(readStatusLine('NAME   TYPE')).toBeNull();
  });

  it('JSON starts at { or [ of a document, not at bracketed prose or prompts', () => {
    expect(looksLikeJsonStart('{')).toBe(true);
    expect(looksLikeJsonStart('  {"kind": "List"')).toBe(true);
    expect(looksLikeJsonStart('[{"kind": "Service"}]')).toBe(true);
    expect(looksLikeJsonStart('[K8S] Service')).toBe(false);
    expect(looksLikeJsonStart('[root@m ~]# kubectl')).toBe(false);
    expect(looksLikeJsonStart('{{ .Values }}')).toBe(false);
  });

  it('YAML starts at apiVersion:/kind: in column 0', () => {
    expect(looksLikeYamlStart('apiVersion: v1')).toBe(true);
    expect(looksLikeYamlStart('kind: List')).toBe(true);
    expect(looksLikeYamlStart('  kind: Service')).toBe(false);
    expect(looksLikeYamlStart('---')).toBe(false);
    expect(looksLikeYamlStart('kind:')).toBe(false);
  });
});
