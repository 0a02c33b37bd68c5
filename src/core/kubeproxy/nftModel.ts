import type { Chain, Rule, RuleId, Ruleset, Table } from '../ruleset';
import { makeServicePortName } from './comments';
import type {
  EndpointChain,
  KubeChain,
  KubeJump,
  KubeProxyModel,
  KubeServicePort,
  MasqueradeSetup,
  PolicyChain,
  ServicePortEntry,
  ServicePortFilter,
} from './kubeTypes';
import { isKubeProxyTable, NFT_FIXED_ROLES, type NftChainName, parseNftChainName } from './nftNames';

/**
 * kube-proxy's meaning of its nftables table (pkg/proxy/nftables/proxier.go): Service ports and
 * endpoints from the chain names (`service-HASH-ns/name/proto/port`, `endpoint-…__IP/port`), their
 * addresses from the elements of the `service-ips` / `service-nodeports` maps (an element's verdict
 * names the chain), the no-endpoint and firewall maps as filters (their element comments name the
 * Service port), each service chain's `numgen random mod N vmap` as its endpoint lottery (1/N each,
 * exactly), and endpoints inlined in `dnat … to numgen … map { … }` (no endpoint chains). Same
 * KubeProxyModel as for iptables, so the views read it unchanged.
 */

interface PortDraft {
  readonly name: ReturnType<typeof makeServicePortName>;
  readonly protocol: string;
  clusterIPs: string[];
  port: number | null;
  externalIPs: string[];
  loadBalancerIPs: string[];
  nodePorts: number[];
  chains: { svc: string | null; ext: string | null; fw: string | null };
  seps: string[];
  entries: ServicePortEntry[];
  filters: ServicePortFilter[];
  affinitySeconds: number | null;
}

const portKey = (n: NftChainName) => `${n.namespace}/${n.service}:${n.portName}/${n.protocol}`;

function elementRule(table: Table, chain: string): RuleId {
  return (table.chains[chain]?.rules[0]?.id ?? `${table.name}/${chain}#0`) as RuleId;
}

/** The map elements with a `goto`/`jump` verdict, as (key parts, chain). */
function verdictElements(table: Table, map: string): { key: readonly string[]; chain: string }[] {
  const out: { key: readonly string[]; chain: string }[] = [];
  for (const e of table.sets?.[map]?.elements ?? []) {
    const v = e.value;
    if (v?.kind === 'verdict' && v.chain !== null) out.push({ key: e.key, chain: v.chain });
  }
  return out;
}

const durationSeconds = (t: string | null): number | null => {
  if (t === null) return null;
  let s = 0;
  for (const m of t.matchAll(/(\d+)(d|h|m|s)/g))
    s += Number(m[1]) * ({ d: 86400, h: 3600, m: 60, s: 1 } as Record<string, number>)[m[2] as string]!;
  return s;
};

function lottery(table: Table, chain: Chain, owner: string | null): PolicyChain | null {
  for (const r of chain.rules) {
    const t = r.target;
    if (t.kind !== 'nft-vmap' || t.key.kind !== 'numgen' || t.map.kind !== 'anonymous') continue;
    const n = t.map.elements.length;
    const targets = t.map.elements.map((e) => {
      const to = e.value?.kind === 'verdict' ? (e.value.chain ?? '') : '';
      const ep = parseNftChainName(to)?.endpoint;
      return {
        rule: r.id,
        sep: to,
        endpoint: ep ? (ep.ip.includes(':') ? `[${ep.ip}]:${ep.port}` : `${ep.ip}:${ep.port}`) : null,
        condition: 'probability' as const,
        writtenProbability: 1 / n,
        effectiveProbability: 1 / n,
        share: 1 / n,
        writtenShare: 1 / n,
      };
    });
    const affinityRules = chain.rules.filter((x) =>
      x.matches.some(
        (m) => m.kind === 'nft-lookup' && m.set.kind === 'named' && m.set.name.startsWith('affinity-'),
      ),
    );
    const set = affinityRules[0]?.matches.find((m) => m.kind === 'nft-lookup');
    const setName = set?.kind === 'nft-lookup' && set.set.kind === 'named' ? set.set.name : null;
    return {
      chain: chain.name,
      id: chain.id,
      kind: 'svc',
      owner,
      targets,
      fallthrough: 0,
      affinity:
        affinityRules.length === 0
          ? null
          : {
              seconds: durationSeconds(table.sets?.[setName ?? '']?.timeout ?? null),
              rules: affinityRules.map((x) => x.id),
            },
      masqueradeRules: chain.rules
        .filter((x) => x.target.kind === 'jump' && x.target.chain === 'mark-for-masquerade')
        .map((x) => x.id),
    };
  }
  return null;
}

