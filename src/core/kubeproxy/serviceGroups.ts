import type { KubectlData } from '../kubectl';
import type { Chain, Match, Rule, Ruleset } from '../ruleset';
import { chainRole, isServicePortRole, KUBE_CHAIN, servicePortHash } from './chainNames';
import { KubeCommentReader } from './comments';
import { analyzeKubeProxy } from './kube';
import type { KubeChain, KubeProxyModel, ServicePortName } from './kubeTypes';
import { dnatEndpoint, jumpTarget } from './ruleFacts';
import {
  groupLabel,
  type ServiceGroup,
  type ServiceTarget,
  type ServiceTargetKind,
  serviceKey,
} from './serviceGroup';
import { kubectlOnlyGroups, noEndpointGroups } from './serviceSources';

/**
 * The Service ports as the graph and the Service finder show them: a view of the kube-proxy model.
 * kube-proxy names a Service port's KUBE-SVC/SVL/EXT/FW/XLB chains with one `portProtoHash` suffix
 * (proxier.go), so the suffix groups the nat chains even when no comment and no kubectl names them
 * (the model lists only named Service ports); KUBE-SEP chains join the group whose own chain jumps
 * to them. WHICH Service port a group is, is the model's answer (`KubeChain.owner`, decided once in
 * owners.ts: own comments, then comments of the jumps, siblings, the lottery, kubectl hashes, each
 * checked against the chain's hash), so the search box and the model cannot disagree. A Service
 * port without endpoints has no nat chain at all: only filter REJECT rules commented
 * `ns/name:port has no endpoints` (serviceSources.ts); a Service kubectl shows but the dump has no
 * rule for is added last, marked `source: 'kubectl'`.
 */

interface Draft {
  key: string;
  chains: Set<string>;
  targets: ServiceTarget[];
  endpoints: Set<string>;
}

function find<K extends Match['kind']>(rule: Rule, kind: K): Extract<Match, { kind: K }> | undefined {
  return rule.matches.find((m): m is Extract<Match, { kind: K }> => m.kind === kind);
}

/** Target kinds by the kube-proxy comment of the KUBE-SERVICES rule (comments.ts reads it). */
const KIND_BY_COMMENT: Readonly<Partial<Record<string, ServiceTargetKind>>> = {
  'external-ip': 'externalIP',
  'load-balancer-ip': 'loadBalancer',
};

/**
 * The target a KUBE-SERVICES / KUBE-NODEPORTS rule admits, or null when it lacks a port. Its kind
 * is what the model's comment reader says (`"%s external IP"`, `"%s loadbalancer IP"`, proxier.go),
 * else a cluster IP.
 */
function targetOf(rule: Rule, comments: KubeCommentReader = new KubeCommentReader()): ServiceTarget | null {
  const port = find(rule, 'port');
  if (port?.dir !== 'dst' || port.negated) return null;
  const protoMatch = find(rule, 'proto');
  const proto = protoMatch?.proto === 'udp' || protoMatch?.proto === 'sctp' ? protoMatch.proto : 'tcp';
  const base = { port: port.range.from, proto, line: rule.line } as const;
  if (chainRole(rule.chain) === 'nodeports') return { kind: 'nodePort', ip: null, ...base };
  const dst = rule.matches.find((m) => m.kind === 'addr' && m.dir === 'dst' && !m.negated);
  if (dst?.kind !== 'addr') return null;
  // Only an external or load-balancer IP comment changes the kind; the reader decides, the
  // substring test only spares it the ~10^4 cluster-IP comments of a large dump.
  const c = rule.comment;
  const maybe = c !== null && (c.includes('external IP') || c.includes('loadbalancer IP'));
  const said = maybe ? comments.read(c)?.kind : undefined;
  const kind = (said !== undefined && KIND_BY_COMMENT[said]) || 'clusterIP';
  return { kind, ip: dst.cidr.address, ...base };
}

/**
 * Every Service port the input knows: the nat table's chains grouped by Service port (in the order
 * their first chain appears in the dump), then the ports with only "has no endpoints" REJECT
 * rules, then the ports only kubectl knows. `model` is `analyzeKubeProxy(ruleset, kubectl)`'s
 * result when the caller has it (analyze.ts does), else it is computed here. Never throws; an
 * empty Ruleset without kubectl gives `[]`.
 */
export function indexServiceGroups(
  ruleset: Ruleset,
  kubectl?: KubectlData | null,
  model?: KubeProxyModel,
): ServiceGroup[] {
  const m = model ?? analyzeKubeProxy(ruleset, kubectl ?? undefined).result;
  const comments = new KubeCommentReader();
  const groups = natServiceGroups(ruleset, m, comments);
  groups.push(...noEndpointGroups(ruleset, groups, comments));
  if (kubectl) groups.push(...kubectlOnlyGroups(kubectl, groups));
  return groups;
}

/**
 * The Service port of each group (by key), as the model owns its chains: the first of the group's
 * chains (its KUBE-SVC/SVL/EXT/FW/XLB in dump order, then its KUBE-SEPs) whose owner's hash checks,
 * else the first owned one. One pass over the model's chains; the KUBE-SEPs are looked at only for
 * groups whose own chains gave no hash-checked owner.
 */
