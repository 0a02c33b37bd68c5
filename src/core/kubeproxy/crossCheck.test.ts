import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import type { EndpointAddress, KubectlData } from '../kubectl';
import { loadKubectl, loadRuleset } from '../testing/load';
import type { Diagnostic } from '../text';
import { analyzeKubeProxy } from './kube';
import { MODEL_CODE_SEVERITY, MODEL_CODES } from './modelCodes';

const DUMP = readFixture('iptables/k8s-overall-rules.txt');
const KUBECTL_TEXT = readFixture('kubectl/overall-get-svc-ep-A.txt');
const KUBECTL = loadKubectl(KUBECTL_TEXT);

function run(dump: string, kubectl?: KubectlData): Diagnostic[] {
  return analyzeKubeProxy(loadRuleset(dump), kubectl).diagnostics;
}
const codes = (ds: Diagnostic[]) => ds.map((d) => [d.code, d.severity, d.source]);

/** The kubectl data with one Service's or Endpoints' entry changed. */
function editKubectl(edit: {
  service?: (s: KubectlData['services'][number]) => KubectlData['services'][number] | null;
  endpoints?: (e: KubectlData['endpoints'][number]) => KubectlData['endpoints'][number];
}): KubectlData {
  return {
    ...KUBECTL,
    services: KUBECTL.services
      .map((s) => edit.service?.(s) ?? (edit.service ? null : s))
      .filter((s) => s !== null),
    endpoints: KUBECTL.endpoints.map((e) => edit.endpoints?.(e) ?? e),
  };
}
const keep = <T>(x: T) => x;