function endpointOf(chain: Chain, n: NftChainName, owner: string): EndpointChain {
  const dnat = chain.rules.find((r) => r.target.kind === 'DNAT');
  const hairpin = chain.rules.find(
    (r) => r.target.kind === 'jump' && r.target.chain === 'mark-for-masquerade',
  );
  const ep = n.endpoint as { ip: string; port: number };
  return {
    chain: chain.name,
    id: chain.id,
    owner,
    endpoint: ep.ip.includes(':') ? `[${ep.ip}]:${ep.port}` : `${ep.ip}:${ep.port}`,
    ip: ep.ip,
    port: ep.port,
    protocol: n.protocol,
    dnatRule: dnat?.id ?? null,
    hairpinRule: hairpin?.id ?? null,
    affinitySet: chain.rules.some((r) =>
      r.matches.some((m) => m.kind === 'nft-effect' && m.effect.kind === 'set-update'),
    ),
  };
}

function masqueradeOf(table: Table): MasqueradeSetup {
  const mark = table.chains['mark-for-masquerade'];
  const post = table.chains.masquerading;
  const masq = post?.rules.find((r) => r.target.kind === 'MASQUERADE');
  return {
    markChain: mark?.id ?? null,
    markRule: mark?.rules[0]?.id ?? null,
    mark: mark === undefined ? null : 0x4000,
    postroutingChain: post?.id ?? null,
    masqueradeRule: masq?.id ?? null,
    randomFully: masq?.target.kind === 'MASQUERADE' && masq.target.randomFully,
    style: post?.rules.some((r) => r.target.kind === 'RETURN') ? 'return-xor' : 'unknown',
    hookRules: Object.values(table.chains).flatMap((c) =>
      c.builtin
        ? c.rules
            .filter((r) => r.target.kind === 'jump' && r.target.chain === 'masquerading')
            .map((r) => r.id)
        : [],
    ),
    servicesMasqueradeRules: [],
  };
}

