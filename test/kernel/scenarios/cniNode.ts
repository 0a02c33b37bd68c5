/**
 * A CNI-laden node (issue 12 part 3): kube-proxy's rules for the conformance cluster with Calico-style
 * rules on top, as felix writes them (projectcalico/felix rules: `cali:` comments; cali-FORWARD's
 * "Policy explicitly accepted packet." ACCEPT on mark 0x10000 before kube-proxy's FORWARD rules;
 * cali-nat-outgoing's `--match-set cali40masq-ipam-pools src ! --match-set cali40all-ipam-pools dst
 * -j MASQUERADE`), and a policy dispatch chain that drops pod traffic to a set of addresses. Their
 * jumps go first in the built-in chains, as felix inserts them. Pod interfaces here are `vethN`
 * (topology.ts), so `-i veth+` stands for Calico's `-i cali+`. The ipsets are loaded with
 * `ipset restore` before the rules (a `--match-set` rule needs its set to exist).
 */

/** `ipset restore` input (the `ipset save` format): Calico's pools and a policy's address set. */
export const CNI_IPSETS = `create cali40masq-ipam-pools hash:net family inet hashsize 1024 maxelem 1048576
add cali40masq-ipam-pools 10.2.0.0/16
create cali40all-ipam-pools hash:net family inet hashsize 1024 maxelem 1048576
add cali40all-ipam-pools 10.0.0.0/8
create cali40s:denied-dst hash:ip family inet hashsize 1024 maxelem 1048576
add cali40s:denied-dst 10.1.0.4
add cali40s:denied-dst 10.1.0.5
`;

const NAT_CHAINS = [':cali-PREROUTING - [0:0]', ':cali-POSTROUTING - [0:0]', ':cali-nat-outgoing - [0:0]'];
const NAT_JUMPS = [
  '-A PREROUTING -m comment --comment "cali:6gwbT8clXdHdC1b1" -j cali-PREROUTING',
  '-A POSTROUTING -m comment --comment "cali:O3lYWMrLQYEMJtB5" -j cali-POSTROUTING',
];
const NAT_RULES = [
  '-A cali-POSTROUTING -m comment --comment "cali:nYKhEzDlr11Jccal" -j cali-nat-outgoing',
  '-A cali-nat-outgoing -m comment --comment "cali:flqWnvo8yq4ULQLa" -m set --match-set cali40masq-ipam-pools src -m set ! --match-set cali40all-ipam-pools dst -j MASQUERADE',
];
const FILTER_CHAINS = [':cali-FORWARD - [0:0]', ':cali-from-wl-dispatch - [0:0]'];
const FILTER_JUMPS = ['-A FORWARD -m comment --comment "cali:wUHhoiAYhphO9Mso" -j cali-FORWARD'];
const FILTER_RULES = [
  '-A cali-FORWARD -m comment --comment "cali:vjrMJCRpqwy5oRoX" -j MARK --set-xmark 0x0/0x10000',
  '-A cali-FORWARD -i veth+ -m comment --comment "cali:8ZoYfO5HKXWbB3pk" -j cali-from-wl-dispatch',
  '-A cali-FORWARD -m comment --comment "cali:MH9kMp5aNICL-Olv" -m comment --comment "Policy explicitly accepted packet." -m mark --mark 0x10000/0x10000 -j ACCEPT',
  '-A cali-from-wl-dispatch -m comment --comment "cali:denied-dst" -m set --match-set cali40s:denied-dst dst -j DROP',
  '-A cali-from-wl-dispatch -m comment --comment "cali:allow-rest" -j MARK --set-xmark 0x10000/0x10000',
];

