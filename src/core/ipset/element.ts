import { parseCidr } from '../iptables';
import type { Dimension, Element, SetFamily } from './types';

/**
 * The set types of ipset(8) "SET TYPES" with their dimensions, in member order. A member of
 * `hash:ip,port,net` is `ip,port,net`; an iptables `--match-set NAME dst,dst,src` names one
 * packet field per dimension (iptables-extensions(8), "set").
 */
const TYPES: Readonly<Record<string, readonly Dimension[]>> = {
  'bitmap:ip': ['ip'],
  'bitmap:ip,mac': ['ip', 'mac'],
  'bitmap:port': ['port'],
  'hash:ip': ['ip'],
  'hash:mac': ['mac'],
  'hash:ip,mac': ['ip', 'mac'],
  'hash:net': ['net'],
  'hash:net,net': ['net', 'net'],
  'hash:ip,port': ['ip', 'port'],
  'hash:net,port': ['net', 'port'],
  'hash:ip,port,ip': ['ip', 'port', 'ip'],
  'hash:ip,port,net': ['ip', 'port', 'net'],
  'hash:ip,mark': ['ip', 'mark'],
  'hash:net,port,net': ['net', 'port', 'net'],
  'hash:net,iface': ['net', 'iface'],
  'list:set': ['set'],
};

export function dimensionsOf(type: string): readonly Dimension[] | null {
  return Object.hasOwn(TYPES, type) ? (TYPES[type] as readonly Dimension[]) : null;
}

/** Protocol names ipset prints before a port (`getprotobynumber` names; numbers otherwise). */
const PORT_PROTOCOLS = new Set(['tcp', 'udp', 'sctp', 'udplite', 'icmp', 'icmpv6', 'ipv6-icmp']);

export type ElementRead =
  | { readonly ok: true; readonly element: Element }
  | { readonly ok: false; readonly why: string };

/**
 * One element of a member. `family` decides how `ip`/`net` are read; ipset prints IPv6 members
 * compressed and a `hash:net` member without `/bits` when it is a single address.
 */
export function readElement(
  dim: Dimension,
  text: string,
  family: SetFamily | null,
  setType: string,
): ElementRead {
  switch (dim) {
    case 'ip':
    case 'net': {
      const cidr = parseCidr(text);
      if (cidr === null) return { ok: false, why: `"${text}" is not an address` };
      const want = family === 'inet6' ? 'ipv6' : family === 'inet' ? 'ipv4' : null;
      if (want !== null && cidr.family !== want)
        return {
          ok: false,
          why: `"${text}" is not an ${want === 'ipv6' ? 'IPv6' : 'IPv4'} address (family ${family})`,
        };
      return {
        ok: true,
        element: { kind: dim, family: cidr.family, address: cidr.address, bits: cidr.bits },
      };
    }
    case 'port':
      return readPortElement(text, setType);
    case 'mac':
      return /^([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}$/.test(text)
        ? { ok: true, element: { kind: 'mac', mac: text.toUpperCase() } }
        : { ok: false, why: `"${text}" is not a MAC address` };
    case 'iface': {
      const physdev = text.startsWith('physdev:');
      const name = physdev ? text.slice('physdev:'.length) : text;
      return name.length > 0 && name.length <= 15
        ? { ok: true, element: { kind: 'iface', name, physdev } }
        : { ok: false, why: `"${text}" is not an interface name` };
    }
    case 'mark': {
      const mark = /^(0x[0-9a-fA-F]{1,8}|\d{1,10})$/.test(text) ? Number(text) : Number.NaN;
      return Number.isFinite(mark)
        ? { ok: true, element: { kind: 'mark', mark } }
        : { ok: false, why: `"${text}" is not a mark` };
    }
    case 'set':
      return text.length > 0
        ? { ok: true, element: { kind: 'set', name: text } }
        : { ok: false, why: 'no set name' };
  }
}

/**
 * `[proto:]port[-port]`, `icmp:type/code`. ipset(8): in hash types the protocol defaults to tcp
 * when omitted; bitmap:port members are bare ports and match TCP and UDP alike.
 */
function readPortElement(text: string, setType: string): ElementRead {
  const colon = text.indexOf(':');
  const bitmap = setType === 'bitmap:port';
  const proto = colon === -1 ? (bitmap ? null : 'tcp') : text.slice(0, colon).toLowerCase();
  const rest = colon === -1 ? text : text.slice(colon + 1);
  if (proto !== null && !PORT_PROTOCOLS.has(proto) && !/^\d{1,3}$/.test(proto))
    return { ok: false, why: `"${proto}" is not a protocol ipset stores with a port` };
  if (proto === 'icmp' || proto === 'icmpv6' || proto === 'ipv6-icmp') {
    const m = /^(\d{1,3})\/(\d{1,3})$/.exec(rest);
    if (m === null) return { ok: false, why: `"${rest}" is not an ICMP type/code` };
    // ipset stores ICMP type/code in the port field: (type << 8) | code (ip_set_getport.c).
    const v = Number(m[1]) * 256 + Number(m[2]);
    return {
      ok: true,
      element: { kind: 'port', proto: proto === 'icmp' ? 'icmp' : 'icmpv6', from: v, to: v },
    };
  }
  const m = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(rest);
  if (m === null) return { ok: false, why: `"${rest}" is not a port` };
  const from = Number(m[1]);
  const to = m[2] === undefined ? from : Number(m[2]);
  if (from > 65535 || to > 65535 || to < from)
    return { ok: false, why: `"${rest}" is not a port range in 0..65535` };
  return { ok: true, element: { kind: 'port', proto, from, to } };
}
