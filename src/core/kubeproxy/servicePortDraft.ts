import { KUBE_CHAIN } from './chainNames';
import type {
  KubeServicePort,
  PolicyChain,
  ServicePortEntry,
  ServicePortFilter,
  ServicePortName,
} from './kubeTypes';

/** What the rules say about one Service port, gathered before it is summed up. */
export interface Draft {
  readonly name: ServicePortName;
  readonly chains: {
    svc: string | null;
    svl: string | null;
    ext: string | null;
    fw: string | null;
    xlb: string | null;
  };
  /** KUBE-SEP chains owned by this port (possibly repeated across tables). */
  readonly seps: string[];
  readonly entries: ServicePortEntry[];
  readonly filters: ServicePortFilter[];
  /** `-d`/`--dport` of "… cluster IP" masquerade rules inside KUBE-SVC (≥ 1.21), for dumps without KUBE-SERVICES. */
  readonly hints: { ip: string | null; port: number | null }[];
}

/** Appends `v` unless null or already there (small lists: a linear scan beats a Set). */
function add<T>(out: T[], v: T | null): void {
  if (v !== null && !out.includes(v)) out.push(v);
}

/** Appends KUBE-SEP names without repeats; switches to a Set for Services with many endpoints. */
class SepList {
  readonly list: string[] = [];
  private set: Set<string> | null = null;
  add(sep: string): void {
    if (this.set === null) {
      if (this.list.includes(sep)) return;
      this.list.push(sep);
      if (this.list.length > 32) this.set = new Set(this.list);
    } else if (!this.set.has(sep)) {
      this.set.add(sep);
      this.list.push(sep);
    }
  }
}

const isServicesChain = (f: ServicePortFilter) => f.chain.endsWith(`/${KUBE_CHAIN.services}`);

/**
 * Sums up a draft: seps in the order the policy chains list them (then by name), addresses and
 * ports without repeats, the protocol of the first rule (entry, filter, KUBE-SEP) that names one.
 */
export function finishServicePort(
  d: Draft,
  policyByChain: ReadonlyMap<string, PolicyChain>,
  protocolOfSep: (sep: string) => string | null,
): KubeServicePort {
  const seps = new SepList();
  let affinitySeconds: number | null = null;
  for (const c of [d.chains.svc, d.chains.svl, d.chains.xlb]) {
    const p = c ? policyByChain.get(c) : undefined;
    if (!p) continue;
    affinitySeconds ??= p.affinity?.seconds ?? null;
    for (const t of p.targets) seps.add(t.sep);
  }
  for (const s of [...d.seps].sort()) seps.add(s);

  const clusterIPs: string[] = [];
  const externalIPs: string[] = [];
  const loadBalancerIPs: string[] = [];
  const nodePorts: number[] = [];
  let protocol: string | null = null;
  let clusterPort: number | null = null;
  let anyPort: number | null = null;
  let hc: ServicePortEntry | undefined;
  for (const e of d.entries) {
    if (e.kind !== 'health-check-node-port') protocol ??= e.protocol;
    if (e.kind === 'cluster-ip' && !e.localhostOnly) add(clusterIPs, e.ip);
    else if (e.kind === 'external-ip' && !e.localhostOnly) add(externalIPs, e.ip);
    else if (e.kind === 'load-balancer-ip' && !e.localhostOnly) add(loadBalancerIPs, e.ip);
    else if (e.kind === 'node-port') add(nodePorts, e.port);
    if (e.port !== null) {
      if (e.kind === 'cluster-ip') clusterPort ??= e.port;
      if (e.kind !== 'node-port' && e.kind !== 'health-check-node-port') anyPort ??= e.port;
    }
    if (e.kind === 'health-check-node-port') hc ??= e;
  }
  let filterPort: number | null = null;
  for (const f of d.filters) {
    protocol ??= f.protocol;
    if (isServicesChain(f)) {
      add(clusterIPs, f.ip);
      if (f.port !== null) filterPort ??= f.port;
    }
    if (f.kind === 'firewall') add(loadBalancerIPs, f.ip);
    if (f.ip === null && f.chain.endsWith(`/${KUBE_CHAIN.externalServices}`)) add(nodePorts, f.port);
  }
  let hintPort: number | null = null;
  for (const h of d.hints) {
    add(clusterIPs, h.ip);
    if (h.port !== null) hintPort ??= h.port;
  }
  for (const s of seps.list) {
    if (protocol !== null) break;
    protocol = protocolOfSep(s);
  }
  return {
    name: d.name,
    protocol,
    clusterIPs,
    port: clusterPort ?? anyPort ?? filterPort ?? hintPort ?? null,
    externalIPs,
    loadBalancerIPs,
    nodePorts,
    healthCheckNodePort: hc?.port ?? null,
    chains: d.chains,
    seps: seps.list,
    entries: d.entries,
    filters: d.filters,
    affinitySeconds,
  };
}
