import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { loadKubectl, loadRuleset } from '../testing/load';
import { serviceChainName } from './hash';
import { analyzeKubeProxy } from './kube';
import { indexServiceGroups } from './serviceGroups';

/**
 * Groups are a view of the model: the Service port a group (what the search box and the finder
 * list) belongs to is the model's `KubeChain.owner`. Before issue 10 the groups read comments on
 * their own, first comment in dump order wins, and could name another Service port than the model
 * (or none where the model knew one). These inputs are where the two readers disagreed.
 */

/** Model owner of each nat chain. */
function ownerOf(ruleset: ReturnType<typeof loadRuleset>, kubectl?: ReturnType<typeof loadKubectl>) {
  const model = analyzeKubeProxy(ruleset, kubectl).result;
  return new Map(model.chains.filter((c) => c.table === 'nat').map((c) => [c.name, c.owner]));
}

describe('the Service port of a group is the model’s owner', () => {
  // kube-proxy names the chain from the very string it prints in the comment (proxier.go:
  // `svcPortNameString := svcInfo.nameString` feeds both the comment and the chain hash), so a
  // chain's own comment that hashes to its name outweighs a comment on a rule jumping to it.
  it('prefers the chain’s own, hash-checked comment over the comment of a jump to it', () => {
    const svc = serviceChainName('svc', 'ns/b:p', 'tcp');
    const ruleset = loadRuleset(`*nat
:KUBE-SERVICES - [0:0]
:${svc} - [0:0]
:KUBE-SEP-AAAAAAAAAAAAAAAA - [0:0]
-A KUBE-SERVICES -d 10.96.0.5/32 -p tcp -m comment --comment "ns/a:p cluster IP" -m tcp --dport 80 -j ${svc}
-A ${svc} -m comment --comment "ns/b:p -> 10.244.0.5:80" -j KUBE-SEP-AAAAAAAAAAAAAAAA
-A KUBE-SEP-AAAAAAAAAAAAAAAA -p tcp -m tcp -j DNAT --to-destination 10.244.0.5:80
COMMIT
`);
    expect(ownerOf(ruleset).get(svc)).toBe('ns/b:p');
    const [group] = indexServiceGroups(ruleset);
    // The groups used to say ns/a:p (KUBE-SERVICES comes first in the dump).
    expect(group).toMatchObject({ label: 'ns/b:p', service: 'ns/b' });
  });

  it('names an uncommented chain as the model does from kubectl’s hashes, and lists it once', () => {
    const ruleset = loadRuleset(readFixture('iptables/k8s-partial-sync-restore-input.txt'));
    const kubectl = loadKubectl(readFixture('kubectl/overall-get-svc-ep-endpointslices-A.json'));
    expect(ownerOf(ruleset, kubectl).get('KUBE-SVC-4SW47YFZTEDKD3PK')).toBe('ns4/svc4:p80');
    const groups = indexServiceGroups(ruleset, kubectl);
    // The groups used to leave it unnamed and add ns4/svc4 again as a kubectl-only Service port.
    expect(groups.find((g) => g.key === '4SW47YFZTEDKD3PK')).toMatchObject({
      label: 'ns4/svc4:p80',
      service: 'ns4/svc4',
    });
    expect(groups.filter((g) => g.service === 'ns4/svc4')).toHaveLength(1);
  });

  it('falls back to the owner of a KUBE-SEP when the group’s own chains have none', () => {
    const ruleset = loadRuleset(`*nat
:KUBE-SVC-BBBBBBBBBBBBBBBB - [0:0]
:KUBE-SEP-AAAAAAAAAAAAAAAA - [0:0]
-A KUBE-SVC-BBBBBBBBBBBBBBBB -j KUBE-SEP-AAAAAAAAAAAAAAAA
-A KUBE-SEP-AAAAAAAAAAAAAAAA -m comment --comment "ns/x:p" -p tcp -m tcp -j DNAT --to-destination 10.244.0.9:80
COMMIT
`);
    const owners = ownerOf(ruleset);
    expect([owners.get('KUBE-SVC-BBBBBBBBBBBBBBBB'), owners.get('KUBE-SEP-AAAAAAAAAAAAAAAA')]).toEqual([
      null,
      'ns/x:p',
    ]);
    expect(indexServiceGroups(ruleset)[0]).toMatchObject({ key: 'BBBBBBBBBBBBBBBB', label: 'ns/x:p' });
  });

  it('reuses a model the caller already has', () => {
    const ruleset = loadRuleset(readFixture('iptables/k8s-overall-rules.iptables-save.txt'));
    const model = analyzeKubeProxy(ruleset).result;
    expect(indexServiceGroups(ruleset, null, model)).toEqual(indexServiceGroups(ruleset));
  });
});

describe('one label rule for every group', () => {
  // proxier.go matches `--dport svcInfo.NodePort()` in KUBE-NODEPORTS / KUBE-EXTERNAL-SERVICES and
  // `svcInfo.Port()` on the cluster IP: a NodePort is not the Service port. The no-endpoints groups
  // used to label an unnamed port known only by its NodePort `ns/web:30080`; nat groups said `ns/web`.
  it('labels an unnamed port known only by its NodePort with the Service alone', () => {
    const ruleset = loadRuleset(`*filter
:KUBE-EXTERNAL-SERVICES - [0:0]
-A KUBE-EXTERNAL-SERVICES -p tcp -m comment --comment "ns/web has no endpoints" -m addrtype --dst-type LOCAL -m tcp --dport 30080 -j REJECT --reject-with icmp-port-unreachable
COMMIT
`);
    const [group] = indexServiceGroups(ruleset);
    expect(group).toMatchObject({ key: 'noep:ns/web', label: 'ns/web', noEndpoints: true });
    expect(group!.targets).toEqual([expect.objectContaining({ kind: 'nodePort', ip: null, port: 30080 })]);
  });
});
