export type { Ip, IpPrefix } from './addr';
export { compareIp, compilePrefix, formatEndpoint, ipKey, isLoopback, parseIp, prefixContains } from './addr';
export { mulberry32 } from './prng';
export { sha256Base32Prefix16, sha256Base32Prefix16Is } from './sha256';
