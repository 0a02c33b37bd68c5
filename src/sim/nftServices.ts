import { compilePrefix, parseIp, prefixContains, sha256Base32Prefix16 } from '../core/net';
import type { TableContext } from './nftEra';
import {
  categorizeEndpoints,
  type EndpointView,
  externallyAccessible,
  type ServicePortView,
} from './servicePorts';

/** What the per-Service-port writer needs besides the table context (proxier fields). */
export interface NftServiceContext extends TableContext {
  /** `--detect-local-mode=ClusterCIDR`: `ip saddr [!=] CIDR`; null: no detector. */
  readonly podCIDR: string | null;
  readonly masqueradeAll: boolean;
  /** The node IP of the family (`allowFromNode` for loadBalancerSourceRanges). */
  readonly nodeIP: string | null;
}

/** One Service port's lines: sets and chains first, so `nft -f` meets every name before its use. */
export interface ServicePortLines {
  readonly declarations: string[];
  readonly rules: string[];
  readonly elements: string[];
}

/** knftables.NameLengthMax (256) minus chainNamePrefixLengthMax (16): `chainNameBaseLengthMax`. */
const BASE_MAX = 240;

/**
 * proxier.go `hashAndTruncate`: the first 8 characters of base32(sha256(name)), `-`, the name;
 * cut to 237 characters plus `...` when longer than 240.
 */
function hashAndTruncate(name: string): string {
  const out = `${sha256Base32Prefix16(name).slice(0, 8)}-${name}`;
  return out.length > BASE_MAX ? `${out.slice(0, BASE_MAX - 3)}...` : out;
}

/** `ns/name:port` → `ns/name/proto/port` (servicePortChainNameBase's name before hashing). */
function portBase(p: ServicePortView): string {
  const [ns, rest = ''] = p.nameString.split('/');
  const [name, port = ''] = rest.split(':');
  return `${ns}/${name}/${p.protocol}/${port}`;
}

/** servicePortEndpointChainNameBase: colons of an IPv6 address become dots. */
function endpointBase(p: ServicePortView, ep: EndpointView): string {
  const port = ep.text.slice(ep.text.lastIndexOf(':') + 1);
  return hashAndTruncate(`${portBase(p)}__${ep.ip.replaceAll(':', '.')}/${port}`);
}

const epPort = (ep: EndpointView) => ep.text.slice(ep.text.lastIndexOf(':') + 1);

function contains(cidr: string, ip: string | null): boolean {
  const prefix = compilePrefix(cidr.trim());
  const addr = ip === null ? null : parseIp(ip);
  return prefix !== null && addr !== null && prefixContains(prefix, addr);
}

/**
 * One Service port's chains, rules and map elements, as proxier.go `syncProxyRules` writes them in
 * its `for svcName, svc := range proxier.svcPortMap` loop and `writeServiceToEndpointRules`.
 */
