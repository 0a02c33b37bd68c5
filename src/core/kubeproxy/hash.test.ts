import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import {
  base32Encode,
  endpointString,
  portProtoHash,
  serviceChainName,
  servicePortEndpointChainName,
  servicePortNameString,
} from './hash';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('base32Encode', () => {
  it('matches the RFC 4648 §10 test vectors', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'MY======'],
      ['fo', 'MZXQ===='],
      ['foo', 'MZXW6==='],
      ['foob', 'MZXW6YQ='],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI======'],
    ];
    for (const [input, out] of vectors) expect(base32Encode(bytes(input))).toBe(out);
  });
});

describe('kube-proxy chain names', () => {
  it('hashes "ns1/svc1:p80" tcp to the KUBE-SVC of k8s-overall-rules.txt', () => {
    expect(portProtoHash('ns1/svc1:p80', 'tcp')).toBe('XPGD46QRK7WJZT7O');
    expect(serviceChainName('svc', 'ns1/svc1:p80', 'TCP')).toBe('KUBE-SVC-XPGD46QRK7WJZT7O');
    expect(readFixture('iptables/k8s-overall-rules.txt')).toContain(':KUBE-SVC-XPGD46QRK7WJZT7O ');
  });

  it('gives every family the same suffix (SVC, SVL, EXT, FW, XLB)', () => {
    const names = (['svc', 'svl', 'ext', 'fw', 'xlb'] as const).map((k) =>
      serviceChainName(k, 'ns2/svc2:p80', 'tcp'),
    );
    expect(names).toEqual([
      'KUBE-SVC-GNZBNJ2PO5MGZ6GT',
      'KUBE-SVL-GNZBNJ2PO5MGZ6GT',
      'KUBE-EXT-GNZBNJ2PO5MGZ6GT',
      'KUBE-FW-GNZBNJ2PO5MGZ6GT',
      'KUBE-XLB-GNZBNJ2PO5MGZ6GT',
    ]);
  });

  it('prints an unnamed port without colon today, with a trailing colon before fmtPortName', () => {
    // Seed: "default/web" → KUBE-SVC-LOLE4ISW44XBNF3G; 2018 excerpt: "default/nginx-ext:" → ICKQE4PTG2WGVXBF.
    expect(servicePortNameString('default', 'web', null)).toBe('default/web');
    expect(serviceChainName('svc', servicePortNameString('default', 'web', ''), 'tcp')).toBe(
      'KUBE-SVC-LOLE4ISW44XBNF3G',
    );
    expect(serviceChainName('svc', 'default/web:', 'tcp')).not.toBe('KUBE-SVC-LOLE4ISW44XBNF3G');
    const legacy = servicePortNameString('default', 'nginx-ext', null, 'legacy');
    expect(legacy).toBe('default/nginx-ext:');
    expect(serviceChainName('xlb', legacy, 'tcp')).toBe('KUBE-XLB-ICKQE4PTG2WGVXBF');
  });

  it('hashes KUBE-SEP from servicePortName + protocol + endpoint, as in the fixtures', () => {
    const cases: [string, string, string, string][] = [
      ['ns1/svc1:p80', 'tcp', '10.180.0.1:80', 'KUBE-SEP-SXIVWICOYRO3J4NJ'],
      ['ns4/svc4:p80', 'tcp', '10.180.0.4:80', 'KUBE-SEP-UKSFD7AGPMPPLUHC'],
      ['ns4/svc4:p80', 'tcp', '10.180.0.5:80', 'KUBE-SEP-C6EBXVWJJZMIWKLZ'],
      ['ns5/svc5:p80', 'tcp', '10.180.0.3:80', 'KUBE-SEP-I77PXRDZVX7PMWMN'],
      ['default/web', 'tcp', '10.244.169.161:80', 'KUBE-SEP-BJLXVQMD4VVYPI2H'],
      ['default/nginx-ext:', 'tcp', '10.44.0.56:80', 'KUBE-SEP-3IHHUFR2KYE7CM33'],
      ['default/kubernetes:https', 'tcp', '192.168.50.101:6443', 'KUBE-SEP-4LVENGRQPIZXECUW'],
      ['kube-system/kube-dns:dns', 'udp', '10.244.0.3:53', 'KUBE-SEP-6E7XQMQ4RAYOWTTM'],
    ];
    for (const [spn, proto, ep, chain] of cases)
      expect(servicePortEndpointChainName(spn, proto, ep)).toBe(chain);
  });

  it('knows UDP services (2020 excerpt, kube-dns)', () => {
    expect(serviceChainName('xlb', 'infra/statsd:dogstatsd', 'UDP')).toBe('KUBE-XLB-5DULF7GDAT3CNN73');
    expect(serviceChainName('svc', 'kube-system/kube-dns:dns', 'udp')).toBe('KUBE-SVC-TCOU7JCQXEZGVUNU');
  });

  it('brackets IPv6 endpoints like net.JoinHostPort', () => {
    expect(endpointString('10.0.0.1', 80)).toBe('10.0.0.1:80');
    expect(endpointString('fd00::1', 80)).toBe('[fd00::1]:80');
  });
});
