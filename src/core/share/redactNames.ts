import type { KubectlData } from '../kubectl';
import type { KubeProxyModel, ServicePortName } from '../kubeproxy';

/**
 * Names every cluster has (kubeadm, kubelet, CoreDNS): they identify nobody, and keeping them keeps
 * the dump readable (`default/kubernetes:https`, `kube-system/kube-dns:dns`).
 */
const KEPT_NAMESPACES = new Set(['default', 'kube-system', 'kube-public', 'kube-node-lease']);
const KEPT_SERVICES = new Set(['kubernetes', 'kube-dns']);
/** Words of kubectl output a name token must never be confused with. */
const RESERVED = new Set(['none', 'unset', 'pending', 'tcp', 'udp', 'sctp', 'true', 'false', 'null', 'more']);

/**
 * Consistent pseudonyms for namespaces (`ns-1`), Services (`svc-1`), port names (`port-1`) and
 * pods (`pod-1`), numbered in order of first appearance (deterministic for an input).
 */
export class NameBook {
  readonly namespaces = new Map<string, string>();
  readonly services = new Map<string, string>();
  readonly ports = new Map<string, string>();
  readonly pods = new Map<string, string>();

  /** Collects the names the dump's comments and the kubectl data show. */
  collect(model: KubeProxyModel, kubectl: KubectlData | null): void {
    for (const p of model.servicePorts) this.add(p.name.namespace, p.name.service, [p.name.portName]);
    for (const s of kubectl?.services ?? [])
      this.add(
        s.namespace,
        s.name,
        s.ports.map((p) => p.name),
      );
    for (const e of kubectl?.endpoints ?? []) {
      this.add(
        e.namespace,
        e.service,
        e.addresses.map((a) => a.portName),
      );
      for (const a of e.addresses) if (a.pod) name(this.pods, a.pod, 'pod');
    }
  }

  private add(namespace: string | null, service: string, ports: readonly (string | null)[]): void {
    if (namespace && !KEPT_NAMESPACES.has(namespace)) name(this.namespaces, namespace, 'ns');
    const kept = KEPT_SERVICES.has(service) && (namespace === null || KEPT_NAMESPACES.has(namespace));
    if (kept) return;
    if (service) name(this.services, service, 'svc');
    for (const p of ports) if (p) name(this.ports, p, 'port');
  }

  /** `ServicePortName.String()` of the redacted port, in the style the dump printed (legacy `ns/name:`). */
  portName(n: ServicePortName): string {
    const base = `${this.namespaces.get(n.namespace) ?? n.namespace}/${this.services.get(n.service) ?? n.service}`;
    if (!n.portName) return n.text.endsWith(':') ? `${base}:` : base;
    return `${base}:${this.ports.get(n.portName) ?? n.portName}`;
  }

  /** Every [from, to] pair, namespaces then Services, ports and pods. */
  pairs(): [string, string][] {
    return [...this.namespaces, ...this.services, ...this.ports, ...this.pods];
  }

  /**
   * Rewrites `ns/name[:port]` Service port names (iptables comments, kube-proxy's
   * `"ns/svc:port cluster IP"`, `"ns/svc:port -> 10.0.0.1:80"`) when the namespace/Service pair is
   * known; other slashes (CIDRs, paths) are left alone.
   */
  replaceServicePortNames(text: string): string {
    return text.replace(
      /(?<![A-Za-z0-9._-])([a-z0-9][a-z0-9-]*)\/([a-z0-9][a-z0-9-]*)(?::([a-z0-9][a-z0-9-]*))?(?![A-Za-z0-9_-])/g,
      (all: string, ns: string, svc: string, port: string | undefined) => {
        const known =
          (this.namespaces.has(ns) || KEPT_NAMESPACES.has(ns)) &&
          (this.services.has(svc) || KEPT_SERVICES.has(svc));
        if (!known) return all;
        const head = `${this.namespaces.get(ns) ?? ns}/${this.services.get(svc) ?? svc}`;
        return port === undefined ? head : `${head}:${this.ports.get(port) ?? port}`;
      },
    );
  }

  /**
   * Rewrites name tokens of kubectl output (table cells, JSON/YAML values, `app=web` selectors):
   * a token equal to a known pod, Service, namespace or port name (in that order), or starting with
   * `<service>-` (EndpointSlice and pod names derive from the Service's). Keys (`name:`) are kept.
   */
  replaceTokens(text: string): string {
    return text.replace(
      /(?<![A-Za-z0-9._-])[a-z0-9][a-z0-9.-]*(?![A-Za-z0-9_-])/g,
      (token: string, at: number) => {
        const word = token.endsWith('.') ? token.slice(0, -1) : token;
        const rest = token.slice(word.length);
        const next = text.slice(at + token.length, at + token.length + 3);
        if (RESERVED.has(word) || /^"?\s*:(?!\d)/.test(next)) return token;
        const direct =
          this.pods.get(word) ?? this.services.get(word) ?? this.namespaces.get(word) ?? this.ports.get(word);
        if (direct !== undefined) return direct + rest;
        const dash = word.indexOf('-');
        for (let i = dash; i > 0; i = word.indexOf('-', i + 1)) {
          const svc = this.services.get(word.slice(0, i));
          if (svc !== undefined) return svc + word.slice(i) + rest;
        }
        return token;
      },
    );
  }
}

function name(map: Map<string, string>, from: string, kind: string): void {
  if (!map.has(from) && !RESERVED.has(from)) map.set(from, `${kind}-${map.size + 1}`);
}
