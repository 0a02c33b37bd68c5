import type { KubectlData, ServiceInfo, ServicePortInfo } from '../kubectl';
import type { Rule, Ruleset } from '../ruleset';
import { serviceFromComment } from '../view';
import type { ServiceGroup, ServiceTarget } from './serviceGroups';

/**
 * The Service ports the nat table does not show: those without endpoints, which kube-proxy writes
 * only as filter REJECT rules, and those only kubectl knows. indexServiceGroups appends them.
 */

/**
 * proxier.go (syncProxyRules): a Service port with no endpoints gets, in the filter table,
 * `-A KUBE-SERVICES -m comment --comment "ns/name:port has no endpoints" … -d <clusterIP> --dport <port> -j REJECT`
 * and, in KUBE-EXTERNAL-SERVICES, the same for each external/load-balancer IP (`-d`) and the
 * NodePort (`-m addrtype --dst-type LOCAL --dport <nodePort>`, no `-d`). "has no local endpoints"
 * (ETP Local, a DROP) is another case: those ports do have endpoints and nat chains.
 */
const NO_ENDPOINTS = /\shas no endpoints$/;
const REJECT_CHAINS = ['KUBE-SERVICES', 'KUBE-EXTERNAL-SERVICES'] as const;

function rejectTarget(rule: Rule): ServiceTarget | null {
  let port: number | null = null;
  let ip: string | null = null;
  let proto: ServiceTarget['proto'] = 'tcp';
  for (const m of rule.matches) {
    if (m.kind === 'port' && m.dir === 'dst' && !m.negated) port = m.range.from;
    else if (m.kind === 'addr' && m.dir === 'dst' && !m.negated) ip = m.cidr.address;
    else if (m.kind === 'proto' && !m.negated && (m.proto === 'udp' || m.proto === 'sctp')) proto = m.proto;
  }
  if (port === null) return null;
  const kind: ServiceTarget['kind'] =
    ip === null ? 'nodePort' : rule.chain === 'KUBE-SERVICES' ? 'clusterIP' : 'externalIP';
  return { kind, ip, port, proto, line: rule.line };
}

/** `ns/name:portName`, or `ns/name:<port>` when the comment has no port name (an unnamed port). */
function labelOf(service: { service: string; port: string | null }, targets: readonly ServiceTarget[]) {
  if (service.port) return `${service.service}:${service.port}`;
  const t = targets.find((x) => x.kind !== 'nodePort') ?? targets[0];
  return t ? `${service.service}:${t.port}` : service.service;
}

/**
 * Service ports whose only rules are "has no endpoints" REJECTs (filter KUBE-SERVICES /
 * KUBE-EXTERNAL-SERVICES), one group per port, keyed `noep:<label>`. A port that also has nat
 * chains (`known`) is not repeated.
 */
export function noEndpointGroups(ruleset: Ruleset, known: readonly ServiceGroup[]): ServiceGroup[] {
  const drafts = new Map<
    string,
    { service: { service: string; port: string | null }; targets: ServiceTarget[] }
  >();
  for (const table of Object.values(ruleset.tables)) {
    for (const name of REJECT_CHAINS) {
      for (const rule of table?.chains[name]?.rules ?? []) {
        if (!rule.comment || !NO_ENDPOINTS.test(rule.comment)) continue;
        const service = serviceFromComment(rule.comment);
        const t = rejectTarget(rule);
        if (!service || !t) continue;
        const id = `${service.service}:${service.port ?? ''}|${t.proto}`;
        const d = drafts.get(id) ?? { service, targets: [] };
        drafts.set(id, d);
        if (!d.targets.some((x) => x.kind === t.kind && x.ip === t.ip && x.port === t.port))
          d.targets.push(t);
      }
    }
  }
  const labels = new Set(known.map((g) => g.label));
  const out: ServiceGroup[] = [];
  for (const d of drafts.values()) {
    const label = labelOf(d.service, d.targets);
    if (labels.has(label)) continue;
    labels.add(label);
    out.push({
      key: `noep:${label}`,
      label,
      chains: [],
      targets: d.targets,
      endpoints: [],
      service: d.service.service,
      noEndpoints: true,
      source: 'rules',
    });
  }
  return out;
}

function serviceName(s: ServiceInfo): string {
  return s.namespace ? `${s.namespace}/${s.name}` : s.name;
}

/** Whether a group of the rules already implements this kubectl Service port. */
function implemented(groups: readonly ServiceGroup[], s: ServiceInfo, p: ServicePortInfo, label: string) {
  const proto = p.protocol.toLowerCase();
  return groups.some(
    (g) =>
      g.label === label ||
      g.targets.some(
        (t) => t.proto === proto && t.port === p.port && t.ip !== null && s.clusterIPs.includes(t.ip),
      ),
  );
}

/** The addresses kubectl lists for one Service port (by port name where kubectl gives names). */
function kubectlEndpoints(kubectl: KubectlData, s: ServiceInfo, p: ServicePortInfo): string[] {
  const eps = kubectl.endpoints.find((e) => e.service === s.name && e.namespace === s.namespace);
  if (!eps) return [];
  const out: string[] = [];
  for (const a of eps.addresses) {
    if (!a.ready) continue;
    if (s.ports.length > 1 && a.portName !== null && p.name !== null && a.portName !== p.name) continue;
    const ep = a.port === null ? a.ip : a.ip.includes(':') ? `[${a.ip}]:${a.port}` : `${a.ip}:${a.port}`;
    if (!out.includes(ep)) out.push(ep);
  }
  return out;
}

/**
 * Service ports kubectl shows that no group of the rules implements (matched by label or by
 * cluster IP + port + protocol), keyed `kubectl:<ns/name>:<port>/<proto>`. Their targets have
 * `line: 0` (no rule). A Service without ports (headless, ExternalName) is one group without targets.
 */
export function kubectlOnlyGroups(kubectl: KubectlData, known: readonly ServiceGroup[]): ServiceGroup[] {
  const out: ServiceGroup[] = [];
  const hasEndpointList = kubectl.endpoints.length > 0;
  for (const s of kubectl.services) {
    const service = serviceName(s);
    if (s.ports.length === 0) {
      if (!known.some((g) => g.service === service) && !out.some((g) => g.service === service))
        out.push({
          key: `kubectl:${service}`,
          label: service,
          chains: [],
          targets: [],
          endpoints: [],
          service,
          noEndpoints: false,
          source: 'kubectl',
        });
      continue;
    }
    for (const p of s.ports) {
      const label = `${service}:${p.name ?? p.port}`;
      if (implemented(known, s, p, label)) continue;
      const proto = p.protocol.toLowerCase() as ServiceTarget['proto'];
      const at = (kind: ServiceTarget['kind'], ip: string | null, port: number): ServiceTarget => ({
        kind,
        ip,
        port,
        proto,
        line: 0,
      });
      const targets: ServiceTarget[] = [
        ...s.clusterIPs.map((ip) => at('clusterIP', ip, p.port)),
        ...(p.nodePort ? [at('nodePort', null, p.nodePort)] : []),
        ...s.loadBalancerIPs.map((ip) => at('loadBalancer', ip, p.port)),
        ...s.externalIPs.map((ip) => at('externalIP', ip, p.port)),
      ];
      const endpoints = kubectlEndpoints(kubectl, s, p);
      out.push({
        key: `kubectl:${service}:${p.port}/${proto}`,
        label,
        chains: [],
        targets,
        endpoints,
        service,
        noEndpoints: hasEndpointList && endpoints.length === 0,
        source: 'kubectl',
      });
    }
  }
  return out;
}