/** The kube-proxy model of an nftables Ruleset (its `kube-proxy` tables). */
export function analyzeNftKubeProxy(ruleset: Ruleset): KubeProxyModel {
  const chains: KubeChain[] = [];
  const policies: PolicyChain[] = [];
  const endpoints: EndpointChain[] = [];
  const jumps: KubeJump[] = [];
  const ports = new Map<string, PortDraft>();
  let masquerade: MasqueradeSetup | null = null;
  const draft = (n: NftChainName): PortDraft => {
    const key = portKey(n);
    let p = ports.get(key);
    if (p === undefined) {
      p = {
        name: makeServicePortName(n.namespace, n.service, n.portName ? `:${n.portName}` : undefined),
        protocol: n.protocol.toUpperCase(),
        clusterIPs: [],
        port: null,
        externalIPs: [],
        loadBalancerIPs: [],
        nodePorts: [],
        chains: { svc: null, ext: null, fw: null },
        seps: [],
        entries: [],
        filters: [],
        affinitySeconds: null,
      };
      ports.set(key, p);
    }
    return p;
  };
  for (const table of Object.values(ruleset.tables)) {
    if (table === undefined || !isKubeProxyTable(table.name)) continue;
    masquerade ??= masqueradeOf(table);
    for (const name of table.order) {
      const chain = table.chains[name] as Chain;
      const n = parseNftChainName(name);
      const owner = n === null ? null : draft(n).name.key;
      const hash = n?.hash ?? null;
      // The hash's input is not verified here (kube-proxy's nftables hash differs from iptables').
      const hashCheck = 'unknown' as const;
      chains.push({
        id: chain.id,
        table: table.name,
        name,
        role: n?.role ?? NFT_FIXED_ROLES.get(name) ?? 'other',
        hash,
        owner,
        ownerSource: owner === null ? null : 'comment',
        hashCheck,
        ruleCount: chain.rules.length,
        referencedBy: 0,
      });
      for (const r of chain.rules) collectJumps(table, chain, r, jumps);
      if (n === null) continue;
      const p = draft(n);
      if (n.role === 'svc') {
        p.chains.svc = name;
        const pol = lottery(table, chain, p.name.key);
        if (pol !== null) {
          policies.push(pol);
          p.affinitySeconds = pol.affinity?.seconds ?? null;
          for (const t of pol.targets) if (!p.seps.includes(t.sep)) p.seps.push(t.sep);
        }
        inlineEndpoints(chain, p, endpoints);
      } else if (n.role === 'ext') p.chains.ext = name;
      else if (n.role === 'fw') p.chains.fw = name;
      else if (n.role === 'sep') {
        endpoints.push(endpointOf(chain, n, p.name.key));
        if (!p.seps.includes(name)) p.seps.push(name);
      }
    }
    collectEntries(table, ports, draft);
  }
  const refs = new Map<string, number>();
  for (const j of jumps) refs.set(j.to, (refs.get(j.to) ?? 0) + 1);
  return {
    chains: chains.map((c) => ({ ...c, referencedBy: refs.get(c.id) ?? 0 })),
    servicePorts: [...ports.values()].map(finishPort),
    policies,
    endpoints,
    jumps,
    masquerade: masquerade ?? masqueradeOf({ name: 'ip kube-proxy', chains: {}, order: [] }),
    dropMark: null,
  };
}

function collectJumps(table: Table, chain: Chain, r: Rule, jumps: KubeJump[]): void {
  const t = r.target;
  const to: { chain: string; goto: boolean }[] = [];
  if (t.kind === 'jump') to.push({ chain: t.chain, goto: t.goto });
  if (t.kind === 'nft-vmap' && t.map.kind === 'anonymous')
    for (const e of t.map.elements)
      if (e.value?.kind === 'verdict' && e.value.chain)
        to.push({ chain: e.value.chain, goto: e.value.verdict === 'goto' });
  for (const x of to)
    jumps.push({
      from: chain.id,
      to: (table.chains[x.chain]?.id ?? `${table.name}/${x.chain}`) as KubeJump['to'],
      rule: r.id,
      goto: x.goto,
    });
}