describe('cross-checks against kubectl (k8s-overall-rules.txt + overall-get-svc-ep-A.txt)', () => {
  it('finds nothing to say when both agree', () => {
    expect(run(DUMP, KUBECTL)).toEqual([]);
  });

  it('model/endpoints-mismatch: a kubectl endpoint without KUBE-SEP, at the Endpoints line', () => {
    const kubectl = editKubectl({
      service: keep,
      endpoints: (e) =>
        e.service === 'svc1'
          ? {
              ...e,
              addresses: [...e.addresses, { ...(e.addresses[0] as EndpointAddress), ip: '10.180.0.9' }],
            }
          : e,
    });
    const ds = run(DUMP, kubectl);
    expect(codes(ds)).toEqual([[MODEL_CODES.endpointsMismatch, 'warning', 'kubectl']]);
    expect(KUBECTL_TEXT.slice(ds[0]?.span.start).startsWith('ns1         endpoints/svc1')).toBe(true);
  });

  it('model/endpoints-mismatch: a KUBE-SEP kubectl does not list, at the DNAT rule; info when kubectl truncated', () => {
    const drop = (incomplete: boolean) =>
      editKubectl({
        service: keep,
        endpoints: (e) =>
          e.service === 'svc4' ? { ...e, addresses: e.addresses.slice(0, 1), incomplete } : e,
      });
    const ds = run(DUMP, drop(false));
    expect(codes(ds)).toEqual([[MODEL_CODES.endpointsMismatch, 'warning', 'iptables']]);
    expect(DUMP.slice(ds[0]?.span.start, ds[0]?.span.end)).toContain('--to-destination 10.180.0.5:80');
    expect(codes(run(DUMP, drop(true)))).toEqual([[MODEL_CODES.endpointsMismatch, 'info', 'iptables']]);
  });

  it('model/stale-chain: chains of a Service kubectl does not list (only within its namespaces)', () => {
    // Without svc3, ns3 is not among kubectl's namespaces any more: nothing is claimed about it.
    expect(run(DUMP, editKubectl({ service: (s) => (s.name === 'svc3' ? null : s) }))).toEqual([]);
    const ns4Only = loadKubectl(readFixture('kubectl/overall-get-svc-ep-n-ns4.txt'));
    expect(run(DUMP, ns4Only)).toEqual([]);
    const renamed = editKubectl({ service: (s) => (s.name === 'svc3' ? { ...s, name: 'svc3-new' } : s) });
    const stale = run(DUMP, renamed).filter((d) => d.code === MODEL_CODES.staleChain);
    expect(stale.map((d) => DUMP.slice(d.span.start, d.span.end).split(' ')[1])).toEqual([
      'KUBE-EXT-X27LE4BHSL4DOUIK',
      'KUBE-SEP-OYPFS5VJICHGATKP',
      'KUBE-SVC-X27LE4BHSL4DOUIK',
    ]);
  });

  it('model/stale-chain (info): a KUBE-SEP nothing jumps to in a full dump', () => {
    const extra = DUMP.replace(
      ':KUBE-SVC-4SW47YFZTEDKD3PK',
      ':KUBE-SEP-ZZZZZZZZZZZZZZZZ - [0:0]\n:KUBE-SVC-4SW47YFZTEDKD3PK',
    ).replace(
      /COMMIT\n?$/,
      '-A KUBE-SEP-ZZZZZZZZZZZZZZZZ -m tcp -p tcp -j DNAT --to-destination 10.180.0.9:80\nCOMMIT\n',
    );
    expect(codes(run(extra))).toEqual([
      [MODEL_CODES.ownerUnknown, 'info', 'iptables'],
      [MODEL_CODES.staleChain, 'info', 'iptables'],
    ]);
  });

  it('model/service-without-rules: Services with cluster IP and endpoints the dump does not know', () => {
    const shop = loadKubectl(readFixture('kubectl/edgecases-get-svc-ep-n-shop.txt'), 'shop');
    const ds = run(DUMP, shop);
    expect(codes(ds)).toEqual([
      [MODEL_CODES.serviceWithoutRules, 'warning', 'kubectl'],
      [MODEL_CODES.serviceWithoutRules, 'warning', 'kubectl'],
    ]);
    const text = readFixture('kubectl/edgecases-get-svc-ep-n-shop.txt');
    expect(ds.map((d) => text.slice(d.span.start).split(/\s+/)[0])).toEqual([
      'service/web',
      'service/web-dual',
    ]);
  });

  it('model/cluster-ip-mismatch: kubectl and KUBE-SERVICES disagree on the cluster IP', () => {
    const ds = run(
      DUMP,
      editKubectl({ service: (s) => (s.name === 'svc1' ? { ...s, clusterIPs: ['172.30.0.99'] } : s) }),
    );
    expect(codes(ds)).toEqual([[MODEL_CODES.clusterIpMismatch, 'warning', 'kubectl']]);
  });

  it('model/probability-gap: the cascade loses its unconditional last rule', () => {
    const cut = DUMP.replace(
      /-A KUBE-SVC-4SW47YFZTEDKD3PK -m comment --comment "ns4\/svc4:p80 -> 10.180.0.5:80".*\n/,
      '',
    );
    const ds = run(cut);
    // The orphaned KUBE-SEP is reported too.
    expect(codes(ds)).toEqual([
      [MODEL_CODES.staleChain, 'info', 'iptables'],
      [MODEL_CODES.probabilityGap, 'warning', 'iptables'],
    ]);
    expect(ds[1]?.message).toContain('50.0%');
    expect(DUMP.slice(ds[1]?.span.start, ds[1]?.span.end)).toContain('--probability 0.5000000000');
  });

  it('model/sep-without-dnat: a KUBE-SEP with rules but no DNAT', () => {
    const cut = DUMP.replace(/-A KUBE-SEP-SXIVWICOYRO3J4NJ .*-j DNAT.*\n/, '');
    expect(codes(run(cut))).toEqual([[MODEL_CODES.sepWithoutDnat, 'info', 'iptables']]);
  });

  it('model/hash-mismatch and model/owner-unknown come from the dump alone (see kube.test.ts)', () => {
    const sort = readFixture('iptables/k8s-sort-test-etp-local-svl-markdrop.txt');
    expect(codes(run(sort))).toEqual([[MODEL_CODES.hashMismatch, 'info', 'iptables']]);
  });

  it('every code has a default severity', () => {
    for (const code of Object.values(MODEL_CODES)) expect(MODEL_CODE_SEVERITY[code]).toBeDefined();
    expect(new Set(Object.values(MODEL_CODES)).size).toBe(Object.keys(MODEL_CODES).length);
  });
});