export function servicePortLines(c: NftServiceContext, p: ServicePortView): ServicePortLines {
  const t = `${c.family} kube-proxy`;
  const ipX = c.family;
  const era136 = c.era === '1.36';
  const markInline = `mark set mark or ${c.mark}`;
  const markJump = era136 ? markInline : 'jump mark-for-masquerade';
  const base = hashAndTruncate(portBase(p));
  const chain = {
    svc: `service-${base}`,
    local: `local-${base}`,
    ext: `external-${base}`,
    fw: `firewall-${base}`,
  };
  const { cluster, local, allReachable, hasAny } = categorizeEndpoints(p);
  const affinity = p.stickyMaxAgeSeconds !== null;
  const usesCluster = cluster.length > 0 && (!p.internalPolicyLocal || externallyAccessible(p));
  const usesLocal =
    local.length > 0 && (p.internalPolicyLocal || (p.externalPolicyLocal && externallyAccessible(p)));
  const internalChain = p.internalPolicyLocal ? chain.local : chain.svc;
  const hasInternal = hasAny && !(p.internalPolicyLocal && local.length === 0);
  const externalPolicyChain = p.externalPolicyLocal ? chain.local : chain.svc;
  const hasExternal = hasAny && !(p.externalPolicyLocal && local.length === 0);
  const usesExt = hasAny && externallyAccessible(p);
  const usesFW = p.loadBalancerVIPs.length > 0 && p.loadBalancerSourceRanges.length > 0;
  const internalVerdict = hasAny ? 'drop' : 'goto reject-chain';
  const externalVerdict = internalVerdict;
  // 1.36 writes endpoint chains only where affinity needs them (an `update` per endpoint).
  const endpointChains = !era136 || affinity;
  const epChain = (ep: EndpointView) => `endpoint-${endpointBase(p, ep)}`;
  const affinitySet = (ep: EndpointView) => `affinity-${endpointBase(p, ep)}`;

  const declarations: string[] = [];
  const rules: string[] = [];
  const elements: string[] = [];
  const rule = (ch: string, text: string) => rules.push(`add rule ${t} ${ch} ${text}`);
  const element = (map: string, key: string, value: string | null, comment = false) =>
    elements.push(
      `add element ${t} ${map} { ${key}${comment ? ` comment "${p.nameString}"` : ''}${value === null ? '' : ` : ${value}`} }`,
    );
  const key = (ip: string) => `${ip} . ${p.protocol} . ${p.port}`;

  if (affinity)
    for (const ep of allReachable)
      declarations.push(
        `add set ${t} ${affinitySet(ep)} { type ${c.addrType} ; flags dynamic,timeout ; timeout ${p.stickyMaxAgeSeconds}s ; }`,
      );
  if (usesCluster) declarations.push(`add chain ${t} ${chain.svc}`);
  if (usesLocal) declarations.push(`add chain ${t} ${chain.local}`);
  if (usesExt) declarations.push(`add chain ${t} ${chain.ext}`);
  if (endpointChains) for (const ep of allReachable) declarations.push(`add chain ${t} ${epChain(ep)}`);
  if (usesFW) declarations.push(`add chain ${t} ${chain.fw}`);

  // Capture the clusterIP, external IPs, load balancer IPs and the node port (map elements).
  element('cluster-ips', p.clusterIP, null);
  if (hasInternal) element('service-ips', key(p.clusterIP), `goto ${internalChain}`);
  else element('no-endpoint-services', key(p.clusterIP), internalVerdict, true);
  for (const ip of p.externalIPs) {
    if (hasAny) element('service-ips', key(ip), `goto ${chain.ext}`);
    if (!hasExternal) element('no-endpoint-services', key(ip), externalVerdict, true);
  }
  for (const ip of p.loadBalancerVIPs) {
    if (hasAny) element('service-ips', key(ip), `goto ${chain.ext}`);
    if (usesFW) element('firewall-ips', key(ip), `goto ${chain.fw}`);
  }
  if (!hasExternal)
    for (const ip of p.loadBalancerVIPs) element('no-endpoint-services', key(ip), externalVerdict, true);
  if (p.nodePort !== 0) {
    const npKey = `${p.protocol} . ${p.nodePort}`;
    if (hasAny) element('service-nodeports', npKey, `goto ${chain.ext}`);
    if (!hasExternal) element('no-endpoint-nodeports', npKey, externalVerdict, true);
  }

  // Internal traffic: before 1.36 each Service chain marks off-cluster sources of its ClusterIP
  // (1.33 re-matched the port: `tcp dport 80`); 1.36 marks them once in `services`.
  if (hasInternal && !era136) {
    const dport = c.era === '1.33' ? ` ${p.protocol} dport ${p.port}` : '';
    if (c.masqueradeAll) rule(internalChain, `${ipX} daddr ${p.clusterIP}${dport} ${markJump}`);
    else if (c.podCIDR !== null)
      rule(internalChain, `${ipX} daddr ${p.clusterIP}${dport} ${ipX} saddr != ${c.podCIDR} ${markJump}`);
  }

  if (usesExt) {
    if (!p.externalPolicyLocal) rule(chain.ext, markJump);
    else {
      if (c.podCIDR !== null)
        rule(chain.ext, `${ipX} saddr ${c.podCIDR} goto ${chain.svc} comment "short-circuit pod traffic"`);
      rule(chain.ext, `fib saddr type local ${markJump} comment "masquerade local traffic"`);
      rule(chain.ext, `fib saddr type local goto ${chain.svc} comment "short-circuit local traffic"`);
    }
    if (hasExternal) rule(chain.ext, `goto ${externalPolicyChain}`);
  }

  if (usesFW) {
    const sources = p.loadBalancerSourceRanges.map((s) => s.trim());
    if (sources.some((s) => contains(s, c.nodeIP))) sources.push(...p.loadBalancerVIPs);
    rule(chain.fw, `${ipX} saddr != { ${sources.join(', ')} } drop`);
  }

  const toEndpoints = (ch: string, eps: readonly EndpointView[]) => {
    if (affinity) for (const ep of eps) rule(ch, `${ipX} saddr @${affinitySet(ep)} goto ${epChain(ep)}`);
    if (endpointChains) {
      const vmap = eps.map((ep, i) => `${i} : goto ${epChain(ep)}`).join(' , ');
      rule(ch, `numgen random mod ${eps.length} vmap { ${vmap} }`);
    } else {
      const map = eps.map((ep, i) => `${i} : ${ep.ip} . ${epPort(ep)}`).join(' , ');
      rule(ch, `meta l4proto ${p.protocol} dnat ${ipX} to numgen random mod ${eps.length} map { ${map} }`);
    }
  };
  if (usesCluster) toEndpoints(chain.svc, cluster);
  if (usesLocal) toEndpoints(chain.local, local);

  for (const ep of allReachable) {
    // Hairpin: before 1.36 each endpoint chain marks its own pod; 1.36 lists the node's local
    // endpoints in @hairpin-connections, which `masquerading` matches after DNAT.
    if (era136) {
      if (ep.local)
        element('hairpin-connections', `${ep.ip} . ${ep.ip} . ${p.protocol} . ${epPort(ep)}`, null);
    } else rule(epChain(ep), `${ipX} saddr ${ep.ip} ${markJump}`);
    if (!endpointChains) continue;
    if (affinity) rule(epChain(ep), `update @${affinitySet(ep)} { ${ipX} saddr }`);
    rule(epChain(ep), `meta l4proto ${p.protocol} dnat to ${ep.text}`);
  }
  return { declarations, rules, elements };
}
