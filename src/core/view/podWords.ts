import { chainRole } from '../kubeproxy';
import type { Rule } from '../ruleset';
import type { Lang, PathStep } from '../trace';
import { type EndpointPlace, type PodPlaces, placeOf, serviceEndpointIps } from './podPlaces';

/**
 * The words that name an endpoint's pod and node, and say which endpoints are local where a
 * traffic policy is Local. kube-proxy (proxier.go) writes a KUBE-SVL chain holding only the
 * endpoints on its own node for `internalTrafficPolicy: Local` / `externalTrafficPolicy: Local`
 * (KUBE-XLB before 1.24), and, when the Service has endpoints but none on this node, a DROP (or a
 * KUBE-MARK-DROP jump) commented "… has no local endpoints".
 */

/** What the words know about the cluster: kubectl's places and the node this dump is from. */
export interface PathPods {
  readonly places: PodPlaces;
  /** The node whose rules these are (picked by the user or detected), or null. */
  readonly thisNode: string | null;
}

const WORDS = {
  en: {
    podOnNode: 'pod {pod} on {node}',
    pod: 'pod {pod}',
    onNode: 'on {node}',
    local: '{count} of {total} endpoints run on this node ({node}): {names}; {chain} picks only those',
    noneLocal: 'none of the {total} endpoints runs on this node ({node}); they run on {nodes}',
    unknownNode:
      'the endpoints run on {nodes}; {chain} holds only those on this node (pick “This node” to see which)',
    elsewhere: 'the endpoints of {service} run on {nodes}',
    elsewhereNotHere: 'the endpoints of {service} run on {nodes}, not on this node ({node})',
    and: ', ',
  },
  'zh-CN': {
    podOnNode: 'Pod {pod}，在节点 {node} 上',
    pod: 'Pod {pod}',
    onNode: '在节点 {node} 上',
    local: '{total} 个端点中有 {count} 个运行在本节点（{node}）上：{names}；{chain} 只从这些端点中选',
    noneLocal: '{total} 个端点都不在本节点（{node}）上，它们运行在 {nodes}',
    unknownNode: '端点运行在 {nodes}；{chain} 只包含本节点上的端点（选择“本节点”即可看到是哪些）',
    elsewhere: '{service} 的端点运行在 {nodes}',
    elsewhereNotHere: '{service} 的端点运行在 {nodes}，不在本节点（{node}）上',
    and: '、',
  },
} as const satisfies Record<Lang, Record<string, string>>;

type WordId = keyof (typeof WORDS)['en'];

function say(id: WordId, params: Readonly<Record<string, string | number>>, lang: Lang): string {
  return WORDS[lang][id].replace(/\{(\w+)\}/g, (all, name: string) =>
    params[name] === undefined ? all : String(params[name]),
  );
}

/** `pod web-… on k8s-node2` (`Pod web-…，在节点 k8s-node2 上`), or null when kubectl names neither. */
function placeWords(place: EndpointPlace | null, lang: Lang = 'en'): string | null {
  if (place === null) return null;
  if (place.pod !== null && place.node !== null)
    return say('podOnNode', { pod: place.pod, node: place.node }, lang);
  if (place.pod !== null) return say('pod', { pod: place.pod }, lang);
  return place.node !== null ? say('onNode', { node: place.node }, lang) : null;
}

/** `10.244.169.161:80 (pod web-… on k8s-node2)`: the endpoint with its place in brackets, where known. */
export function endpointWithPlace(
  endpoint: string,
  places: PodPlaces | null | undefined,
  lang: Lang = 'en',
): string {
  const words = placeWords(placeOf(places, endpoint), lang);
  if (words === null) return endpoint;
  return lang === 'zh-CN' ? `${endpoint}（${words}）` : `${endpoint} (${words})`;
}

/** `k8s-node1, k8s-node3` (`k8s-node1、k8s-node3`): the distinct nodes of these IPs, null when none is known. */
function nodesOf(ips: readonly string[], places: PodPlaces, lang: Lang): string | null {
  const nodes = [...new Set(ips.map((ip) => places.nodes[ip]).filter((n): n is string => !!n))].sort();
  return nodes.length > 0 ? nodes.join(say('and', {}, lang)) : null;
}

/** `default/web` of a Service port label `default/web:80` (or of `default/web`). */
function serviceOfLabel(label: string): string {
  const slash = label.indexOf('/');
  const colon = label.indexOf(':', slash + 1);
  return colon === -1 ? label : label.slice(0, colon);
}

const NO_LOCAL = /^(\S+?)(?::\S*)? has no local endpoints$/;

/**
 * What a path step says about a Local traffic policy, or null: a jump into KUBE-SVL/KUBE-XLB says
 * which of the Service's endpoints (kubectl's) run on this node; a "has no local endpoints" rule
 * names the nodes where they do run. `serviceOf` names a chain's Service port (`default/web:80`).
 */
export function localPolicyWords(
  step: PathStep,
  rule: Rule | null,
  serviceOf: (chain: string) => string | null,
  pods: PathPods,
  lang: Lang = 'en',
): string | null {
  const { places, thisNode } = pods;
  const comment = rule?.matches.find((m) => m.kind === 'comment');
  const noLocal = comment?.kind === 'comment' ? NO_LOCAL.exec(comment.text) : null;
  if (noLocal) {
    const service = serviceOfLabel(noLocal[1] as string);
    const nodes = nodesOf(serviceEndpointIps(places, service), places, lang);
    if (nodes === null) return null;
    return thisNode === null
      ? say('elsewhere', { service, nodes }, lang)
      : say('elsewhereNotHere', { service, nodes, node: thisNode }, lang);
  }
  if (step.verdict !== 'jump' && step.verdict !== 'goto') return null;
  const role = chainRole(step.target);
  if (role !== 'svl' && role !== 'xlb') return null;
  const label = serviceOf(step.target);
  if (label === null) return null;
  const ips = serviceEndpointIps(places, serviceOfLabel(label));
  const nodes = nodesOf(ips, places, lang);
  if (nodes === null) return null;
  const chain = step.target;
  if (thisNode === null) return say('unknownNode', { nodes, chain }, lang);
  const local = ips.filter((ip) => places.nodes[ip] === thisNode);
  if (local.length === 0) return say('noneLocal', { total: ips.length, node: thisNode, nodes }, lang);
  const names = local.map((ip) => places.pods[ip] ?? ip).join(say('and', {}, lang));
  return say('local', { count: local.length, total: ips.length, node: thisNode, names, chain }, lang);
}
