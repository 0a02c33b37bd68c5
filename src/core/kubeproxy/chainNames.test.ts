import { describe, expect, it } from 'vitest';
import {
  chainHash,
  chainMark,
  chainRole,
  isPolicyRole,
  isServicePortRole,
  servicePortHash,
} from './chainNames';

describe('chainRole / chainHash / servicePortHash', () => {
  it.each([
    ['KUBE-SERVICES', 'services', null, null],
    ['KUBE-NODEPORTS', 'nodeports', null, null],
    ['KUBE-EXTERNAL-SERVICES', 'external-services', null, null],
    ['KUBE-MARK-MASQ', 'mark-masq', null, null],
    ['KUBE-MARK-DROP', 'mark-drop', null, null],
    ['KUBE-POSTROUTING', 'postrouting', null, null],
    ['KUBE-FIREWALL', 'firewall', null, null],
    ['KUBE-PROXY-FIREWALL', 'proxy-firewall', null, null],
    ['KUBE-FORWARD', 'forward', null, null],
    ['KUBE-KUBELET-CANARY', 'canary', null, null],
    ['KUBE-SVC-LOLE4ISW44XBNF3G', 'svc', 'LOLE4ISW44XBNF3G', 'LOLE4ISW44XBNF3G'],
    ['KUBE-SVL-LOLE4ISW44XBNF3G', 'svl', 'LOLE4ISW44XBNF3G', 'LOLE4ISW44XBNF3G'],
    ['KUBE-EXT-LOLE4ISW44XBNF3G', 'ext', 'LOLE4ISW44XBNF3G', 'LOLE4ISW44XBNF3G'],
    ['KUBE-FW-LOLE4ISW44XBNF3G', 'fw', 'LOLE4ISW44XBNF3G', 'LOLE4ISW44XBNF3G'],
    ['KUBE-XLB-LOLE4ISW44XBNF3G', 'xlb', 'LOLE4ISW44XBNF3G', 'LOLE4ISW44XBNF3G'],
    // A KUBE-SEP hashes its endpoint too: it has a hash but names no Service port by itself.
    ['KUBE-SEP-BJLXVQMD4VVYPI2H', 'sep', 'BJLXVQMD4VVYPI2H', null],
    ['KUBE-SVC-', 'svc', null, null],
    ['KUBE-HOSTPORTS', 'other', null, null],
    ['CNI-HOSTPORT-DNAT', 'other', null, null],
    ['constructor', 'other', null, null],
  ])('%s', (name, role, hash, portHash) => {
    expect(chainRole(name)).toBe(role);
    expect(chainHash(name)).toBe(hash);
    expect(servicePortHash(name)).toBe(portHash);
  });

  it('tells the Service port chains and the endpoint lotteries', () => {
    expect(
      ['svc', 'svl', 'ext', 'fw', 'xlb', 'sep'].filter((r) =>
        isServicePortRole(chainRole(`KUBE-${r.toUpperCase()}-X`)),
      ),
    ).toEqual(['svc', 'svl', 'ext', 'fw', 'xlb']);
    expect(
      ['svc', 'svl', 'ext', 'fw', 'xlb', 'sep'].filter((r) =>
        isPolicyRole(chainRole(`KUBE-${r.toUpperCase()}-X`)),
      ),
    ).toEqual(['svc', 'svl', 'xlb']);
  });
});

describe('chainMark', () => {
  it('knows the two mark helpers and nothing else', () => {
    expect(chainMark('KUBE-MARK-MASQ')).toBe('masquerade');
    expect(chainMark('KUBE-MARK-DROP')).toBe('drop');
    // The graph used a plain object here (`name in MARK_CHAINS`): `constructor` was a mark chain.
    expect(chainMark('constructor')).toBeNull();
    expect(chainMark('toString')).toBeNull();
  });
});
