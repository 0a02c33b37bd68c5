import { type GenRule, type GenTable, P, type RulePart, T } from './genRule';
import { cidrContains } from './ipv4';
import { kubeProxyProbability } from './probability';
import {
  categorizeEndpoints,
  type EndpointView,
  externallyAccessible,
  type ServicePortView,
} from './servicePorts';

/** What the per-Service-port writer needs from the proxier (its flags and node). */
export interface ProxierContext {
  readonly podCIDR: string | null;
  readonly masqueradeAll: boolean;
  readonly nodeIP: string | null;
  /** `largeClusterMode`: more than 1000 endpoints → no comments on KUBE-SEP and SVC→SEP rules. */
  readonly largeClusterMode: boolean;
  /** Write the 127.0.0.0/8 nfacct NodePort rules (localhostNodePorts with nfacct counters). */
  readonly localhostNodePortsNfacct: boolean;
  readonly filter: GenTable;
  readonly nat: GenTable;
}

const MARK_MASQ = 'KUBE-MARK-MASQ';

function rule(chain: string, parts: RulePart[], target = T.none): GenRule {
  return { chain, parts, target };
}

/** `appendServiceCommentLocked`: the comment is dropped in large-cluster mode. */
function svcComment(ctx: ProxierContext, text: string): RulePart[] {
  return ctx.largeClusterMode ? [] : [P.comment(text)];
}

/**
 * Writes one Service port's rules exactly as proxier.go `syncProxyRules` does inside its
 * `for svcName, svc := range proxier.svcPortMap` loop, then `writeServiceToEndpointRules`.
 */
export function writeServicePortRules(ctx: ProxierContext, p: ServicePortView): void {
  const { filter, nat } = ctx;
  const name = p.nameString;
  const proto = P.proto(p.protocol);
  const { cluster, local, allReachable, hasAny } = categorizeEndpoints(p);
  const usesClusterPolicyChain = cluster.length > 0 && (!p.internalPolicyLocal || externallyAccessible(p));
  const usesLocalPolicyChain =
    local.length > 0 && (p.internalPolicyLocal || (p.externalPolicyLocal && externallyAccessible(p)));
  const internalChain = p.internalPolicyLocal ? p.chains.svl : p.chains.svc;
  const hasInternal = hasAny && !(p.internalPolicyLocal && local.length === 0);
  const externalPolicyChain = p.externalPolicyLocal ? p.chains.svl : p.chains.svc;
  const hasExternal = hasAny && !(p.externalPolicyLocal && local.length === 0);
  const usesExternalChain = hasAny && externallyAccessible(p);
  const usesFW = hasAny && p.loadBalancerVIPs.length > 0 && p.loadBalancerSourceRanges.length > 0;
  const lbChain = usesFW ? p.chains.fw : p.chains.ext;
  const internalFilter = hasAny ? T.verdict('DROP') : T.verdict('REJECT');
  const internalComment = hasAny ? `${name} has no local endpoints` : `${name} has no endpoints`;
  const externalFilter = internalFilter;
  const externalComment = internalComment;

  // Capture the clusterIP.
  const clusterMatch = [P.comment(`${name} cluster IP`), proto, P.dst(p.clusterIP), P.dport(p.port)];
  if (hasInternal) nat.rules.push(rule('KUBE-SERVICES', clusterMatch, T.jump(internalChain)));
  else
    filter.rules.push(
      rule(
        'KUBE-SERVICES',
        [P.comment(internalComment), proto, P.dst(p.clusterIP), P.dport(p.port)],
        internalFilter,
      ),
    );

  // Capture externalIPs.
  for (const ip of p.externalIPs) {
    if (hasAny)
      nat.rules.push(
        rule(
          'KUBE-SERVICES',
          [P.comment(`${name} external IP`), proto, P.dst(ip), P.dport(p.port)],
          T.jump(p.chains.ext),
        ),
      );
    if (!hasExternal)
      filter.rules.push(
        rule(
          'KUBE-EXTERNAL-SERVICES',
          [P.comment(externalComment), proto, P.dst(ip), P.dport(p.port)],
          externalFilter,
        ),
      );
  }
  // Capture load-balancer ingress.
  for (const ip of p.loadBalancerVIPs) {
    if (hasAny)
      nat.rules.push(
        rule(
          'KUBE-SERVICES',
          [P.comment(`${name} loadbalancer IP`), proto, P.dst(ip), P.dport(p.port)],
          T.jump(lbChain),
        ),
      );
    if (usesFW) {
      const comment = `${name} traffic not accepted by ${p.chains.fw}`;
      filter.rules.push(
        rule(
          'KUBE-PROXY-FIREWALL',
          [P.comment(comment), proto, P.dst(ip), P.dport(p.port)],
          T.verdict('DROP'),
        ),
      );
    }
  }
  if (!hasExternal) {
    for (const ip of p.loadBalancerVIPs) {
      filter.rules.push(
        rule(
          'KUBE-EXTERNAL-SERVICES',
          [P.comment(externalComment), proto, P.dst(ip), P.dport(p.port)],
          externalFilter,
        ),
      );
    }
  }
  // Capture nodeports.
  if (p.nodePort !== 0) {
    if (hasAny) {
      if (ctx.localhostNodePortsNfacct) {
        const parts = [
          P.comment(name),
          proto,
          P.dst('127.0.0.0/8'),
          P.dport(p.nodePort),
          P.nfacct('localhost_nps_accepted_pkts'),
        ];
        nat.rules.push(rule('KUBE-NODEPORTS', parts, T.jump(p.chains.ext)));
      }
      nat.rules.push(
        rule('KUBE-NODEPORTS', [P.comment(name), proto, P.dport(p.nodePort)], T.jump(p.chains.ext)),
      );
    }
    if (!hasExternal) {
      const parts = [P.comment(externalComment), P.addrtype('dst'), proto, P.dport(p.nodePort)];
      filter.rules.push(rule('KUBE-EXTERNAL-SERVICES', parts, externalFilter));
    }
  }
  // Capture healthCheckNodePorts (always TCP).
  if (p.healthCheckNodePort !== 0) {
    const parts = [
      P.comment(`${name} health check node port`),
      P.proto('tcp'),
      P.dport(p.healthCheckNodePort),
    ];
    filter.rules.push(rule('KUBE-NODEPORTS', parts, T.verdict('ACCEPT')));
  }

  // Internal traffic: masquerade off-cluster sources of the cluster IP.
  if (hasInternal) {
    if (ctx.masqueradeAll) nat.rules.push(rule(internalChain, clusterMatch, T.jump(MARK_MASQ)));
    else if (ctx.podCIDR !== null)
      nat.rules.push(rule(internalChain, [...clusterMatch, P.src(ctx.podCIDR, true)], T.jump(MARK_MASQ)));
  }
  if (usesExternalChain) writeExternalChain(ctx, p, hasExternal, externalPolicyChain);
  if (usesFW) writeFirewallChain(ctx, p);
  if (usesClusterPolicyChain) writeServiceToEndpointRules(ctx, p, p.chains.svc, cluster);
  if (usesLocalPolicyChain) writeServiceToEndpointRules(ctx, p, p.chains.svl, local);
  for (const ep of allReachable) writeEndpointChain(ctx, p, ep);
}

