import { randomBytes } from 'node:crypto';
import { run, runOk } from './exec';

/**
 * The test's own little cluster, all in network namespaces made here (never the root namespace):
 *
 *   ext ns (external clients, on lo)  ──eth0 ⇄ eth0──  node ns (rules, ip_forward=1)  ──vethN ⇄ eth0──  pod ns ×N
 *
 * - node: `nodeIp/24` on the external link, default route via the ext side (as on a real node, so
 *   traffic that is not DNATed is still routed and meets filter FORWARD, as kube-proxy expects);
 *   one `/32` route per pod on its veth (Calico-style point-to-point, no bridge).
 * - pods: `ip/32` on eth0, default via the link-local gateway 169.254.1.1 (owned by every node-side
 *   veth) with permanent neighbour entries both ways (no ARP needed).
 * - ext: `extGateway/24` on eth0 plus every external client address on lo; default route via the node,
 *   so LoadBalancer IPs and externalIPs are routed to the node exactly like a node behind an LB.
 */
export interface TopologyPlan {
  readonly nodeIp: string;
  readonly extGateway: string;
  readonly extClients: readonly string[];
  /** Pod addresses grouped by namespace: each group is one namespace holding all its addresses. */
  readonly pods: readonly (readonly string[])[];
}

export interface Topology {
  readonly id: string;
  readonly node: string;
  readonly ext: string;
  /** pod IP → namespace name. */
  readonly pods: ReadonlyMap<string, string>;
  /** Pod namespace names in group order. */
  readonly podNamespaces: readonly string[];
  readonly plan: TopologyPlan;
}

/** Every namespace this suite makes starts with this; leftovers from crashed runs are removed by it. */
export const NS_PREFIX = 'kpe-';
const POD_GATEWAY = '169.254.1.1';
/**
 * IPv6 plans (a v6 `nodeIp`): the same layout on v6 addresses — /64 links, /128 pods and clients,
 * and a global gateway address on every node-side veth (a link-local one would leave MASQUERADE
 * to pick the node IP, nf_nat_masquerade.c → ipv6_dev_get_saddr). Addresses are added `nodad`
 * (usable at once, no duplicate address detection) and neighbours are permanent, as for v4.
 */
const POD_GATEWAY6 = 'fd00:ffff::1';

/** The node-side address every pod routes through (169.254.1.1, or fd00:ffff::1 on IPv6). */
export function podGateway(plan: TopologyPlan): string {
  return familyOf(plan).gateway;
}

/** Prefix lengths, gateway and address flags of a plan's family. */
function familyOf(plan: TopologyPlan) {
  const v6 = plan.nodeIp.includes(':');
  return v6
    ? { link: 64, host: 128, gateway: POD_GATEWAY6, flags: ' nodad', any: '::/0' }
    : { link: 24, host: 32, gateway: POD_GATEWAY, flags: '', any: 'default' };
}

function mac(kind: number, index: number): string {
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return `02:6b:70:${hex(kind)}:${hex((index >> 8) & 0xff)}:${hex(index & 0xff)}`;
}

