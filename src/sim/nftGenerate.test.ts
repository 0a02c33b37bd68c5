import { describe, expect, it } from 'vitest';
import { readFixture } from '../../test/fixtures';
import { NFT_ERAS } from './nftEra';
import { generateNftables } from './nftGenerate';
import { overallClusterSpec } from './overallSpec';
import { type ClusterSpec, readyEndpoint, serviceSpec } from './spec';

/** kube-proxy's tests compare transactions as sorted lines without blanks and `#` comments. */
const lines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'))
    .sort();

const overall = (era: (typeof NFT_ERAS)[number]) => generateNftables(overallClusterSpec(), { era });

describe('generateNftables against kube-proxy expectations', () => {
  it('1.34: TestOverallNFTablesRules, line for line (kube-proxy compares sorted lines)', () => {
    expect(lines(overall('1.34'))).toEqual(lines(readFixture('nftables/k8s-overall-nftables-rules.txt')));
  });

  it('1.34: every kube-proxy line of the derived kube-proxy-overall.nft fixture is generated', () => {
    const fixture = readFixture('nftables/kube-proxy-overall.nft');
    // The fixture's tail is composed, not kube-proxy's (PROVENANCE.md); it also left out svc2's
    // service chains and ClusterIP, svc3, and the external chains and NodePorts of svc4 and svc5.
    const kubeProxyPart = lines(fixture.slice(0, fixture.indexOf('# composed')));
    const generated = lines(overall('1.34'));
    expect(kubeProxyPart.filter((l) => !generated.includes(l))).toEqual([]);
    const extra = generated.filter((l) => !kubeProxyPart.includes(l));
    expect(
      extra.filter((l) => !/ns2\/svc2|ns3\/svc3|external-|service-nodeports|172\.30\.0\.4[23] /.test(l)),
    ).toEqual([]);
  });

  it('1.33: the pre-re-layout base chains and the port-matching ClusterIP masquerade rule', () => {
    const old = lines(overall('1.33'));
    const now = lines(overall('1.34'));
    const added = old.filter((l) => !now.includes(l));
    const removed = now.filter((l) => !old.includes(l));
    expect(added).toContain(
      'add chain ip kube-proxy filter-output-post-dnat { type filter hook output priority -90 ; }',
    );
    expect(added).toContain('add rule ip kube-proxy filter-output ct state new jump firewall-check');
    expect(added).toContain(
      'add rule ip kube-proxy service-ULMVA6XW-ns1/svc1/tcp/p80 ip daddr 172.30.0.41 tcp dport 80 ip saddr != 10.0.0.0/8 jump mark-for-masquerade',
    );
    expect(removed).toContain(
      'add chain ip kube-proxy filter-prerouting-pre-dnat { type filter hook prerouting priority -110 ; }',
    );
    // 5 base chains renamed or re-prioritised, 3 of the 8 jumps moved, 5 ClusterIP masquerade rules.
    expect([added.length, removed.length]).toEqual([5 + 3 + 5, 5 + 3 + 5]);
  });

  it('1.36: inline marks, hairpin set, endpoints inlined into a numgen map except for affinity', () => {
    const text = overall('1.36');
    expect(text).not.toContain('mark-for-masquerade');
    expect(text).toContain(
      'add rule ip kube-proxy services ip daddr @cluster-ips ip saddr != 10.0.0.0/8 mark set mark or 0x4000 comment "masquerade clusterIP traffic from outside cluster"',
    );
    expect(text).toContain(
      'add rule ip kube-proxy service-LAUZTJTB-ns4/svc4/tcp/p80 meta l4proto tcp dnat ip to numgen random mod 2 map { 0 : 10.180.0.4 . 80 , 1 : 10.180.0.5 . 80 }',
    );
    // Only svc4's endpoint on this node (10.180.0.5) can hairpin.
    expect(text.match(/^add element .*hairpin-connections .*$/gm)).toEqual([
      'add element ip kube-proxy hairpin-connections { 10.180.0.5 . 10.180.0.5 . tcp . 80 }',
    ]);
    // Affinity still needs a chain per endpoint (the `update @affinity-…` runs there).
    expect(text).toContain(
      'add rule ip kube-proxy endpoint-GTK6MW7G-ns5/svc5/tcp/p80__10.180.0.3/80 update @affinity-GTK6MW7G-ns5/svc5/tcp/p80__10.180.0.3/80 { ip saddr }',
    );
    expect(text).not.toContain('add chain ip kube-proxy endpoint-UNZV3OEC');
  });

  it('declares every set and chain before a rule or element names it (nft -f loads it in order)', () => {
    for (const era of NFT_ERAS) {
      const declared = new Set<string>();
      for (const l of overall(era).split('\n')) {
        const decl = /^add (?:chain|set|map) ip kube-proxy (\S+)/.exec(l);
        if (decl) declared.add(decl[1]!);
        else if (/^add (?:rule|element) /.test(l))
          for (const m of l.matchAll(/(?:goto|jump|@)\s*([a-z][\w./-]*)/g))
            expect(declared.has(m[1]!), `${era}: ${m[1]} used before it is added`).toBe(true);
      }
    }
  });
});

