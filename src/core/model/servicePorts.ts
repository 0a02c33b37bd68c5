import { type AnalysisContext, commentOf } from './context';
import type {
  EndpointChain,
  KubeServicePort,
  PolicyChain,
  ServicePortEntry,
  ServicePortFilter,
  ServicePortName,
} from './kubeTypes';
import type { Owner } from './owners';
import { chainRole, destinationCidr, destinationPort, jumpTarget, protocolOf, targetName } from './ruleFacts';
import type { Chain, ChainId, Rule } from './ruleset';

/**
 * Gathers, per Service port, what kube-proxy wrote for it: the KUBE-SERVICES / KUBE-NODEPORTS
 * entry rules (cluster IP, external IPs, LoadBalancer IPs, nodePorts, health-check nodePort),
 * the filter-table REJECT/DROP rules ("has no endpoints", "has no local endpoints", "traffic not
 * accepted by KUBE-FW-…") and its chains. Shapes follow proxier.go `syncProxyRules`.
 */

interface Draft {
  name: ServicePortName;
  chains: {
    svc: string | null;
    svl: string | null;
    ext: string | null;
    fw: string | null;
    xlb: string | null;
  };
  seps: Set<string>;
  entries: ServicePortEntry[];
  filters: ServicePortFilter[];
  /** `-d`/`--dport` of "… cluster IP" masquerade rules inside KUBE-SVC (≥ 1.21), for dumps without KUBE-SERVICES. */
  hints: { ip: string | null; port: number | null }[];
}

const ENTRY_KINDS = {
  'cluster-ip': 'cluster-ip',
  'external-ip': 'external-ip',
  'load-balancer-ip': 'load-balancer-ip',
  'health-check-node-port': 'health-check-node-port',
} as const;

function isLocalhostCidr(rule: Rule): boolean {
  const d = destinationCidr(rule);
  return d !== null && d.address === '127.0.0.0' && d.bits === 8;
}

/** Builds the Service ports, sorted by namespace, Service and port name. */
export function buildServicePorts(
  ctx: AnalysisContext,
  owners: ReadonlyMap<ChainId, Owner>,
  policies: readonly PolicyChain[],
  endpoints: readonly EndpointChain[],
): KubeServicePort[] {
  const drafts = new Map<string, Draft>();
  const draft = (name: ServicePortName): Draft => {
    let d = drafts.get(name.key);
    if (!d) {
      d = {
        name,
        chains: { svc: null, svl: null, ext: null, fw: null, xlb: null },
        seps: new Set(),
        entries: [],
        filters: [],
        hints: [],
      };
      drafts.set(name.key, d);
    }
    return d;
  };

  for (const chain of ctx.kubeChains) {
    const owner = owners.get(chain.id);
    const role = chainRole(chain.name);
    if (owner) {
      const d = draft(owner.name);
      if (role === 'sep') d.seps.add(chain.name);
      else if (role === 'svc' || role === 'svl' || role === 'ext' || role === 'fw' || role === 'xlb')
        d.chains[role] ??= chain.name;
    }
    for (const rule of chain.rules) collectRule(ctx, chain, rule, owners, draft);
  }

  const policyByChain = new Map(policies.map((p) => [p.chain, p]));
  const sepProtocol = new Map(endpoints.map((e) => [e.chain, e.protocol]));
  const out: KubeServicePort[] = [];
  for (const d of drafts.values()) {
    const seps: string[] = [];
    let affinitySeconds: number | null = null;
    for (const c of [d.chains.svc, d.chains.svl, d.chains.xlb]) {
      const p = c ? policyByChain.get(c) : undefined;
      if (!p) continue;
      affinitySeconds ??= p.affinity?.seconds ?? null;
      for (const t of p.targets) if (!seps.includes(t.sep)) seps.push(t.sep);
    }
    for (const s of [...d.seps].sort()) if (!seps.includes(s)) seps.push(s);
    const ips = (kind: ServicePortEntry['kind']) =>
      unique(d.entries.filter((e) => e.kind === kind && !e.localhostOnly).map((e) => e.ip));
    const clusterEntry = d.entries.find((e) => e.kind === 'cluster-ip' && e.port !== null);
    const anyPort = d.entries.find(
      (e) => e.kind !== 'node-port' && e.kind !== 'health-check-node-port' && e.port !== null,
    );
    const filterPort = d.filters.find((f) => f.chain.endsWith('/KUBE-SERVICES') && f.port !== null);
    const protocols = unique([
      ...d.entries.filter((e) => e.kind !== 'health-check-node-port').map((e) => e.protocol),
      ...d.filters.map((f) => f.protocol),
      ...seps.map((s) => sepProtocol.get(s) ?? null),
    ]);
    const hc = d.entries.find((e) => e.kind === 'health-check-node-port');
    out.push({
      name: d.name,
      protocol: protocols[0] ?? null,
      clusterIPs: unique([
        ...ips('cluster-ip'),
        ...d.filters.filter((f) => f.chain.endsWith('/KUBE-SERVICES')).map((f) => f.ip),
        ...d.hints.map((h) => h.ip),
      ]),
      port:
        clusterEntry?.port ??
        anyPort?.port ??
        filterPort?.port ??
        d.hints.find((h) => h.port !== null)?.port ??
        null,
      externalIPs: ips('external-ip'),
      loadBalancerIPs: unique([
        ...ips('load-balancer-ip'),
        ...d.filters.filter((f) => f.kind === 'firewall').map((f) => f.ip),
      ]),
      nodePorts: unique([
        ...d.entries.filter((e) => e.kind === 'node-port').map((e) => e.port),
        ...d.filters
          .filter((f) => f.chain.endsWith('/KUBE-EXTERNAL-SERVICES') && f.ip === null)
          .map((f) => f.port),
      ]),
      healthCheckNodePort: hc?.port ?? null,
      chains: d.chains,
      seps,
      entries: d.entries,
      filters: d.filters,
      affinitySeconds,
    });
  }
  return out.sort((a, b) => compare(a.name, b.name));
}