/** `dnat ip to numgen random mod N map { 0 : IP . PORT, … }`: endpoints without endpoint chains. */
function inlineEndpoints(chain: Chain, p: PortDraft, endpoints: EndpointChain[]): void {
  for (const r of chain.rules) {
    const t = r.target;
    if (t.kind !== 'nft-nat-map' || t.map.kind !== 'anonymous') continue;
    for (const e of t.map.elements) {
      if (e.value?.kind !== 'data') continue;
      const [ip = '', port] = e.value.parts;
      const endpoint = port === undefined ? ip : ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`;
      endpoints.push({
        chain: chain.name,
        id: chain.id,
        owner: p.name.key,
        endpoint,
        ip,
        port: port === undefined ? null : Number(port),
        protocol: p.protocol.toLowerCase(),
        dnatRule: r.id,
        hairpinRule: null,
        affinitySet: false,
      });
    }
  }
}

/** Addresses and ports from `service-ips`, `service-nodeports`, the no-endpoint and firewall maps. */
function collectEntries(
  table: Table,
  ports: Map<string, PortDraft>,
  draft: (n: NftChainName) => PortDraft,
): void {
  const byChain = new Map<string, PortDraft>();
  for (const name of table.order) {
    const n = parseNftChainName(name);
    if (n !== null) byChain.set(name, ports.get(portKey(n)) as PortDraft);
  }
  const byComment = new Map<string, PortDraft>();
  for (const p of ports.values()) byComment.set(p.name.text, p);
  for (const { key, chain } of verdictElements(table, 'service-ips')) {
    const p = byChain.get(chain);
    if (p === undefined) continue;
    const [ip = '', proto = '', port = ''] = key;
    const role = parseNftChainName(chain)?.role;
    const kind = role === 'svc' ? 'cluster-ip' : 'external-ip';
    if (kind === 'cluster-ip') p.clusterIPs.push(ip);
    else p.externalIPs.push(ip);
    p.port ??= Number(port);
    p.entries.push({
      kind,
      rule: elementRule(table, chain),
      chain: table.chains[chain]?.id ?? (`${table.name}/${chain}` as never),
      ip,
      port: Number(port),
      protocol: proto,
      target: chain,
      localhostOnly: false,
    });
  }
  for (const { key, chain } of verdictElements(table, 'service-nodeports')) {
    const p = byChain.get(chain);
    if (p === undefined) continue;
    const [proto = '', port = ''] = key;
    p.nodePorts.push(Number(port));
    p.entries.push({
      kind: 'node-port',
      rule: elementRule(table, chain),
      chain: table.chains[chain]?.id ?? (`${table.name}/${chain}` as never),
      ip: null,
      port: Number(port),
      protocol: proto,
      target: chain,
      localhostOnly: false,
    });
  }
  for (const map of ['no-endpoint-services', 'no-endpoint-nodeports', 'firewall-ips'] as const) {
    for (const e of table.sets?.[map]?.elements ?? []) {
      const v = e.value;
      const proto = e.key[map === 'no-endpoint-nodeports' ? 0 : 1] ?? 'tcp';
      const p =
        (v?.kind === 'verdict' && v.chain ? byChain.get(v.chain) : undefined) ??
        (e.comment
          ? (byComment.get(e.comment) ?? fromComment(e.comment, proto, draft, byComment))
          : undefined);
      if (p === undefined || v?.kind !== 'verdict') continue;
      const nodePort = map === 'no-endpoint-nodeports';
      p.filters.push({
        kind: map === 'firewall-ips' ? 'firewall' : 'no-endpoints',
        rule: elementRule(
          table,
          map === 'firewall-ips'
            ? 'firewall-check'
            : nodePort
              ? 'nodeport-endpoints-check'
              : 'service-endpoints-check',
        ),
        chain: (table.chains[map === 'firewall-ips' ? 'firewall-check' : 'service-endpoints-check']?.id ??
          `${table.name}/${map}`) as never,
        ip: nodePort ? null : (e.key[0] ?? null),
        port: Number(e.key[nodePort ? 1 : 2] ?? Number.NaN) || null,
        protocol: e.key[nodePort ? 0 : 1] ?? null,
        verdict: v.chain ?? v.verdict,
      });
    }
  }
}

function finishPort(p: PortDraft): KubeServicePort {
  return {
    name: p.name,
    protocol: p.protocol,
    clusterIPs: p.clusterIPs,
    port: p.port,
    externalIPs: p.externalIPs,
    loadBalancerIPs: p.loadBalancerIPs,
    nodePorts: p.nodePorts,
    healthCheckNodePort: null,
    chains: { svc: p.chains.svc, svl: null, ext: p.chains.ext, fw: p.chains.fw, xlb: null },
    seps: p.seps,
    entries: p.entries,
    filters: p.filters,
    affinitySeconds: p.affinitySeconds,
  };
}

/** A Service port only an element comment names (`"ns6/svc6:p80"`: a Service without endpoints has no chains). */
function fromComment(
  comment: string,
  protocol: string,
  draft: (n: NftChainName) => PortDraft,
  byComment: Map<string, PortDraft>,
): PortDraft | undefined {
  const m = /^([^/\s]+)\/([^:\s]+)(?::(\S*))?$/.exec(comment);
  if (m === null) return undefined;
  const p = draft({
    role: 'svc',
    hash: '',
    namespace: m[1] as string,
    service: m[2] as string,
    protocol: protocol.toLowerCase(),
    portName: m[3] ?? '',
    endpoint: null,
  });
  byComment.set(comment, p);
  return p;
}