function writeExternalChain(
  ctx: ProxierContext,
  p: ServicePortView,
  hasExternal: boolean,
  policyChain: string,
): void {
  const { nat } = ctx;
  const ext = p.chains.ext;
  const name = p.nameString;
  nat.chains.push(ext);
  if (!p.externalPolicyLocal) {
    nat.rules.push(
      rule(ext, [P.comment(`masquerade traffic for ${name} external destinations`)], T.jump(MARK_MASQ)),
    );
  } else {
    if (ctx.podCIDR !== null) {
      const parts = [P.comment(`pod traffic for ${name} external destinations`), P.src(ctx.podCIDR)];
      nat.rules.push(rule(ext, parts, T.jump(p.chains.svc)));
    }
    nat.rules.push(
      rule(
        ext,
        [P.comment(`masquerade LOCAL traffic for ${name} external destinations`), P.addrtype('src')],
        T.jump(MARK_MASQ),
      ),
    );
    nat.rules.push(
      rule(
        ext,
        [P.comment(`route LOCAL traffic for ${name} external destinations`), P.addrtype('src')],
        T.jump(p.chains.svc),
      ),
    );
  }
  if (hasExternal) nat.rules.push(rule(ext, [], T.jump(policyChain)));
}

function writeFirewallChain(ctx: ProxierContext, p: ServicePortView): void {
  const { nat } = ctx;
  const fw = p.chains.fw;
  nat.chains.push(fw);
  const comment = P.comment(`${p.nameString} loadbalancer IP`);
  let allowFromNode = false;
  for (const cidr of p.loadBalancerSourceRanges) {
    nat.rules.push(rule(fw, [comment, P.src(cidr)], T.jump(p.chains.ext)));
    if (ctx.nodeIP !== null && cidrContains(cidr, ctx.nodeIP)) allowFromNode = true;
  }
  // VIP-like load balancers loop node → VIP traffic back with the VIP as source.
  if (allowFromNode) {
    for (const ip of p.loadBalancerVIPs) nat.rules.push(rule(fw, [comment, P.src(ip)], T.jump(p.chains.ext)));
  }
  nat.rules.push(
    rule(fw, [P.comment(`other traffic to ${p.nameString} will be dropped by KUBE-PROXY-FIREWALL`)]),
  );
}

/** proxier.go `writeServiceToEndpointRules`: affinity checks, then the 1/(n-i) cascade. */
function writeServiceToEndpointRules(
  ctx: ProxierContext,
  p: ServicePortView,
  chain: string,
  endpoints: readonly EndpointView[],
): void {
  const { nat } = ctx;
  nat.chains.push(chain);
  if (p.stickyMaxAgeSeconds !== null) {
    for (const ep of endpoints) {
      const parts: RulePart[] = [
        ...svcComment(ctx, `${p.nameString} -> ${ep.text}`),
        { kind: 'recent-check', name: ep.chain, seconds: p.stickyMaxAgeSeconds },
      ];
      nat.rules.push(rule(chain, parts, T.jump(ep.chain)));
    }
  }
  const n = endpoints.length;
  endpoints.forEach((ep, i) => {
    const parts = svcComment(ctx, `${p.nameString} -> ${ep.text}`);
    if (i < n - 1) parts.push({ kind: 'statistic', probability: kubeProxyProbability(n - i) });
    nat.rules.push(rule(chain, parts, T.jump(ep.chain)));
  });
}

/** The KUBE-SEP chain: hairpin masquerade, then (affinity list and) DNAT. */
function writeEndpointChain(ctx: ProxierContext, p: ServicePortView, ep: EndpointView): void {
  const { nat } = ctx;
  nat.chains.push(ep.chain);
  const comment = svcComment(ctx, p.nameString);
  nat.rules.push(rule(ep.chain, [...comment, P.src(ep.ip)], T.jump(MARK_MASQ)));
  const parts: RulePart[] = [...comment];
  if (p.stickyMaxAgeSeconds !== null) parts.push({ kind: 'recent-set', name: ep.chain });
  parts.push(P.proto(p.protocol));
  nat.rules.push(rule(ep.chain, parts, { kind: 'dnat', to: ep.text }));
}
