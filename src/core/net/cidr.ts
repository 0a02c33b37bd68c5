/**
 * An IPv4 or IPv6 prefix as the Ruleset keeps it: `bits` is the prefix length, `address` the
 * canonical text of the masked address (`10.0.0.0`, `fd00:10:244::`). Readers build it with their
 * own syntax rules (iptables' `addr/bits|dotted-mask` in iptables/address.ts); the tracer compiles
 * it to words with `compilePrefix`.
 */
export interface Cidr {
  readonly family: 'ipv4' | 'ipv6';
  readonly address: string;
  readonly bits: number;
}

/** `address/bits`, as iptables-save prints a prefix. */
export function formatCidr(c: Cidr): string {
  return `${c.address}/${c.bits}`;
}
