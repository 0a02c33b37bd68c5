import { sha256Base32Prefix16, sha256Base32Prefix16Is } from '../net';

/**
 * kube-proxy's chain names, computed exactly as pkg/proxy/iptables/proxier.go does:
 *
 *   portProtoHash(servicePortName, protocol) =
 *     base32.StdEncoding.EncodeToString(sha256.Sum256(servicePortName + protocol))[:16]
 *
 * where `protocol` is `strings.ToLower(string(svcInfo.Protocol()))` and `servicePortName` is
 * `ServicePortName.String()`. KUBE-SEP- hashes the endpoint too ("ip:port", `[ip]:port` for
 * IPv6 as `net.JoinHostPort` prints it).
 */

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * RFC 4648 base32 with the standard alphabet and `=` padding (Go's `base32.StdEncoding`).
 * Returns the encoded text; the empty input gives `''`.
 */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  while (out.length % 8 !== 0) out += '=';
  return out;
}

/**
 * proxier.go `portProtoHash`: the 16-character suffix shared by a Service port's KUBE-SVC-,
 * KUBE-SVL-, KUBE-EXT-, KUBE-FW- (and pre-1.24 KUBE-XLB-) chains. `protocol` is lowercased here
 * as kube-proxy does before calling it.
 */
export function portProtoHash(servicePortName: string, protocol: string): string {
  return sha256Base32Prefix16(servicePortName, protocol.toLowerCase());
}

/** The per-Service-port chain families that share `portProtoHash`. */
export type ServiceChainKind = 'svc' | 'svl' | 'ext' | 'fw' | 'xlb';

/** Chain-name prefixes (proxier.go constants; `KUBE-XLB-` is `deprecatedServiceLBChainNamePrefix`). */
export const SERVICE_CHAIN_PREFIX: Readonly<Record<ServiceChainKind, string>> = {
  svc: 'KUBE-SVC-',
  svl: 'KUBE-SVL-',
  ext: 'KUBE-EXT-',
  fw: 'KUBE-FW-',
  xlb: 'KUBE-XLB-',
};

/** The KUBE-SEP- prefix (`servicePortEndpointChainNamePrefix`). */
const SEP_PREFIX = 'KUBE-SEP-';

/**
 * The name of one of a Service port's chains, e.g. `serviceChainName('svc', 'ns1/svc1:p80', 'TCP')`
 * → `'KUBE-SVC-XPGD46QRK7WJZT7O'` (servicePortPolicyClusterChain, servicePortPolicyLocalChainName,
 * serviceExternalChainName, serviceFirewallChainName, serviceLBChainName).
 */
export function serviceChainName(kind: ServiceChainKind, servicePortName: string, protocol: string): string {
  return SERVICE_CHAIN_PREFIX[kind] + portProtoHash(servicePortName, protocol);
}

/**
 * proxier.go `servicePortEndpointChainName`: `KUBE-SEP-` + hash of servicePortName + lowercase
 * protocol + endpoint (`"10.180.0.1:80"`).
 */
export function servicePortEndpointChainName(
  servicePortName: string,
  protocol: string,
  endpoint: string,
): string {
  return SEP_PREFIX + sha256Base32Prefix16(servicePortName, protocol.toLowerCase(), endpoint);
}

/**
 * Whether `hash` (a chain name without its `KUBE-SEP-` prefix) is
 * `servicePortEndpointChainName(servicePortName, protocol, endpoint)`'s suffix; allocates nothing.
 */
export function isEndpointChainHash(
  hash: string,
  servicePortName: string,
  protocol: string,
  endpoint: string,
): boolean {
  return sha256Base32Prefix16Is(hash, servicePortName, protocol.toLowerCase(), endpoint);
}

/**
 * How `ServicePortName.String()` printed a port. `current` is `fmtPortName` (pkg/proxy/types.go):
 * `"ns/name"` when the port is unnamed, `"ns/name:port"` otherwise. `legacy` is the older
 * `fmt.Sprintf("%s:%s", …)`, which printed `"ns/name:"` for an unnamed port (seen in 2018 dumps).
 */
export type PortNameStyle = 'current' | 'legacy';

/** `ServicePortName.String()` for a namespace, Service name and (possibly empty) port name. */
export function servicePortNameString(
  namespace: string,
  name: string,
  portName: string | null,
  style: PortNameStyle = 'current',
): string {
  const base = `${namespace}/${name}`;
  if (!portName) return style === 'legacy' ? `${base}:` : base;
  return `${base}:${portName}`;
}

/**
 * The endpoint text kube-proxy hashes and prints in `--to-destination`: `ip:port`, with brackets
 * for IPv6 (`net.JoinHostPort`).
 */
export function endpointString(ip: string, port: number): string {
  return ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`;
}

/** The address of an `endpointString` (`[fd00::1]:80` → `fd00::1`, `10.0.0.1:80` → `10.0.0.1`). */
export function endpointHost(endpoint: string): string {
  return endpoint.startsWith('[')
    ? endpoint.slice(1, endpoint.indexOf(']'))
    : (endpoint.split(':')[0] as string);
}
