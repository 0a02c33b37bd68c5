import type { Ip } from '../net';
import type { Walk } from './walk';

/*
 * Where the kernel's input route sends a packet that arrived on an interface (pod veth, external
 * NIC) to a multicast or broadcast address. It is never FORWARDed as unicast is
 * (net/ipv4/route.c, ip_route_input_rcu → ip_route_input_mc / ip_route_input_slow):
 * - multicast: `our = ip_check_mc_rcu(in_dev, daddr, …)` — is the incoming interface a member of the
 *   group? If so, ip_route_input_mc makes a local route (RTN_MULTICAST → ip_local_deliver: INPUT).
 *   Otherwise only a multicast router forwards it (`!ipv4_is_local_multicast(daddr) &&
 *   IN_DEV_MFORWARD(in_dev)`, which needs a routing daemon: ip_mr_input), and never a group in
 *   224.0.0.0/24, the local network control block (RFC 5771; `ipv4_is_local_multicast`); else the
 *   route lookup fails (-EINVAL) and the packet is dropped after PREROUTING, in no chain.
 *   Every multicast-capable interface joins 224.0.0.1, all-hosts (net/ipv4/igmp.c ip_mc_up →
 *   IGMP_ALL_HOSTS); IPv6 likewise ff02::1 (ip6_mc_input, ipv6_chk_mcast_addr).
 * - 255.255.255.255 (limited broadcast): `ipv4_is_lbcast(daddr)` → brd_input → local_input:
 *   delivered to this node (INPUT), never forwarded. A subnet broadcast (x.y.z.255 of a /24) is
 *   RTN_BROADCAST only in the node's local routing table, which the dump does not hold.
 */

/** IPv4 224.0.0.0/24 or IPv6 link- or node-local scope (ff01::/16, ff02::/16). */
function isLocalScopeMulticast(ip: Ip): boolean {
  if (ip.v6) return ip.a >>> 16 === 0xff01 || ip.a >>> 16 === 0xff02;
  return ip.a >>> 8 === 0xe00000;
}

const isMulticast = (ip: Ip) => (ip.v6 ? ip.a >>> 24 === 0xff : ip.a >>> 28 === 0xe);

/** 224.0.0.1 / ff02::1: the all-hosts group every interface is a member of. */
const isAllHosts = (ip: Ip) =>
  ip.v6 ? ip.a >>> 0 === 0xff020000 && ip.b === 0 && ip.c === 0 && ip.d === 1 : ip.a >>> 0 === 0xe0000001;

/**
 * The input route of a multicast or limited-broadcast destination: `local` (delivered to INPUT),
 * `drop` (not routed: dropped after PREROUTING) or `null` for any other address (the usual
 * local/forward decision). Records the assumption it makes about group membership.
 */
export function inputRouteOfNonUnicast(w: Walk): 'local' | 'drop' | null {
  const dst = w.dst;
  if (!dst.v6 && dst.a >>> 0 === 0xffffffff) {
    w.assume(
      'trace/broadcast-local',
      '255.255.255.255 is the limited broadcast: Linux delivers it to the node itself (INPUT) and never forwards it (net/ipv4/route.c, ip_route_input_slow → brd_input).',
      null,
    );
    return 'local';
  }
  if (!isMulticast(dst)) return null;
  if (isAllHosts(dst)) {
    w.assume(
      'trace/multicast-local',
      `${dst.text} is the all-hosts group, which every interface joins: delivered to the node itself (INPUT), never forwarded (net/ipv4/route.c, ip_route_input_mc).`,
      null,
    );
    return 'local';
  }
  w.assume(
    'trace/multicast-not-forwarded',
    isLocalScopeMulticast(dst)
      ? `${dst.text} is link-local multicast (${dst.v6 ? 'ff02::/16' : '224.0.0.0/24, RFC 5771'}): Linux never forwards it. Assumed: no process on the node joined the group on the incoming interface, so the input route fails and the packet is dropped after PREROUTING (net/ipv4/route.c, ip_route_input_rcu); a member would receive it through INPUT.`
      : `${dst.text} is multicast: only a multicast routing daemon forwards it (ip_mr_input). Assumed: none runs and no process on the node joined the group on the incoming interface, so the packet is dropped after PREROUTING (net/ipv4/route.c, ip_route_input_rcu); a member would receive it through INPUT.`,
    null,
  );
  return 'drop';
}
