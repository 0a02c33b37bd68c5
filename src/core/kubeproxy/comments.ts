import { isJsSpace } from '../text';
import type { ServicePortName } from './kubeTypes';

/**
 * Reading kube-proxy's `-m comment` texts. Every shape below is written by
 * pkg/proxy/iptables/proxier.go in some version (svcPortNameString = ServicePortName.String()):
 * `"%s cluster IP"`, `"%s external IP"`, `"%s loadbalancer IP"`, `"%s -> %s"` (endpoint, ≥ 1.24),
 * `"%s has no endpoints"`, `"%s has no local endpoints"`, `"%s health check node port"`,
 * `"%s traffic not accepted by %s"`, `"other traffic to %s will be dropped by KUBE-PROXY-FIREWALL"`,
 * `"masquerade traffic for %s external destinations"`, `"pod traffic for %s external destinations"`,
 * `"masquerade LOCAL traffic for %s external destinations"` (≤ 1.23: `… %s LB IP`),
 * `"route LOCAL traffic for %s external destinations"` (≤ 1.23: `… %s LB IP to service chain`),
 * `"Balancing rule %d for %s"` (KUBE-XLB, ≤ 1.23), and the bare `%s` (KUBE-NODEPORTS, KUBE-SEP).
 */

export type KubeCommentKind =
  | 'plain'
  | 'cluster-ip'
  | 'external-ip'
  | 'load-balancer-ip'
  | 'endpoint'
  | 'no-endpoints'
  | 'no-local-endpoints'
  | 'health-check-node-port'
  | 'firewall-drop'
  | 'firewall-fallthrough'
  | 'ext-masquerade'
  | 'ext-pod'
  | 'ext-local-masquerade'
  | 'ext-local-route'
  | 'balancing'
  | 'mentions';

export interface KubeComment {
  readonly kind: KubeCommentKind;
  readonly name: ServicePortName;
  /** `ip:port` of `"… -> ip:port"`. */
  readonly endpoint: string | null;
  /** The KUBE-FW- chain named by `"… traffic not accepted by KUBE-FW-…"`. */
  readonly chain: string | null;
}

/** `<spn> <suffix>` shapes, by suffix. */
const SUFFIXES: readonly (readonly [string, KubeCommentKind])[] = [
  ['cluster IP', 'cluster-ip'],
  ['external IP', 'external-ip'],
  ['loadbalancer IP', 'load-balancer-ip'],
  ['has no endpoints', 'no-endpoints'],
  ['has no local endpoints', 'no-local-endpoints'],
  ['health check node port', 'health-check-node-port'],
];

/** `<prefix> <spn> <suffix>` shapes. */
const SURROUNDED: readonly { prefix: string; suffixes: readonly string[]; kind: KubeCommentKind }[] = [
  {
    prefix: 'other traffic to ',
    suffixes: [' will be dropped by KUBE-PROXY-FIREWALL'],
    kind: 'firewall-fallthrough',
  },
  { prefix: 'masquerade traffic for ', suffixes: [' external destinations'], kind: 'ext-masquerade' },
  { prefix: 'pod traffic for ', suffixes: [' external destinations'], kind: 'ext-pod' },
  {
    prefix: 'masquerade LOCAL traffic for ',
    suffixes: [' external destinations', ' LB IP'],
    kind: 'ext-local-masquerade',
  },
  {
    prefix: 'route LOCAL traffic for ',
    suffixes: [' external destinations', ' LB IP to service chain'],
    kind: 'ext-local-route',
  },
];

const ARROW = '-> ';
const NOT_ACCEPTED = 'traffic not accepted by ';
const BALANCING = 'Balancing rule ';

function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** `[-\w.]`: letters, digits, `_`, `-`, `.`. */
function isNameChar(c: number): boolean {
  return isAlnum(c) || c === 95 || c === 45 || c === 46;
}

/** True when `s[from, to)` is non-empty and has no whitespace (`(\S+)$`). */
function isWord(s: string, from: number, to: number): boolean {
  if (from >= to) return false;
  for (let i = from; i < to; i++) if (isJsSpace(s.charCodeAt(i))) return false;
  return true;
}

/** Builds a ServicePortName from its parts; `portPart` is `':p80'`, `':'` or `undefined`. */
export function makeServicePortName(namespace: string, service: string, portPart?: string): ServicePortName {
  const portName = portPart ? portPart.slice(1) : '';
  const base = `${namespace}/${service}`;
  return {
    text: portPart === undefined ? base : base + portPart,
    namespace,
    service,
    portName,
    key: portName ? `${base}:${portName}` : base,
  };
}

/**
 * Reads comments, remembering every comment text and Service port name it has seen: a dump
 * repeats each name on several rules (cluster IP, masquerade, node port…), and the model keeps
 * one ServicePortName per name. One reader per analysis (nothing outlives it).
 */
export class KubeCommentReader {
  private readonly names = new Map<string, ServicePortName>();
  private readonly comments = new Map<string, KubeComment | null>();