/** Adds chains after a table's declarations, jumps before its first rule (felix inserts them), rules before COMMIT. */
function layer(lines: string[], table: string, chains: string[], jumps: string[], rules: string[]): string[] {
  const start = lines.indexOf(`*${table}`);
  if (start === -1) throw new Error(`the dump has no *${table}`);
  const commit = lines.indexOf('COMMIT', start);
  const body = lines.slice(start + 1, commit);
  const firstRule = body.findIndex((l) => l.startsWith('-A '));
  const decl = firstRule === -1 ? body : body.slice(0, firstRule);
  const rest = firstRule === -1 ? [] : body.slice(firstRule);
  return [
    ...lines.slice(0, start + 1),
    ...decl,
    ...chains,
    ...jumps,
    ...rest,
    ...rules,
    ...lines.slice(commit),
  ];
}

/** kube-proxy's generated dump with the Calico-style rules layered on. */
export function withCalicoRules(kubeProxyDump: string): string {
  let lines = kubeProxyDump.split('\n');
  lines = layer(lines, 'nat', NAT_CHAINS, NAT_JUMPS, NAT_RULES);
  lines = layer(lines, 'filter', FILTER_CHAINS, FILTER_JUMPS, FILTER_RULES);
  return lines.join('\n');
}

/** What the kernel must do with each connection on this node (ours, from the rules above). */
export interface CniFlow {
  readonly name: string;
  readonly src: string;
  readonly dst: string;
  readonly dport: number;
  readonly verdict: 'ACCEPT' | 'DROP';
  readonly endpoints: readonly string[];
  readonly masquerade: boolean;
  /** The verdict or masquerade depends on a set's members (the tracer needs `ipset save`). */
  readonly bySet: boolean;
  /** The destination is outside (no listener: the client sees a RST), so only traced connections count. */
  readonly outside: boolean;
}

const WEB = ['10.1.0.1:8080', '10.1.0.2:8080', '10.1.0.3:8080'];
const CLIENT_POD = '10.2.0.2';
const OTHER_POD = '10.1.0.20';
const EXT = '203.0.113.2';

export function cniFlows(): CniFlow[] {
  const flow = (f: Omit<CniFlow, 'outside'> & { outside?: boolean }): CniFlow => ({ outside: false, ...f });
  return [
    // DNAT by kube-proxy, then Calico's ACCEPT in cali-FORWARD decides filter FORWARD; Calico's
    // nat-outgoing does not masquerade (the endpoint is in cali40all-ipam-pools).
    flow({
      name: 'pod → ClusterIP: Calico accepts the forward, no masquerade (pool to pool)',
      src: CLIENT_POD,
      dst: '10.96.0.10',
      dport: 80,
      verdict: 'ACCEPT',
      endpoints: WEB,
      masquerade: false,
      bySet: true,
    }),
    // Both dns endpoints are in the policy's set: Calico drops every DNATed connection.
    flow({
      name: 'pod → ClusterIP whose endpoints are in the denied set: Calico drops',
      src: CLIENT_POD,
      dst: '10.96.0.11',
      dport: 53,
      verdict: 'DROP',
      endpoints: [],
      masquerade: false,
      bySet: true,
    }),
    // Leaving the cluster from a pod in a masquerading pool: Calico masquerades.
    flow({
      name: 'pod in a masquerading pool → outside: Calico masquerades',
      src: CLIENT_POD,
      dst: EXT,
      dport: 80,
      verdict: 'ACCEPT',
      endpoints: [],
      masquerade: true,
      bySet: true,
      outside: true,
    }),
    // A pod outside the masquerading pool keeps its address.
    flow({
      name: 'pod outside the masquerading pool → outside: source kept',
      src: OTHER_POD,
      dst: EXT,
      dport: 80,
      verdict: 'ACCEPT',
      endpoints: [],
      masquerade: false,
      bySet: true,
      outside: true,
    }),
    // From outside: Calico's dispatch is for pod interfaces only; kube-proxy's KUBE-FORWARD accepts.
    flow({
      name: 'outside → NodePort: Calico passes it on to kube-proxy',
      src: EXT,
      dst: '192.168.0.10',
      dport: 30080,
      verdict: 'ACCEPT',
      endpoints: ['10.1.0.6:8080', '10.1.0.7:8080'],
      masquerade: true,
      bySet: false,
    }),
  ];
}
