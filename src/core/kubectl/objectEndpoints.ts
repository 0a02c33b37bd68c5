import { isIP } from './addresses';
import { addPiece, endpointAddress } from './collect';
import {
  asFields,
  type Fields,
  field,
  int,
  list,
  namespaceOf,
  type ObjectContext,
  protocol,
  str,
  strings,
} from './objectFields';
import type { EndpointAddress } from './types';

interface PortSpec {
  readonly port: number | null;
  readonly portName: string;
  readonly protocol: EndpointAddress['protocol'];
}

/** `ports[]` of a subset or slice; a port without a number (slices allow it) keeps `port: null`. */
function portSpecs(v: unknown, ctx: ObjectContext): PortSpec[] {
  return list(v).flatMap((raw) => {
    const p = asFields(raw);
    const proto = protocol(field(p, 'protocol'));
    const rawPort = field(p, 'port');
    const port = int(rawPort, 1, 65535);
    if (!p || proto === null || (rawPort != null && port === null)) {
      ctx.sink.report('kubectl/invalid-field', `Endpoint port ${JSON.stringify(raw)} is not valid.`, ctx.at);
      return [];
    }
    return [{ port, portName: str(field(p, 'name')) ?? '', protocol: proto }];
  });
}

/** Each address × each port: the Endpoints/EndpointSlice APIs mean the cross product. */
function cross(ip: string, ports: readonly PortSpec[], rest: Partial<EndpointAddress>): EndpointAddress[] {
  if (ports.length === 0) return [endpointAddress(ip, rest)];
  return ports.map((p) => endpointAddress(ip, { ...rest, ...p }));
}

function checkedIp(v: unknown, ctx: ObjectContext): string | null {
  const ip = str(v);
  if (ip !== null && isIP(ip)) return ip;
  ctx.sink.report(
    'kubectl/invalid-field',
    `Endpoint address ${JSON.stringify(v)} is not an IP address.`,
    ctx.at,
  );
  return null;
}

/** A `kind: Endpoints` object: subsets[].addresses (ready) and notReadyAddresses × ports. */
export function collectEndpoints(o: Fields, name: string, ctx: ObjectContext): void {
  const addresses: EndpointAddress[] = [];
  for (const rawSubset of list(field(o, 'subsets'))) {
    const subset = asFields(rawSubset);
    const ports = portSpecs(field(subset, 'ports'), ctx);
    for (const [key, ready] of [
      ['addresses', true],
      ['notReadyAddresses', false],
    ] as const) {
      for (const rawAddr of list(field(subset, key))) {
        const a = asFields(rawAddr);
        const ip = checkedIp(field(a, 'ip'), ctx);
        if (ip === null) continue;
        const pod = str(field(a, 'targetRef', 'name'));
        addresses.push(...cross(ip, ports, { pod, nodeName: str(field(a, 'nodeName')), ready }));
      }
    }
  }
  const namespace = namespaceOf(o, ctx);
  const piece = {
    namespace,
    service: name,
    addresses,
    incomplete: false,
    hiddenCount: 0,
    offset: ctx.at.start,
  };
  addPiece(ctx.out, piece, 'endpoints', true);
}

/**
 * A `kind: EndpointSlice` object. Conditions as kube-proxy reads them
 * (pkg/proxy/endpointslicecache.go): a missing `ready` means ready; `serving`/`terminating` are
 * kept as given (`null` when absent).
 */
export function collectSlice(o: Fields, ctx: ObjectContext): void {
  const service = str(field(o, 'metadata', 'labels', 'kubernetes.io/service-name'));
  if (service === null) {
    const message = 'EndpointSlice without the kubernetes.io/service-name label: kube-proxy ignores it.';
    ctx.sink.report('kubectl/slice-without-service', message, ctx.at);
    return;
  }
  if (field(o, 'addressType') === 'FQDN') {
    ctx.sink.report('kubectl/fqdn-slice', 'kube-proxy ignores FQDN EndpointSlices.', ctx.at);
    return;
  }
  const ports = portSpecs(field(o, 'ports'), ctx);
  const addresses: EndpointAddress[] = [];
  for (const raw of list(field(o, 'endpoints'))) {
    const e = asFields(raw);
    const cond = (k: string) => {
      const v = field(e, 'conditions', k);
      return typeof v === 'boolean' ? v : null;
    };
    // v1beta1 slices carried the node in topology["kubernetes.io/hostname"].
    const nodeName = str(field(e, 'nodeName')) ?? str(field(e, 'topology', 'kubernetes.io/hostname'));
    const rest = {
      pod: str(field(e, 'targetRef', 'name')),
      nodeName,
      ready: cond('ready') ?? true,
      serving: cond('serving'),
      terminating: cond('terminating'),
    };
    for (const rawIp of strings(field(e, 'addresses'))) {
      const ip = checkedIp(rawIp, ctx);
      if (ip !== null) addresses.push(...cross(ip, ports, rest));
    }
  }
  const namespace = namespaceOf(o, ctx);
  const piece = {
    namespace,
    service,
    addresses,
    incomplete: false,
    hiddenCount: 0,
    offset: ctx.at.start,
  };
  const servicePorts = ports.flatMap((p) =>
    p.port === null || p.protocol === null
      ? []
      : [
          {
            name: p.portName,
            port: p.port,
            nodePort: null,
            protocol: p.protocol,
            targetPort: String(p.port),
          },
        ],
  );
  addPiece(ctx.out, piece, 'slice', true, servicePorts);
}