  /** `parseKubeComment(comment)`, with equal texts and names shared. */
  read(comment: string): KubeComment | null {
    let c = this.comments.get(comment);
    if (c === undefined) {
      c = parseComment(comment, this.names);
      this.comments.set(comment, c);
    }
    return c;
  }
}

/**
 * kube-proxy's ServicePortName.String() in `s[from, to)`, i.e. `ns/name`, `ns/name:` or
 * `ns/name:port`, where each part starts with a letter or digit and continues with `[-\w.]`.
 */
function nameAt(s: string, from: number, to: number, names: Map<string, ServicePortName> | null) {
  let i = from;
  if (i >= to || !isAlnum(s.charCodeAt(i))) return null;
  while (++i < to && isNameChar(s.charCodeAt(i)));
  if (i >= to || s.charCodeAt(i) !== 47) return null;
  const slash = i;
  if (++i >= to || !isAlnum(s.charCodeAt(i))) return null;
  while (++i < to && isNameChar(s.charCodeAt(i)));
  const colon = i;
  if (i < to) {
    if (s.charCodeAt(i) !== 58) return null;
    while (++i < to && isNameChar(s.charCodeAt(i)));
    if (i < to) return null;
  }
  const token = s.slice(from, to);
  let name = names?.get(token);
  if (name === undefined) {
    const namespace = token.slice(0, slash - from);
    const service = token.slice(slash - from + 1, colon - from);
    const portName = colon < to ? token.slice(colon - from + 1) : '';
    // The token is the printed text; it is also the key unless the port part is a bare ':'.
    const key = colon < to && portName === '' ? token.slice(0, -1) : token;
    name = { text: token, namespace, service, portName, key };
    names?.set(token, name);
  }
  return name;
}

function found(
  kind: KubeCommentKind,
  name: ServicePortName,
  endpoint: string | null = null,
  chain: string | null = null,
): KubeComment {
  return { kind, name, endpoint, chain };
}

/**
 * Reads one comment. Returns its shape and the ServicePortName it names, or `null` when the
 * comment names none (e.g. `"kubernetes service portals"`). Surrounding quotes are ignored.
 */
export function parseKubeComment(comment: string): KubeComment | null {
  return parseComment(comment, null);
}

// Index arithmetic over the comment, no regular expressions and no intermediate strings: a 50 MB
// dump has ~10^5 comments.
function parseComment(text: string, names: Map<string, ServicePortName> | null): KubeComment | null {
  let s = 0;
  let e = text.length;
  while (s < e && isJsSpace(text.charCodeAt(s))) s++;
  while (e > s && isJsSpace(text.charCodeAt(e - 1))) e--;
  if (e - s >= 2 && text.charCodeAt(s) === 34 && text.charCodeAt(e - 1) === 34) {
    s++;
    e--;
    while (s < e && isJsSpace(text.charCodeAt(s))) s++;
    while (e > s && isJsSpace(text.charCodeAt(e - 1))) e--;
  }
  const length = e - s;
  if (length === 0 || length > 512) return null;
  let space = text.indexOf(' ', s);
  if (space >= e) space = -1;
  const first = nameAt(text, s, space === -1 ? e : space, names);
  if (first) {
    if (space === -1) return found('plain', first);
    const rest = space + 1;
    for (const [suffix, kind] of SUFFIXES)
      if (e - rest === suffix.length && text.startsWith(suffix, rest)) return found(kind, first);
    if (text.startsWith(ARROW, rest) && isWord(text, rest + ARROW.length, e))
      return found('endpoint', first, text.slice(rest + ARROW.length, e));
    if (text.startsWith(NOT_ACCEPTED, rest) && isWord(text, rest + NOT_ACCEPTED.length, e))
      return found('firewall-drop', first, null, text.slice(rest + NOT_ACCEPTED.length, e));
  }
  for (const t of SURROUNDED) {
    if (length < t.prefix.length || !text.startsWith(t.prefix, s)) continue;
    for (const suffix of t.suffixes) {
      if (length < suffix.length || !text.startsWith(suffix, e - suffix.length)) continue;
      const name = nameAt(text, s + t.prefix.length, e - suffix.length, names);
      if (name) return found(t.kind, name);
    }
  }
  const balanced = balancingName(text, s, e, names);
  if (balanced) return found('balancing', balanced);
  if (first) return found('mentions', first);
  for (let i = s; i < e; ) {
    while (i < e && isJsSpace(text.charCodeAt(i))) i++;
    const start = i;
    while (i < e && !isJsSpace(text.charCodeAt(i))) i++;
    const name = nameAt(text, start, i, names);
    if (name) return found('mentions', name);
  }
  return null;
}

/** `Balancing rule <digits> for <spn>` (KUBE-XLB, ≤ 1.23). */
function balancingName(text: string, s: number, e: number, names: Map<string, ServicePortName> | null) {
  if (e - s < BALANCING.length || !text.startsWith(BALANCING, s)) return null;
  let i = s + BALANCING.length;
  const digits = i;
  while (i < e && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
  if (i === digits || !text.startsWith(' for ', i) || i + 5 > e || !isWord(text, i + 5, e)) return null;
  return nameAt(text, i + 5, e, names);
}
