import type { KubectlData, ServiceInfo } from '../kubectl';
import { type Diagnostic, diagnostic, span } from '../text';
import { KUBE_CHAIN } from './chainNames';
import { type AnalysisContext, chainById, ownChain, ruleById } from './context';
import { endpointString } from './hash';
import type { EndpointChain, KubeProxyModel, KubeServicePort } from './kubeTypes';
import { endpointChainOf, endpointsOf, linkServicePort, servicePortsOf } from './link';
import { MODEL_CODES } from './modelCodes';

/**
 * Compares the dump with what kubectl says. Findings are warnings (or info where kubectl itself
 * says it is incomplete, or kube-proxy is expected to differ); codes in MODEL_CODES.
 * kubectl spans are empty spans at the Service's / Endpoints' offset (the line start).
 */
export function crossCheckKubectl(
  ctx: AnalysisContext,
  model: KubeProxyModel,
  kubectl: KubectlData,
  diagnostics: Diagnostic[],
): void {
  const at = (offset: number) => span(offset, offset);
  const services = ownChain(ctx.ruleset.tables.nat, KUBE_CHAIN.services);
  const hasServicesChain = services !== undefined && services.rules.length > 0;
  const servicesIps = new Set<string>();
  for (const sp of model.servicePorts) for (const ip of sp.clusterIPs) servicesIps.add(ip);

  for (const service of kubectl.services) {
    if (service.type === 'ExternalName' || service.clusterIPs.length === 0) continue;
    const eps = endpointsOf(kubectl, service);
    const ready = (eps?.addresses ?? []).filter((a) => a.ready);
    const linked = service.ports.map((p) => ({ port: p, sp: linkServicePort(model, service, p) }));
    const known = linked.some((l) => l.sp !== null) || service.clusterIPs.some((ip) => servicesIps.has(ip));
    if (!known) {
      if (
        hasServicesChain &&
        ready.length > 0 &&
        ['ClusterIP', 'NodePort', 'LoadBalancer'].includes(service.type)
      ) {
        diagnostics.push(
          diagnostic(
            'kubectl',
            'warning',
            MODEL_CODES.serviceWithoutRules,
            `Service ${label(service)} has a cluster IP and endpoints but no KUBE-SERVICES rule in the dump`,
            at(service.offset),
          ),
        );
      }
      continue;
    }
    for (const { port, sp } of linked) {
      if (!sp) continue;
      const ipDiffers =
        sp.clusterIPs.length > 0 && !sp.clusterIPs.some((ip) => service.clusterIPs.includes(ip));
      const portDiffers = sp.port !== null && sp.port !== port.port;
      if (ipDiffers || portDiffers) {
        diagnostics.push(
          diagnostic(
            'kubectl',
            'warning',
            MODEL_CODES.clusterIpMismatch,
            `kubectl shows ${label(service)} at ${service.clusterIPs.join(',')}:${port.port}, the rules at ${sp.clusterIPs.join(',')}:${sp.port ?? '?'}`,
            at(service.offset),
          ),
        );
      }
    }
    if (eps) checkEndpoints(ctx, model, service, eps, linked, diagnostics);
  }
  checkStale(ctx, model, kubectl, diagnostics);
}

function label(service: ServiceInfo): string {
  return service.namespace === null ? service.name : `${service.namespace}/${service.name}`;
}

function checkEndpoints(
  ctx: AnalysisContext,
  model: KubeProxyModel,
  service: ServiceInfo,
  eps: NonNullable<ReturnType<typeof endpointsOf>>,
  linked: readonly { sp: KubeServicePort | null }[],
  diagnostics: Diagnostic[],
): void {
  const sps = linked.map((l) => l.sp).filter((sp): sp is KubeServicePort => sp !== null);
  const sepChains = new Set(sps.flatMap((sp) => sp.seps));
  const seps = [...sepChains]
    .map((c) => endpointChainOf(model, c))
    .filter((e): e is EndpointChain => e !== undefined && e.endpoint !== null);
  // Nothing to compare when the dump shows none of this Service's endpoint chains (an excerpt,
  // or a Service whose endpoints kube-proxy has not synced yet).
  if (seps.length === 0) return;
  const sepEndpoints = new Set(seps.map((e) => e.endpoint));
  const sepIps = new Set(seps.map((e) => e.ip));
  const local = service.internalTrafficPolicy === 'Local' || service.externalTrafficPolicy === 'Local';
  const allLinked = linked.every((l) => l.sp !== null);
  for (const a of eps.addresses) {
    if (!a.ready || !allLinked) continue;
    const found = a.port === null ? sepIps.has(a.ip) : sepEndpoints.has(endpointString(a.ip, a.port));
    if (found) continue;
    const ep = a.port === null ? a.ip : endpointString(a.ip, a.port);
    diagnostics.push(
      diagnostic(
        'kubectl',
        local ? 'info' : 'warning',
        MODEL_CODES.endpointsMismatch,
        `Endpoint ${ep} of ${label(service)} has no KUBE-SEP chain`,
        span(eps.offset, eps.offset),
      ),
    );
  }
  const listed = new Set(eps.addresses.map((a) => (a.port === null ? a.ip : endpointString(a.ip, a.port))));
  const listedIps = new Set(eps.addresses.map((a) => a.ip));
  for (const e of seps) {
    if (
      listed.has(e.endpoint as string) ||
      (eps.addresses.some((a) => a.port === null) && listedIps.has(e.ip as string))
    )
      continue;
    const rule = e.dnatRule ? ruleById(ctx, e.dnatRule) : undefined;
    diagnostics.push(
      diagnostic(
        'iptables',
        eps.incomplete ? 'info' : 'warning',
        MODEL_CODES.endpointsMismatch,
        eps.incomplete
          ? `${e.chain} → ${e.endpoint} is not among the endpoints kubectl printed (it truncated the list)`
          : `${e.chain} → ${e.endpoint} is not an endpoint of ${label(service)} in kubectl`,
        rule?.span ?? chainById(ctx, e.id)?.span ?? span(0, 0),
      ),
    );
  }
}

/** Per-Service chains whose Service kubectl does not list, within the namespaces kubectl covered. */
function checkStale(
  ctx: AnalysisContext,
  model: KubeProxyModel,
  kubectl: KubectlData,
  diagnostics: Diagnostic[],
): void {
  if (kubectl.services.length === 0) return;
  const known = new Set<string>();
  const scope = new Set<string>();
  for (const s of kubectl.services) {
    if (s.namespace !== null) {
      scope.add(s.namespace);
      known.add(`${s.namespace}/${s.name}`);
      continue;
    }
    // `kubectl get svc` without -n: its namespace is the one the dump gives that Service name.
    for (const sp of servicePortsOf(model, s)) {
      scope.add(sp.name.namespace);
      known.add(`${sp.name.namespace}/${s.name}`);
    }
  }
  const byKey = new Map(model.servicePorts.map((sp) => [sp.name.key, sp]));
  for (const c of model.chains) {
    if (c.owner === null || c.hash === null) continue;
    const sp = byKey.get(c.owner);
    if (!sp || !scope.has(sp.name.namespace) || known.has(`${sp.name.namespace}/${sp.name.service}`))
      continue;
    const chain = chainById(ctx, c.id);
    diagnostics.push(
      diagnostic(
        'iptables',
        'warning',
        MODEL_CODES.staleChain,
        `${c.name} belongs to ${sp.name.namespace}/${sp.name.service}, which kubectl does not list`,
        chain?.rules[0]?.span ?? chain?.span ?? span(0, 0),
      ),
    );
  }
}
