import type { KubectlData, ServiceInfo, ServicePortInfo } from '../kubectl';
import type { Rule, Ruleset } from '../ruleset';
import { chainRole, KUBE_CHAIN } from './chainNames';
import type { KubeCommentReader } from './comments';
import { endpointString } from './hash';
import type { ServicePortName } from './kubeTypes';
import { groupLabel, type ServiceGroup, type ServiceTarget, serviceKey } from './serviceGroup';

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
const REJECT_CHAINS = [KUBE_CHAIN.services, KUBE_CHAIN.externalServices] as const;

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
    ip === null ? 'nodePort' : chainRole(rule.chain) === 'services' ? 'clusterIP' : 'externalIP';
  return { kind, ip, port, proto, line: rule.line };
}

/**
 * Service ports whose only rules are "has no endpoints" REJECTs (filter KUBE-SERVICES /
 * KUBE-EXTERNAL-SERVICES), one group per port, keyed `noep:<label>`. The comment is read by the
 * model's reader (`no-endpoints`: exactly `"%s has no endpoints"`). A port that also has nat
 * chains (`known`) is not repeated.
 */
export function noEndpointGroups(
  ruleset: Ruleset,
  known: readonly ServiceGroup[],
  comments: KubeCommentReader,
): ServiceGroup[] {
  const drafts = new Map<string, { name: ServicePortName; targets: ServiceTarget[] }>();
  for (const table of Object.values(ruleset.tables)) {
    for (const chain of REJECT_CHAINS) {
      for (const rule of table?.chains[chain]?.rules ?? []) {
        if (rule.comment === null) continue;
        const c = comments.read(rule.comment);
        const t = c?.kind === 'no-endpoints' ? rejectTarget(rule) : null;
        if (!c || !t) continue;
        const id = `${c.name.key}|${t.proto}`;
        const d = drafts.get(id) ?? { name: c.name, targets: [] };
        drafts.set(id, d);
        if (!d.targets.some((x) => x.kind === t.kind && x.ip === t.ip && x.port === t.port))
          d.targets.push(t);
      }
    }
  }
  const labels = new Set(known.map((g) => g.label));
  const out: ServiceGroup[] = [];
  for (const d of drafts.values()) {
    const label = groupLabel(d.name, d.targets);
    if (labels.has(label)) continue;
    labels.add(label);
    out.push({
      key: `noep:${label}`,
      label,
      chains: [],
      targets: d.targets,
      endpoints: [],
      service: serviceKey(d.name),
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
    const ep = a.port === null ? a.ip : endpointString(a.ip, a.port);
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
