import type { Rule } from '../ruleset';
import { chainRole, isServicePortRole } from './chainNames';
import type { KubeComment } from './comments';
import { type AnalysisContext, type KubeChainFacts, notableComment } from './context';
import type {
  EndpointChain,
  KubeChainRole,
  KubeServicePort,
  PolicyChain,
  ServicePortEntry,
  ServicePortFilter,
  ServicePortName,
} from './kubeTypes';
import { destinationCidr, destinationPort, protocolOf, targetName } from './ruleFacts';
import { type Draft, finishServicePort } from './servicePortDraft';

/**
 * Gathers, per Service port, what kube-proxy wrote for it: the KUBE-SERVICES / KUBE-NODEPORTS
 * entry rules (cluster IP, external IPs, LoadBalancer IPs, nodePorts, health-check nodePort),
 * the filter-table REJECT/DROP rules ("has no endpoints", "has no local endpoints", "traffic not
 * accepted by KUBE-FW-…") and its chains. Shapes follow proxier.go `syncProxyRules`.
 */

const ENTRY_KINDS: Readonly<Partial<Record<string, ServicePortEntry['kind']>>> = {
  'cluster-ip': 'cluster-ip',
  'external-ip': 'external-ip',
  'load-balancer-ip': 'load-balancer-ip',
  'health-check-node-port': 'health-check-node-port',
};

function isLocalhostCidr(rule: Rule): boolean {
  const d = destinationCidr(rule);
  return d !== null && d.address === '127.0.0.0' && d.bits === 8;
}

/**
 * Builds the Service ports: fed every kube chain in order (its owner, and its commented or
 * KUBE-SERVICES / KUBE-NODEPORTS rules: ctx.notable), then `finish` sums them up, sorted by
 * namespace, Service and port name.
 */
export class ServicePortCollector {
  private readonly drafts = new Map<string, Draft>();
  /** Position in ctx.notable. */
  private next = 0;

  constructor(private readonly ctx: AnalysisContext) {}

  private draft = (name: ServicePortName): Draft => {
    let d = this.drafts.get(name.key);
    if (!d) {
      d = {
        name,
        chains: { svc: null, svl: null, ext: null, fw: null, xlb: null },
        seps: [],
        entries: [],
        filters: [],
        hints: [],
      };
      this.drafts.set(name.key, d);
    }
    return d;
  };

  /** One kube chain (in ctx.kube order). */
  add(facts: KubeChainFacts): void {
    const role = facts.role;
    if (facts.owner) {
      const d = this.draft(facts.owner);
      if (role === 'sep') d.seps.push(facts.name);
      else if (isServicePortRole(role)) d.chains[role] ??= facts.name;
    }
    const notable = this.ctx.notable;
    const end = facts.base + facts.chain.rules.length;
    for (; this.next < notable.length && (notable[this.next] as number) < end; this.next++) {
      const k = notable[this.next] as number;
      const rule = facts.chain.rules[k - facts.base] as Rule;
      const c = notableComment(this.ctx, this.next, rule);
      collectRule(this.ctx, facts, role, rule, c, k, this.draft);
    }
  }

  finish(policies: readonly PolicyChain[], endpoints: readonly EndpointChain[]): KubeServicePort[] {
    const policyByChain = new Map(policies.map((p) => [p.chain, p]));
    let sepProtocol: Map<string, string | null> | null = null;
    const protocolOfSep = (sep: string) => {
      sepProtocol ??= new Map(endpoints.map((e) => [e.chain, e.protocol]));
      return sepProtocol.get(sep) ?? null;
    };
    const out: KubeServicePort[] = [];
    for (const d of this.drafts.values()) out.push(finishServicePort(d, policyByChain, protocolOfSep));
    return out.sort((a, b) => compare(a.name, b.name));
  }
}

/** What one rule says about a Service port (its comment's, or its jump target's owner). */
function collectRule(
  ctx: AnalysisContext,
  facts: KubeChainFacts,
  role: KubeChainRole,
  rule: Rule,
  c: KubeComment | null,
  k: number,
  draft: (name: ServicePortName) => Draft,
): void {
  const chain = facts.chain;
  const kind = c?.kind;
  let name = c?.name;
  const to = rule.target.kind === 'jump' ? rule.target.chain : null;
  if (!name) {
    // Without a comment only KUBE-SERVICES / KUBE-NODEPORTS rules of nat add anything.
    if (to === null || chain.table !== 'nat' || (role !== 'services' && role !== 'nodeports')) return;
    name = ctx.facts[ctx.ruleTo[k] as number]?.owner ?? undefined;
    if (!name) return;
  }
  if ((role === 'svc' || role === 'svl') && kind === 'cluster-ip') {
    draft(name).hints.push({ ip: destinationCidr(rule)?.address ?? null, port: destinationPort(rule) });
    return;
  }
  if (kind === 'no-endpoints' || kind === 'no-local-endpoints' || kind === 'firewall-drop') {
    if (role === 'svc' || role === 'ext' || role === 'fw') return;
    const filterKind = kind === 'firewall-drop' ? 'firewall' : kind;
    const filter: ServicePortFilter = {
      rule: rule.id,
      chain: chain.id,
      ip: destinationCidr(rule)?.address ?? null,
      port: destinationPort(rule),
      protocol: protocolOf(rule),
      kind: filterKind,
      verdict: targetName(rule),
    };
    draft(name).filters.push(filter);
    return;
  }
  // kube-proxy never drops comments on KUBE-SERVICES rules (only KUBE-SEP and SVC→SEP rules lose
  // them: proxier.go appendServiceCommentLocked); for hand-stripped dumps, a jump straight to the
  // policy chain is the cluster-IP rule in every version that writes KUBE-SVL/EXT.
  const entryKind =
    kind === undefined ? undefined : Object.hasOwn(ENTRY_KINDS, kind) ? ENTRY_KINDS[kind] : undefined;
  let entry: ServicePortEntry | null = null;
  if (role === 'services' && chain.table === 'nat' && !c && to && isPolicyName(to)) {
    entry = entryOf(rule, chain.id, 'cluster-ip', to, false);
  } else if (role === 'services' && chain.table === 'nat' && entryKind !== undefined) {
    entry = entryOf(rule, chain.id, entryKind, targetName(rule), false);
  } else if (role === 'nodeports' && kind === 'health-check-node-port') {
    entry = entryOf(rule, chain.id, 'health-check-node-port', targetName(rule), false);
  } else if (role === 'nodeports' && chain.table === 'nat') {
    entry = entryOf(rule, chain.id, 'node-port', targetName(rule), isLocalhostCidr(rule));
  }
  if (entry) draft(name).entries.push(entry);
}

function isPolicyName(name: string): boolean {
  const role = chainRole(name);
  return role === 'svc' || role === 'svl';
}

/** An entry, fields in the wire order (rule, chain, ip, port, protocol, kind, target, localhostOnly). */
function entryOf(
  rule: Rule,
  chain: ServicePortEntry['chain'],
  kind: ServicePortEntry['kind'],
  target: string,
  localhostOnly: boolean,
): ServicePortEntry {
  return {
    rule: rule.id,
    chain,
    ip: destinationCidr(rule)?.address ?? null,
    port: destinationPort(rule),
    protocol: protocolOf(rule),
    kind,
    target,
    localhostOnly,
  };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// Code-unit order, not localeCompare: the output must not depend on the user's locale.
function compare(a: ServicePortName, b: ServicePortName): number {
  return cmp(a.namespace, b.namespace) || cmp(a.service, b.service) || cmp(a.portName, b.portName);
}
