import { type Ip, ipKey, isLoopback } from '../net';
import type { WalkContext } from './walk';

/*
 * Apart from matchers.ts because `-m addrtype` (matchers) and `-m pkttype` (opaque) both ask it, and
 * matchers compiles opaque matches: one file each would import the other.
 */

/**
 * The address type the kernel's local routing table gives (xt_addrtype → inet_dev_addr_type, which
 * looks the address up in RT_TABLE_LOCAL: local addresses are LOCAL, subnet/limited broadcasts
 * BROADCAST, class D MULTICAST, anything else UNICAST). `sure` is false where only the node's routing
 * table could tell (a subnet broadcast looks like unicast from here).
 */
export function addressType(ip: Ip, ctx: WalkContext): { type: string; sure: boolean } {
  if (isLoopback(ip) || ctx.localKeys.has(ipKey(ip))) return { type: 'LOCAL', sure: true };
  if (ip.v6) {
    if (ip.a >>> 24 === 0xff) return { type: 'MULTICAST', sure: true };
    if ((ip.a | ip.b | ip.c | ip.d) === 0) return { type: 'UNSPEC', sure: true };
    return { type: 'UNICAST', sure: false };
  }
  const a = ip.a >>> 0;
  if (a >>> 28 === 0xe) return { type: 'MULTICAST', sure: true };
  if (a === 0xffffffff || a >>> 24 === 0) return { type: 'BROADCAST', sure: true };
  return { type: 'UNICAST', sure: false };
}
