import { isIP } from './addresses';
import { addService } from './collect';
import {
  asFields,
  type Fields,
  field,
  int,
  labelString,
  list,
  namespaceOf,
  type ObjectContext,
  oneOf,
  protocol,
  str,
  strings,
} from './objectFields';
import type { ServicePortInfo } from './types';

/**
 * A `kind: Service` object → ServiceInfo. Fields the object lacks stay `null`, except where the
 * API server itself defaults them (type ClusterIP, protocol TCP), as any object read back with
 * `kubectl get -o json|yaml` has them set.
 */
export function collectService(o: Fields, name: string, ctx: ObjectContext): void {
  const spec = asFields(field(o, 'spec'));
  const type = str(field(spec, 'type')) ?? 'ClusterIP';
  // clusterIPs (dual-stack, 1.20+) supersedes clusterIP; "None" marks a headless Service.
  const ips = strings(field(spec, 'clusterIPs'));
  const clusterIPs = (ips.length > 0 ? ips : strings([field(spec, 'clusterIP')])).filter(
    (ip) => ip !== 'None',
  );
  for (const ip of clusterIPs) {
    if (!isIP(ip))
      ctx.sink.report('kubectl/invalid-field', `clusterIP "${ip}" is not an IP address.`, ctx.at);
  }
  const ingress = list(field(o, 'status', 'loadBalancer', 'ingress')).map(asFields);
  const externalName = str(field(spec, 'externalName'));
  addService(
    ctx.out,
    {
      namespace: namespaceOf(o, ctx),
      name,
      type,
      clusterIPs: clusterIPs.filter(isIP),
      externalIPs: strings(field(spec, 'externalIPs')),
      loadBalancerIPs: strings(ingress.map((i) => field(i, 'ip'))),
      externalNames: [
        ...strings(ingress.map((i) => field(i, 'hostname'))),
        ...(type === 'ExternalName' && externalName ? [externalName] : []),
      ],
      externalTruncated: false,
      ports: servicePorts(field(spec, 'ports'), ctx),
      sessionAffinity: oneOf(field(spec, 'sessionAffinity'), ['ClientIP', 'None'], 'sessionAffinity', ctx),
      externalTrafficPolicy: trafficPolicy(
        field(spec, 'externalTrafficPolicy'),
        'externalTrafficPolicy',
        ctx,
      ),
      internalTrafficPolicy: trafficPolicy(
        field(spec, 'internalTrafficPolicy'),
        'internalTrafficPolicy',
        ctx,
      ),
      selector: labelString(field(spec, 'selector')),
      offset: ctx.at.start,
    },
    true,
  );
}

function trafficPolicy(v: unknown, what: string, ctx: ObjectContext): 'Cluster' | 'Local' | null {
  return oneOf(v, ['Cluster', 'Local'], what, ctx);
}

function servicePorts(v: unknown, ctx: ObjectContext): ServicePortInfo[] {
  const ports: ServicePortInfo[] = [];
  for (const raw of list(v)) {
    const p = asFields(raw);
    const port = int(field(p, 'port'), 1, 65535);
    const proto = protocol(field(p, 'protocol'));
    const nodePortRaw = field(p, 'nodePort');
    const nodePort = int(nodePortRaw, 1, 65535);
    if (port === null || proto === null || (nodePortRaw != null && nodePort === null)) {
      ctx.sink.report('kubectl/invalid-field', `Service port ${JSON.stringify(raw)} is not valid.`, ctx.at);
      continue;
    }
    const target = field(p, 'targetPort');
    ports.push({
      // An unnamed port has the empty name: kube-proxy's "ns/svc:" (ServicePortName with Port "").
      name: str(field(p, 'name')) ?? '',
      port,
      nodePort,
      protocol: proto,
      targetPort: typeof target === 'number' || typeof target === 'string' ? String(target) : null,
    });
  }
  return ports;
}
