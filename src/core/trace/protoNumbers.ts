/** IANA protocol numbers for the names iptables accepts (/etc/protocols); 0 = `all`. */
const PROTO_NUMBERS: Readonly<Record<string, number>> = {
  all: 0,
  icmp: 1,
  tcp: 6,
  udp: 17,
  gre: 47,
  esp: 50,
  ah: 51,
  icmpv6: 58,
  'ipv6-icmp': 58,
  sctp: 132,
  udplite: 136,
};

/** `tcp`, `6`, `TCP` → 6; `null` for an unknown name. */
export function protoNumber(name: string): number | null {
  const n = name.toLowerCase();
  if (/^\d+$/.test(n)) return Number(n);
  return PROTO_NUMBERS[n] ?? null;
}