function collectRule(
  ctx: AnalysisContext,
  chain: Chain,
  rule: Rule,
  owners: ReadonlyMap<ChainId, Owner>,
  draft: (name: ServicePortName) => Draft,
): void {
  const role = chainRole(chain.name);
  const c = commentOf(ctx, rule);
  const to = jumpTarget(rule);
  const targetOwner = to ? owners.get(`${chain.table}/${to}` as ChainId)?.name : undefined;
  const name = c?.name ?? targetOwner;
  if (!name) return;
  const base = {
    rule: rule.id,
    chain: chain.id,
    ip: destinationCidr(rule)?.address ?? null,
    port: destinationPort(rule),
    protocol: protocolOf(rule),
  };
  const kind = c?.kind;
  if ((role === 'svc' || role === 'svl') && kind === 'cluster-ip') {
    draft(name).hints.push({ ip: base.ip, port: base.port });
    return;
  }
  if (kind === 'no-endpoints' || kind === 'no-local-endpoints' || kind === 'firewall-drop') {
    if (role === 'svc' || role === 'ext' || role === 'fw') return;
    const filterKind = kind === 'firewall-drop' ? 'firewall' : kind;
    draft(name).filters.push({ ...base, kind: filterKind, verdict: targetName(rule) });
    return;
  }
  // kube-proxy never drops comments on KUBE-SERVICES rules (only KUBE-SEP and SVC→SEP rules lose
  // them: proxier.go appendServiceCommentLocked); for hand-stripped dumps, a jump straight to the
  // policy chain is the cluster-IP rule in every version that writes KUBE-SVL/EXT.
  if (
    role === 'services' &&
    chain.table === 'nat' &&
    !c &&
    to &&
    (chainRole(to) === 'svc' || chainRole(to) === 'svl')
  ) {
    draft(name).entries.push({ ...base, kind: 'cluster-ip', target: to, localhostOnly: false });
  } else if (role === 'services' && chain.table === 'nat' && kind && kind in ENTRY_KINDS) {
    const entryKind = ENTRY_KINDS[kind as keyof typeof ENTRY_KINDS];
    draft(name).entries.push({ ...base, kind: entryKind, target: targetName(rule), localhostOnly: false });
  } else if (role === 'nodeports' && kind === 'health-check-node-port') {
    draft(name).entries.push({
      ...base,
      kind: 'health-check-node-port',
      target: targetName(rule),
      localhostOnly: false,
    });
  } else if (role === 'nodeports' && chain.table === 'nat') {
    const localhostOnly = isLocalhostCidr(rule);
    draft(name).entries.push({ ...base, kind: 'node-port', target: targetName(rule), localhostOnly });
  }
}

function unique<T>(values: readonly (T | null)[]): T[] {
  const out: T[] = [];
  for (const v of values) if (v !== null && !out.includes(v)) out.push(v);
  return out;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// Code-unit order, not localeCompare: the output must not depend on the user's locale.
function compare(a: ServicePortName, b: ServicePortName): number {
  return cmp(a.namespace, b.namespace) || cmp(a.service, b.service) || cmp(a.portName, b.portName);
}
