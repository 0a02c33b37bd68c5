import { type Diagnostic, diagnostic, type Severity, type Span, span } from '../text';

/**
 * Every diagnostic the kubectl readers emit, with its severity. Wire format (CLI JSON, worker
 * protocol, tests): never rename or remove a code; add new ones.
 */
export const KUBECTL_CODES = {
  /** Nothing but whitespace was pasted. */
  'kubectl/empty': 'info',
  /** No table, JSON or YAML from kubectl was found anywhere in the text. */
  'kubectl/not-kubectl': 'warning',
  /** Lines around kubectl output that are not part of it (prose, other commands' output). */
  'kubectl/ignored-text': 'info',
  /** A `Warning: …` line kubectl prints on stderr (e.g. v1 Endpoints deprecated in 1.33+). */
  'kubectl/server-warning': 'info',
  /** `Error from server …` / `error: …` lines. */
  'kubectl/server-error': 'warning',
  /** `No resources found …`. */
  'kubectl/no-resources': 'info',
  /** A table of another resource (deployments, nodes): skipped. */
  'kubectl/unsupported-table': 'info',
  /** A column this reader does not use (`LABELS`, custom columns): ignored. */
  'kubectl/unknown-column': 'info',
  /** A Service/Endpoints table without a column this reader needs (e.g. no `PORT(S)`). */
  'kubectl/missing-column': 'warning',
  /** A row whose cells do not sit under the header and were read by whitespace instead. */
  'kubectl/row-misaligned': 'info',
  /** A row with more or fewer cells than the header. */
  'kubectl/row-columns': 'warning',
  /** A `PORT(S)`/`PORTS` item that is not `port[:nodePort]/PROTO`. */
  'kubectl/bad-port': 'warning',
  /** An `ENDPOINTS` item that is not `ip:port` (or an address for EndpointSlices). */
  'kubectl/bad-endpoint': 'warning',
  /** A `CLUSTER-IP`/`EXTERNAL-IP` item that is not an IP (nor a hostname where one is allowed). */
  'kubectl/bad-address': 'warning',
  /** `+ N more...`: kubectl printed only the first 3 endpoints. */
  'kubectl/endpoints-truncated': 'warning',
  /** An empty `ENDPOINTS` cell: the Endpoints object has addresses, none of them ready. */
  'kubectl/endpoints-none-ready': 'info',
  /** `a1b2c3d4e5f6a...`: kubectl clipped a load-balancer address to 16 characters. */
  'kubectl/external-ip-truncated': 'info',
  /** An EndpointSlice table names slices, not Services: the Service name was inferred. */
  'kubectl/slice-service-inferred': 'info',
  /** An EndpointSlice table does not show conditions: endpoints are assumed ready. */
  'kubectl/slice-readiness-assumed': 'info',
  /** An FQDN EndpointSlice: kube-proxy only programs IPv4/IPv6 slices. */
  'kubectl/fqdn-slice': 'info',
  /** Services named only by EndpointSlices: inferred, with type and cluster IP unknown. */
  'kubectl/services-from-slices': 'info',
  /** Several live pods share one IP (host network): the endpoint's pod is not named. */
  'kubectl/pod-ip-shared': 'info',
  /** Pods were pasted, but an endpoint's IP is none of theirs (host network, a pod not listed). */
  'kubectl/endpoint-pod-unknown': 'info',
  /** An EndpointSlice without the `kubernetes.io/service-name` label (kube-proxy ignores it). */
  'kubectl/slice-without-service': 'warning',
  /** Malformed JSON; the complete objects before the error are still read. */
  'kubectl/json-syntax': 'error',
  /** Malformed YAML. */
  'kubectl/yaml-syntax': 'error',
  /** A YAML block too large to parse in reasonable time. */
  'kubectl/yaml-too-large': 'warning',
  /** YAML aliases expanding past the cap (a "billion laughs" document): the object is not read. */
  'kubectl/yaml-alias-limit': 'warning',
  /** An object of another kind (ConfigMap, Deployment…): ignored. */
  'kubectl/unsupported-kind': 'info',
  /** An object that is not usable (no kind, no name, not a mapping). */
  'kubectl/invalid-object': 'warning',
  /** A field with the wrong type or an impossible value: ignored. */
  'kubectl/invalid-field': 'warning',
  /** The same Service appeared twice; the richer (JSON/YAML) or first one is kept. */
  'kubectl/duplicate-service': 'info',
  /** Too many diagnostics: the rest were dropped (the input still parses). */
  'kubectl/too-many-diagnostics': 'info',
} as const satisfies Record<string, Severity>;

export type KubectlCode = keyof typeof KUBECTL_CODES;

/** The cap keeps a 50 MB paste of bad rows from producing a million markers. */
const MAX_DIAGNOSTICS = 500;

/**
 * Collects diagnostics with `source: 'kubectl'` and the severity fixed by `KUBECTL_CODES`.
 * `base` shifts spans of readers that work on a slice of the text.
 */
export class DiagnosticSink {
  readonly diagnostics: Diagnostic[] = [];
  private dropped = 0;

  /** True once the cap is reached: callers may skip building messages (they are only counted). */
  get full(): boolean {
    return this.diagnostics.length >= MAX_DIAGNOSTICS;
  }

  /** Records one finding; past the cap only counts it. */
  report(code: KubectlCode, message: string, at: Span): void {
    if (this.diagnostics.length >= MAX_DIAGNOSTICS) {
      this.dropped++;
      return;
    }
    this.diagnostics.push(diagnostic('kubectl', KUBECTL_CODES[code], code, message, span(at.start, at.end)));
  }

  /** The diagnostics, plus a note when some were dropped. */
  finish(): Diagnostic[] {
    if (this.dropped > 0) {
      const code = 'kubectl/too-many-diagnostics';
      const message = `${this.dropped} more diagnostics were dropped.`;
      this.diagnostics.push(diagnostic('kubectl', KUBECTL_CODES[code], code, message, span(0, 0)));
    }
    return this.diagnostics;
  }
}
