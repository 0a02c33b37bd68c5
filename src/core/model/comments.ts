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

// Namespace (DNS-1123 label), Service name (DNS-1035 label) and port name (IANA_SVC_NAME) are
// all lowercase alphanumerics and '-'; a little leniency ('.', '_', capitals) costs nothing.
const SPN = /^([A-Za-z0-9][-\w.]*)\/([A-Za-z0-9][-\w.]*)(:[-\w.]*)?$/;

/** `<spn> <suffix>` shapes, by suffix. */
const SUFFIXES: Readonly<Record<string, KubeCommentKind>> = {
  'cluster IP': 'cluster-ip',
  'external IP': 'external-ip',
  'loadbalancer IP': 'load-balancer-ip',
  'has no endpoints': 'no-endpoints',
  'has no local endpoints': 'no-local-endpoints',
  'health check node port': 'health-check-node-port',
};

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

function nameOf(token: string): ServicePortName | null {
  const m = SPN.exec(token);
  return m ? makeServicePortName(m[1] as string, m[2] as string, m[3]) : null;
}

function found(
  kind: KubeCommentKind,
  name: ServicePortName,
  endpoint: string | null = null,
  chain: string | null = null,
): KubeComment {
  return { kind, name, endpoint, chain };
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
 * Reads one comment. Returns its shape and the ServicePortName it names, or `null` when the
 * comment names none (e.g. `"kubernetes service portals"`). Surrounding quotes are ignored.
 */
export function parseKubeComment(comment: string): KubeComment | null {
  // Plain string operations, not a list of regular expressions: a 50 MB dump has ~10^5 comments.
  let text = comment.trim();
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1).trim();
  if (text.length === 0 || text.length > 512) return null;
  const space = text.indexOf(' ');
  const first = nameOf(space === -1 ? text : text.slice(0, space));
  if (first) {
    if (space === -1) return found('plain', first);
    const rest = text.slice(space + 1);
    const kind = SUFFIXES[rest];
    if (kind) return found(kind, first);
    const arrow = /^-> (\S+)$/.exec(rest);
    if (arrow) return found('endpoint', first, arrow[1] as string);
    const fw = /^traffic not accepted by (\S+)$/.exec(rest);
    if (fw) return found('firewall-drop', first, null, fw[1] as string);
  }
  for (const t of SURROUNDED) {
    if (!text.startsWith(t.prefix)) continue;
    for (const suffix of t.suffixes) {
      if (!text.endsWith(suffix)) continue;
      const name = nameOf(text.slice(t.prefix.length, text.length - suffix.length));
      if (name) return found(t.kind, name);
    }
  }
  const balancing = /^Balancing rule \d+ for (\S+)$/.exec(text);
  const balanced = balancing ? nameOf(balancing[1] as string) : null;
  if (balanced) return found('balancing', balanced);
  if (first) return found('mentions', first);
  for (const token of text.split(/\s+/)) {
    const name = nameOf(token);
    if (name) return found('mentions', name);
  }
  return null;
}