describe('generateNftables for IPv6 (kube-proxy names and kernel syntax)', () => {
  const spec: ClusterSpec = {
    ...overallClusterSpec(),
    nodeIPs: ['2001:db8::1'],
    podCIDR: 'fd00:10::/64',
    clusterCIDR: 'fd00:10:96::/112',
    services: [
      serviceSpec({
        namespace: 'ns1',
        name: 'svc1',
        type: 'NodePort',
        clusterIP: 'fd00:172:30::41',
        ports: [{ name: 'p80', port: 80, protocol: 'TCP', nodePort: 3001, targetPort: 80 }],
        endpoints: [readyEndpoint('fd00:10:180::1', null), readyEndpoint('fd00:10:180::2:1', null)],
      }),
    ],
  };

  it('1.33: the lines of the ip6 dump in kube-proxy knftables test data (helpers_test.go)', () => {
    const text = generateNftables(spec, { era: '1.33' });
    for (const want of [
      'add rule ip6 kube-proxy service-ULMVA6XW-ns1/svc1/tcp/p80 ip6 daddr fd00:172:30::41 tcp dport 80 ip6 saddr != fd00:10::/64 jump mark-for-masquerade',
      'add rule ip6 kube-proxy service-ULMVA6XW-ns1/svc1/tcp/p80 numgen random mod 2 vmap { 0 : goto endpoint-ZVRFLKHO-ns1/svc1/tcp/p80__fd00.10.180..1/80 , 1 : goto endpoint-2CRNCTTE-ns1/svc1/tcp/p80__fd00.10.180..2.1/80 }',
      'add rule ip6 kube-proxy endpoint-2CRNCTTE-ns1/svc1/tcp/p80__fd00.10.180..2.1/80 meta l4proto tcp dnat to [fd00:10:180::2:1]:80',
      'add rule ip6 kube-proxy cluster-ips-check ip6 daddr { fd00:10:96::/112 } drop comment "Drop traffic to unallocated ClusterIPs"',
      'add element ip6 kube-proxy service-nodeports { tcp . 3001 : goto external-ULMVA6XW-ns1/svc1/tcp/p80 }',
      'add set ip6 kube-proxy cluster-ips { type ipv6_addr ; comment "Active ClusterIPs" ; }',
    ])
      expect(text).toContain(want);
  });

  it('1.36: dnat ip6 to a numgen map of address . port', () => {
    expect(generateNftables(spec, { era: '1.36' })).toContain(
      'meta l4proto tcp dnat ip6 to numgen random mod 2 map { 0 : fd00:10:180::1 . 80 , 1 : fd00:10:180::2:1 . 80 }',
    );
  });
});
