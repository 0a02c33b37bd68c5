export type { Ip, IpPrefix } from './addr';
export { compareIp, compilePrefix, formatEndpoint, ipKey, isLoopback, parseIp, prefixContains } from './addr';
export type { Cidr } from './cidr';
export { formatCidr } from './cidr';
export { formatIpv4, ipv4Value, maskIpv4, parseIpv4 } from './ipv4';
export { formatIpv6, maskIpv6, parseIpv6 } from './ipv6';
export { mulberry32 } from './prng';
export { sha256Base32Prefix16, sha256Base32Prefix16Is } from './sha256';
