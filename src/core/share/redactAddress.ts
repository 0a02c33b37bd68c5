import { formatIpv4, ipv4Value } from '../net';
import { formatV6, maskV4, maskV6, parseV6 } from './redactIp';
import type { RedactionKey } from './redactKey';

/**
 * Prefix-preserving address permutation (Crypto-PAn style): output bit i = input bit i XOR a keyed
 * hash of input bits 0…i−1. Two addresses sharing a k-bit prefix share a k-bit prefix afterwards,
 * so every `-s/-d CIDR` test in the rules gives the same answer for the remapped packet.
 *
 * Where an address goes (first matching block wins, documented in the report and the UI):
 * - KEPT as is (not identifying, or meaningful to the kernel): IPv4 0/8, 127/8 (loopback),
 *   169.254/16 (link-local, cloud metadata), 224/3 (multicast, reserved, 255.255.255.255 and most
 *   netmasks), the documentation nets 192.0.2/24, 198.51.100/24, 203.0.113/24 and the benchmark
 *   net 198.18/15 (RFC 5737, RFC 2544); IPv6 ::, ::1, ff00::/8 and 2001:db8::/32 (RFC 3849).
 * - Permuted INSIDE their own block: 10/8, 172.16/12, 192.168/16 (RFC 1918), 100.64/10 (RFC 6598),
 *   fe80::/10; ::ffff:a.b.c.d maps its IPv4 part.
 * - Everything else: IPv4 public unicast into 198.18/15 (top 15 bits replaced, the low 17 bits
 *   permuted with flips keyed on the WHOLE original prefix); other IPv6 into 2001:db8::/32 (low
 *   96 bits permuted likewise). Prefixes of /15 (/32) or longer keep their relations; two addresses
 *   that differ only in the replaced top bits collide with probability 2^-17 (2^-96) per pair —
 *   collisions are detected and reported, never silent.
 */

interface Block4 {
  readonly net: number;
  readonly bits: number;
  readonly kind: 'keep' | 'self';
}

const v4 = (text: string) => ipv4Value(text) as number;

const BLOCKS4: readonly Block4[] = [
  { net: v4('0.0.0.0'), bits: 8, kind: 'keep' },
  { net: v4('127.0.0.0'), bits: 8, kind: 'keep' },
  { net: v4('169.254.0.0'), bits: 16, kind: 'keep' },
  { net: v4('224.0.0.0'), bits: 3, kind: 'keep' },
  { net: v4('192.0.2.0'), bits: 24, kind: 'keep' },
  { net: v4('198.51.100.0'), bits: 24, kind: 'keep' },
  { net: v4('203.0.113.0'), bits: 24, kind: 'keep' },
  { net: v4('198.18.0.0'), bits: 15, kind: 'keep' },
  { net: v4('10.0.0.0'), bits: 8, kind: 'self' },
  { net: v4('172.16.0.0'), bits: 12, kind: 'self' },
  { net: v4('192.168.0.0'), bits: 16, kind: 'self' },
  { net: v4('100.64.0.0'), bits: 10, kind: 'self' },
];
const PUBLIC4 = { net: v4('198.18.0.0'), bits: 15 };

function block4(n: number): { net: number; bits: number; kind: 'keep' | 'self' | 'public' } {
  for (const b of BLOCKS4) if ((n & maskV4(b.bits)) >>> 0 === b.net) return b;
  return { ...PUBLIC4, kind: 'public' };
}

/** Bytes of the top `bits` bits of an IPv4 address (the rest zero). */
function prefixBytes4(n: number, bits: number): Uint8Array {
  const m = (n & maskV4(bits)) >>> 0;
  return new Uint8Array([m >>> 24, (m >>> 16) & 255, (m >>> 8) & 255, m & 255]);
}

/** Permutes bits `fixed…31` of `n` and puts `target`'s top `fixed` bits in front. */
function permute4(key: RedactionKey, n: number, fixed: number, target: number): number {
  let out = (target & maskV4(fixed)) >>> 0;
  for (let i = fixed; i < 32; i++) {
    const bit = (n >>> (31 - i)) & 1;
    out = (out | ((bit ^ key.flipBit(4, i, prefixBytes4(n, i))) << (31 - i))) >>> 0;
  }
  return out;
}

const v6 = (text: string) => parseV6(text) as bigint;
const V6_KEEP: readonly [bigint, number][] = [
  [0n, 128],
  [1n, 128],
  [v6('ff00::'), 8],
  [v6('2001:db8::'), 32],
];
const V6_LINK_LOCAL: [bigint, number] = [v6('fe80::'), 10];
const V6_MAPPED: [bigint, number] = [v6('::ffff:0:0'), 96];
const V6_PUBLIC: [bigint, number] = [v6('2001:db8::'), 32];

const inV6 = (x: bigint, [net, bits]: readonly [bigint, number]) => (x & maskV6(bits)) === net;

function prefixBytes6(x: bigint, bits: number): Uint8Array {
  const m = x & maskV6(bits);
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = Number((m >> BigInt(8 * (15 - i))) & 0xffn);
  return out;
}

function permute6(key: RedactionKey, x: bigint, fixed: number, target: bigint): bigint {
  let out = target & maskV6(fixed);
  for (let i = fixed; i < 128; i++) {
    const shift = BigInt(127 - i);
    const bit = Number((x >> shift) & 1n);
    out |= BigInt(bit ^ key.flipBit(6, i, prefixBytes6(x, i))) << shift;
  }
  return out;
}

/** How a CIDR was mapped: `wide` when it was wider than its block (its image is the whole target block, or it was kept). */
export interface MappedCidr {
  readonly text: string;
  readonly bits: number;
  readonly wide: boolean;
}

/**
 * Maps one IPv4 address or CIDR network (`bits` = prefix length, 32 for a host). Returns null
 * when the address is kept as is.
 */
export function mapV4(key: RedactionKey, n: number, bits = 32): MappedCidr | null {
  const b = block4(n);
  if (b.kind === 'keep') return null;
  if (bits < b.bits) {
    // A CIDR wider than the block: a private one already covers its whole block, so it is kept;
    // a public one becomes the whole target block (members stay members; others may join).
    return b.kind === 'public' ? { text: formatIpv4(PUBLIC4.net), bits: PUBLIC4.bits, wide: true } : null;
  }
  const out = (permute4(key, n, b.bits, b.net) & maskV4(bits)) >>> 0;
  return { text: formatIpv4(out), bits, wide: false };
}

/** As mapV4 for IPv6 (`bits` 128 for a host). */
export function mapV6(key: RedactionKey, x: bigint, bits = 128): MappedCidr | null {
  if (V6_KEEP.some((b) => inV6(x, b))) return null;
  if (inV6(x, V6_MAPPED)) {
    if (bits < 96) return null;
    const inner = mapV4(key, Number(x & 0xffffffffn), bits - 96);
    if (inner === null) return null;
    return { text: `::ffff:${inner.text}`, bits, wide: inner.wide };
  }
  const [net, fixed] = inV6(x, V6_LINK_LOCAL) ? V6_LINK_LOCAL : V6_PUBLIC;
  if (bits < fixed) {
    return net === V6_PUBLIC[0] ? { text: formatV6(net), bits: fixed, wide: true } : null;
  }
  return { text: formatV6(permute6(key, x, fixed, net) & maskV6(bits)), bits, wide: false };
}
