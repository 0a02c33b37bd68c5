import { span } from '../text';
import type { DiagnosticSink } from './codes';
import type { EndpointAddress, EndpointsInfo, PodInfo } from './types';

/**
 * Pod phases and printPod reasons of pods that are gone for good: they keep their old IP in
 * `kubectl get pods`, which the network may already have given to a live pod.
 */
const FINISHED = new Set(['Succeeded', 'Failed', 'Completed', 'Evicted']);

/** Pods of namespace `a` can back endpoints of namespace `b` (`null`: not known, so maybe). */
function mayShare(a: string | null, b: string | null): boolean {
  return a === null || b === null || a === b;
}

function group(pods: readonly PodInfo[], key: (p: PodInfo) => readonly string[]): Map<string, PodInfo[]> {
  const out = new Map<string, PodInfo[]>();
  for (const p of pods) {
    for (const k of key(p)) {
      const list = out.get(k);
      if (list) list.push(p);
      else out.set(k, [p]);
    }
  }
  return out;
}

/**
 * Names each endpoint address's pod and node from the pasted pods, where the Endpoints did not:
 * the pod is the one live pod of the Service's namespace with that IP; the node is that pod's
 * (or, when the Endpoints named the pod, the node of the pod of that name). Several live pods
 * on one IP are host-network pods sharing their node's IP: no pod is named, and an info
 * diagnostic says which pods it could be. The `kubernetes` Service's addresses are the API
 * server's, never a pod's. Returns `endpoints` itself when nothing changes.
 */
export function linkPods(
  text: string,
  endpoints: EndpointsInfo[],
  pods: readonly PodInfo[],
  sink: DiagnosticSink,
): EndpointsInfo[] {
  if (pods.length === 0) return endpoints;
  const byIp = group(pods, (p) => (FINISHED.has(p.status ?? '') ? [] : p.ips));
  const byName = group(pods, (p) => [p.name]);
  const reported = new Set<string>();
  const podFor = (ip: string, namespace: string | null): PodInfo | null => {
    const candidates = (byIp.get(ip) ?? []).filter((p) => mayShare(p.namespace, namespace));
    if (candidates.length === 1) return candidates[0] as PodInfo;
    if (candidates.length > 1 && !reported.has(ip)) {
      reported.add(ip);
      reportShared(text, ip, candidates, sink);
    }
    return null;
  };
  const named = (name: string, namespace: string | null): PodInfo | null => {
    const candidates = (byName.get(name) ?? []).filter((p) => mayShare(p.namespace, namespace));
    return candidates.length === 1 ? (candidates[0] as PodInfo) : null;
  };
  let changed = false;
  const unnamed: { ip: string; offset: number }[] = [];
  const out = endpoints.map((e) => {
    if (isApiServer(e)) return e;
    let addresses: EndpointAddress[] | null = null;
    e.addresses.forEach((a, i) => {
      if (a.pod !== null && a.nodeName !== null) return;
      const pod = a.pod === null ? podFor(a.ip, e.namespace) : named(a.pod, e.namespace);
      if (pod === null && a.pod === null && !reported.has(a.ip)) unnamed.push({ ip: a.ip, offset: e.offset });
      if (pod === null || (a.pod !== null && pod.nodeName === null)) return;
      addresses ??= e.addresses.slice();
      addresses[i] = { ...a, pod: a.pod ?? pod.name, nodeName: a.nodeName ?? pod.nodeName };
    });
    if (addresses === null) return e;
    changed = true;
    return { ...e, addresses };
  });
  if (unnamed.length > 0) reportUnnamed(text, unnamed, sink);
  return changed ? out : endpoints;
}

/**
 * Endpoint addresses no pasted pod has (a host-network pod's node IP, a pod the listing left
 * out): they stay unnamed — never guessed — and one info says which, once for the whole text.
 */
function reportUnnamed(
  text: string,
  unnamed: readonly { ip: string; offset: number }[],
  sink: DiagnosticSink,
): void {
  const ips = [...new Set(unnamed.map((u) => u.ip))];
  const first = unnamed[0] as { ip: string; offset: number };
  const end = text.indexOf('\n', first.offset);
  const more = ips.length > 5 ? ` and ${ips.length - 5} more` : '';
  const n = ips.length === 1 ? '1 endpoint address matches' : `${ips.length} endpoint addresses match`;
  sink.report(
    'kubectl/endpoint-pod-unknown',
    `${n} no pasted pod (${ips.slice(0, 5).join(', ')}${more}): a host-network pod uses its node’s IP, or the pod listing does not include it. Left unnamed; \`kubectl get pods -A -o wide\` lists every pod.`,
    span(first.offset, end === -1 ? text.length : end),
  );
}

/**
 * `default/kubernetes`: the API server's own addresses, written by its endpoint reconciler (no
 * selector, no pods); a host-network pod on the same node IP is not what serves it.
 */
function isApiServer(e: EndpointsInfo): boolean {
  return e.service === 'kubernetes' && (e.namespace === 'default' || e.namespace === null);
}

function reportShared(text: string, ip: string, pods: readonly PodInfo[], sink: DiagnosticSink): void {
  const first = pods[0] as PodInfo;
  const end = text.indexOf('\n', first.offset);
  const names = pods.slice(0, 5).map((p) => p.name);
  const more = pods.length > 5 ? ` and ${pods.length - 5} more` : '';
  const hostNetwork = pods.every((p) => p.hostNetwork !== false)
    ? 'host-network pods share their node’s IP'
    : 'pods off the host network never share an IP at one time, so this listing mixes old and new pods';
  sink.report(
    'kubectl/pod-ip-shared',
    `${pods.length} pods have IP ${ip} (${names.join(', ')}${more}): ${hostNetwork}, so which one backs the endpoint is not known; the Endpoints’ targetRef (\`-o json\`) names it.`,
    span(first.offset, end === -1 ? text.length : end),
  );
}