/** Lists namespaces whose name starts with `kpe-` (ours, from this or an earlier run). */
async function listTestNamespaces(): Promise<string[]> {
  const r = await run('ip', ['netns', 'list']);
  return r.stdout
    .split('\n')
    .map((l) => l.split(' ')[0] ?? '')
    .filter((n) => n.startsWith(NS_PREFIX));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Deletes `kpe-*` namespaces left by crashed runs: names carry the creating process id
 * (`kpe-<pid>-<rand>-…`), so a run still alive elsewhere on the machine keeps its namespaces.
 * Returns the names removed.
 */
export async function cleanLeftovers(): Promise<string[]> {
  const stale = (await listTestNamespaces()).filter((n) => {
    const pid = /^kpe-(\d+)-/.exec(n)?.[1];
    return pid === undefined || (Number(pid) !== process.pid && !alive(Number(pid)));
  });
  await deleteNamespaces(stale);
  return stale;
}

/** Deletes the given namespaces (their veths go with them); never throws. */
async function deleteNamespaces(names: readonly string[]): Promise<void> {
  for (const n of names) await run('ip', ['netns', 'del', n]);
}

/**
 * Creates the namespaces, links, addresses, routes and sysctls for `plan`. On any failure it deletes
 * what it made and rethrows. Returns the names the rest of the harness uses.
 */
export async function createTopology(plan: TopologyPlan): Promise<Topology> {
  const id = `${process.pid}-${randomBytes(2).toString('hex')}`;
  const node = `${NS_PREFIX}${id}-node`;
  const ext = `${NS_PREFIX}${id}-ext`;
  const podNamespaces = plan.pods.map((_, i) => `${NS_PREFIX}${id}-p${i}`);
  const pods = new Map(plan.pods.flatMap((group, i) => group.map((ip) => [ip, podNamespaces[i]!] as const)));
  const made: string[] = [];
  const fam = familyOf(plan);
  try {
    for (const ns of [node, ext, ...podNamespaces]) {
      await runOk('ip', ['netns', 'add', ns]);
      made.push(ns);
      await runOk('ip', ['-n', ns, 'link', 'set', 'lo', 'up']);
    }
    // Created directly inside the target namespaces: the root namespace never sees these links.
    await runOk('ip', [
      'link',
      'add',
      'eth0',
      'netns',
      node,
      'type',
      'veth',
      'peer',
      'name',
      'eth0',
      'netns',
      ext,
    ]);
    await batch(node, [
      `addr add ${plan.nodeIp}/${fam.link} dev eth0${fam.flags}`,
      'link set eth0 up',
      `route add ${fam.any} via ${plan.extGateway}`,
    ]);
    const extCmds = [
      `addr add ${plan.extGateway}/${fam.link} dev eth0${fam.flags}`,
      'link set eth0 up',
      `route add ${fam.any} via ${plan.nodeIp}`,
    ];
    for (const c of plan.extClients) extCmds.push(`addr add ${c}/${fam.host} dev lo${fam.flags}`);
    await batch(ext, extCmds);
    for (const [i, group] of plan.pods.entries()) {
      const ns = podNamespaces[i]!;
      const host = `veth${i}`;
      const nodeMac = mac(1, i);
      const podMac = mac(2, i);
      await runOk('ip', [
        'link',
        'add',
        host,
        'netns',
        node,
        'address',
        nodeMac,
        'type',
        'veth',
        'peer',
        'name',
        'eth0',
        'netns',
        ns,
        'address',
        podMac,
      ]);
      await batch(node, [
        // The gateway address on the node side (like flannel's cni0 address): MASQUERADE picks the
        // out device's address (nf_nat_masquerade.c → inet_select_addr), so SNAT is visible in the
        // conntrack reply tuple even for node-sourced traffic. With no address there it would pick the
        // node IP and a node→pod masquerade would not change the tuple at all.
        `addr add ${fam.gateway}/${fam.host} dev ${host}${fam.flags}`,
        `link set ${host} up`,
        ...group.flatMap((ip) => [
          `route add ${ip}/${fam.host} dev ${host}`,
          `neigh replace ${ip} lladdr ${podMac} dev ${host} nud permanent`,
        ]),
      ]);
      await batch(ns, [
        ...group.map((ip) => `addr add ${ip}/${fam.host} dev eth0${fam.flags}`),
        'link set eth0 up',
        `route add ${fam.gateway} dev eth0`,
        `neigh replace ${fam.gateway} lladdr ${nodeMac} dev eth0 nud permanent`,
        // Replies and Service traffic leave through the node even between two addresses of one group
        // only when the destination is not local here, which is all the harness sends (VIPs, node IPs).
        `route add ${fam.any} via ${fam.gateway} dev eth0`,
      ]);
    }
    // The node forwards pod and external traffic (kube-proxy requires it; proxier.go checks ip_forward).
    // route_localnet: kube-proxy sets net/ipv4/conf/all/route_localnet=1 when localhost NodePorts
    // are on (proxier.go, sysctlRouteLocalnet), else a 127.0.0.1 source DNATed to a pod is a martian.
    await runOk('ip', [
      'netns',
      'exec',
      node,
      'sysctl',
      '-qw',
      'net.ipv4.ip_forward=1',
      'net.ipv4.conf.all.route_localnet=1',
      'net.ipv6.conf.all.forwarding=1',
      // ICMPv6 errors (a `reject` in an ip6 table sends port-unreachable) are rate-limited to one a
      // second per destination by default (net/ipv6/icmp.c icmpv6_xrlim_allow): off, or a client's
      // second rejected connection only learns of it from its retransmitted SYN.
      'net.ipv6.icmp.ratelimit=0',
    ]);
    // The ext side is the outside world, not a router: a packet the node routes out for an address
    // nobody owns (an ICMP echo to a cluster IP, never DNATed) ends there, silently, instead of
    // bouncing back to the node until its TTL runs out (a new namespace may inherit ip_forward=1).
    await runOk('ip', [
      'netns',
      'exec',
      ext,
      'sysctl',
      '-qw',
      'net.ipv4.ip_forward=0',
      'net.ipv6.conf.all.forwarding=0',
    ]);
    return { id, node, ext, pods, podNamespaces, plan };
  } catch (err) {
    await deleteNamespaces(made);
    throw err;
  }
}

async function batch(ns: string, cmds: readonly string[]): Promise<void> {
  await runOk('ip', ['-n', ns, '-batch', '-'], { input: `${cmds.join('\n')}\n` });
}

/** Removes every namespace of the topology; safe to call twice. */
export function destroyTopology(t: Topology): Promise<void> {
  return deleteNamespaces([t.node, t.ext, ...t.podNamespaces]);
}