function groupOwners(
  drafts: ReadonlyMap<string, Draft>,
  model: KubeProxyModel,
): Map<string, ServicePortName> {
  const best = new Map<string, KubeChain>();
  for (const c of model.chains) {
    if (c.table !== 'nat' || c.owner === null || c.hash === null || !isServicePortRole(c.role)) continue;
    if (drafts.get(c.hash)?.chains.has(c.name) !== true) continue;
    const b = best.get(c.hash);
    if (b === undefined || (b.hashCheck !== 'match' && c.hashCheck === 'match')) best.set(c.hash, c);
  }
  const needy: Draft[] = [];
  const seps = new Set<string>();
  for (const d of drafts.values()) {
    if (best.get(d.key)?.hashCheck === 'match') continue;
    let any = false;
    for (const c of d.chains) {
      if (chainRole(c) !== 'sep') continue;
      seps.add(c);
      any = true;
    }
    if (any) needy.push(d);
  }
  if (needy.length > 0) {
    const sepOwner = new Map<string, KubeChain>();
    for (const c of model.chains)
      if (c.table === 'nat' && c.owner !== null && c.role === 'sep' && seps.has(c.name))
        sepOwner.set(c.name, c);
    for (const d of needy) {
      for (const c of d.chains) {
        const k = sepOwner.get(c);
        if (k === undefined) continue;
        const b = best.get(d.key);
        if (k.hashCheck === 'match') {
          best.set(d.key, k);
          break;
        }
        if (b === undefined) best.set(d.key, k);
      }
    }
  }
  const names = new Map(model.servicePorts.map((p) => [p.name.key, p.name]));
  const out = new Map<string, ServicePortName>();
  for (const [key, c] of best) {
    const name = names.get(c.owner as string);
    if (name) out.set(key, name);
  }
  return out;
}

function natServiceGroups(
  ruleset: Ruleset,
  model: KubeProxyModel,
  comments: KubeCommentReader,
): ServiceGroup[] {
  const nat = ruleset.tables.nat;
  if (!nat) return [];
  const drafts = new Map<string, Draft>();
  const draftOf = (key: string): Draft => {
    let d = drafts.get(key);
    if (!d) {
      d = { key, chains: new Set(), targets: [], endpoints: new Set() };
      drafts.set(key, d);
    }
    return d;
  };
  for (const name of nat.order) {
    const key = servicePortHash(name);
    if (key) draftOf(key).chains.add(name);
  }
  for (const name of nat.order) {
    const ownKey = servicePortHash(name);
    // Only entry chains and a Service port's own chains say anything here (KUBE-SEP chains, half
    // the rules of a dump, are read below for their DNAT only).
    const entry =
      name === KUBE_CHAIN.services || name === KUBE_CHAIN.nodeports || name === KUBE_CHAIN.externalServices;
    if (!ownKey && !entry) continue;
    const chain = nat.chains[name] as Chain;
    for (const rule of chain.rules) {
      const to = jumpTarget(rule);
      const toKey = to ? servicePortHash(to) : null;
      if (toKey && entry) {
        const d = draftOf(toKey);
        const t = targetOf(rule, comments);
        if (t && !d.targets.some((x) => x.kind === t.kind && x.ip === t.ip && x.port === t.port))
          d.targets.push(t);
      }
      if (ownKey && to !== null && chainRole(to) === 'sep') draftOf(ownKey).chains.add(to);
    }
  }
  const owners = groupOwners(drafts, model);
  const groups: ServiceGroup[] = [];
  for (const d of drafts.values()) {
    for (const c of d.chains) {
      const sep = chainRole(c) === 'sep' ? nat.chains[c] : undefined;
      for (const rule of sep?.rules ?? []) {
        const ep = dnatEndpoint(rule.target);
        if (ep) d.endpoints.add(ep);
      }
    }
    const owner = owners.get(d.key) ?? null;
    groups.push({
      key: d.key,
      label: owner ? groupLabel(owner, d.targets) : null,
      chains: [...d.chains],
      targets: d.targets,
      endpoints: [...d.endpoints],
      service: owner ? serviceKey(owner) : null,
      noEndpoints: false,
      source: 'rules',
    });
  }
  return groups;
}

/**
 * Keys of the groups a search text finds (case-insensitive, in label, chain names, addresses and
 * endpoints), at most `limit`. An empty text finds nothing.
 */
export function findServiceGroups(groups: readonly ServiceGroup[], text: string, limit = 20): string[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const found: string[] = [];
  for (const g of groups) {
    const hay = [
      g.label ?? '',
      ...g.chains,
      ...g.targets.map((t) => `${t.ip ?? 'nodeport'}:${t.port}`),
      ...g.endpoints,
    ];
    if (hay.some((h) => h.toLowerCase().includes(q))) found.push(g.key);
    if (found.length >= limit) break;
  }
  return found;
}
