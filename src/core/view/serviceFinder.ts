import type { ServiceGroup, ServiceTarget } from '../kubeproxy';

/**
 * The "Find a Service" list: one entry per address a client can send to (a Service port's cluster
 * IP, NodePort, load-balancer and external IPs), or one per Service port that has none (headless,
 * ExternalName). Sorted by Service (`namespace/name`), then port. Pure: the UI renders it.
 *
 * Words (one count everywhere): a Service (`default/web`) has Service ports (`default/web:80`,
 * a ServiceGroup); a Service port has addresses (entries here).
 */
export interface FinderEntry {
  /** Unique and stable for an input: the option's DOM id suffix. */
  readonly id: string;
  readonly group: ServiceGroup;
  /** Null for a Service port without an address kube-proxy routes. */
  readonly target: ServiceTarget | null;
  /** What a search looks in, lowercase. */
  readonly hay: string;
  /** The Service port's name alone (`default/web:80`), lowercase: matches here are listed first. */
  readonly name: string;
}

const KIND_ORDER: Record<ServiceTarget['kind'], number> = {
  clusterIP: 0,
  nodePort: 1,
  loadBalancer: 2,
  externalIP: 3,
};
const KIND_WORDS: Record<ServiceTarget['kind'], string> = {
  clusterIP: 'clusterip cluster ip',
  nodePort: 'nodeport node port',
  loadBalancer: 'loadbalancer load balancer lb',
  externalIP: 'externalip external ip',
};

/** The Service port's own port (the cluster IP's), for sorting `default/web:80` before `:443`. */
function primaryPort(g: ServiceGroup): number {
  return (g.targets.find((t) => t.kind !== 'nodePort') ?? g.targets[0])?.port ?? 0;
}

function haystack(g: ServiceGroup, t: ServiceTarget | null): string {
  const words = [g.label ?? '', g.service ?? '', g.key, ...g.chains, ...g.endpoints];
  if (t) words.push(`${t.ip ?? 'node'}:${t.port}`, String(t.port), t.proto, KIND_WORDS[t.kind]);
  if (g.noEndpoints) words.push('no endpoints');
  if (g.source === 'kubectl') words.push('kubectl');
  return words.join(' ').toLowerCase();
}

/** Every entry, sorted: Service name, its port, then cluster IP, NodePort, LB, external. */
export function finderEntries(groups: readonly ServiceGroup[]): FinderEntry[] {
  const sorted = [...groups].sort((a, b) => {
    const an = a.service ?? a.label ?? a.key;
    const bn = b.service ?? b.label ?? b.key;
    if (an !== bn) return an < bn ? -1 : 1;
    const p = primaryPort(a) - primaryPort(b);
    if (p !== 0) return p;
    return (a.label ?? a.key) < (b.label ?? b.key) ? -1 : 1;
  });
  const out: FinderEntry[] = [];
  for (const g of sorted) {
    const targets = [...g.targets].sort((x, y) => KIND_ORDER[x.kind] - KIND_ORDER[y.kind]);
    const name = `${g.label ?? ''} ${g.service ?? ''}`.toLowerCase();
    if (targets.length === 0)
      out.push({ id: `${g.key}`, group: g, target: null, hay: haystack(g, null), name });
    for (const t of targets)
      out.push({
        id: `${g.key}|${t.kind}|${t.ip ?? ''}|${t.port}|${t.proto}`,
        group: g,
        target: t,
        hay: haystack(g, t),
        name,
      });
  }
  return out;
}

export interface FinderMatches {
  /** The first `limit` matching entries (what the listbox renders). */
  readonly shown: readonly FinderEntry[];
  /** How many entries match in all. */
  readonly entries: number;
  /** How many Service ports those entries belong to. */
  readonly ports: number;
}

/**
 * The entries whose text holds every word of `query` (case-insensitive; an empty query matches
 * all), at most `limit` of them kept: those whose Service port name holds every word first (every
 * chain is `KUBE-…`: "kube" should list kube-system before the rest), then the others, each in
 * list order. One pass, no allocation per entry: 10,000 entries filter in a few milliseconds, so
 * the list can follow each keystroke.
 */
export function filterEntries(entries: readonly FinderEntry[], query: string, limit = 50): FinderMatches {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const byName: FinderEntry[] = [];
  const others: FinderEntry[] = [];
  const ports = new Set<string>();
  let count = 0;
  for (const e of entries) {
    if (!words.every((w) => e.hay.includes(w))) continue;
    count++;
    ports.add(e.group.key);
    if (byName.length >= limit) continue;
    if (words.every((w) => e.name.includes(w))) byName.push(e);
    else if (others.length < limit) others.push(e);
  }
  return { shown: [...byName, ...others].slice(0, limit), entries: count, ports: ports.size };
}

/** How many Services and Service ports the input knows (the status line and the finder say the same). */
export function countServices(groups: readonly ServiceGroup[]): { services: number; ports: number } {
  const services = new Set(groups.map((g) => g.service ?? g.label ?? g.key));
  return { services: services.size, ports: groups.length };
}
