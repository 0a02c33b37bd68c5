import type {
  DescribedService,
  EndpointChain,
  KubeChain,
  KubeProxyModel,
  KubeServicePort,
  PolicyChain,
  PolicyTarget,
  ServicesDescription,
} from '../src/core/kubeproxy';
import type { Diagnostic } from '../src/core/text';

/**
 * The kube-proxy model golden as a reviewer reads it: one short text per fixture — Service ports
 * with their addresses, filters and endpoint lottery (share of new connections per endpoint), the
 * chains by role, masquerade, and the diagnostics. It sits next to the full JSON golden, which stays
 * the exhaustive check (every field, every rule id); this one is what a diff should be read in.
 */

const pct = (share: number) => `${(share * 100).toFixed(4)}%`;
const list = (xs: readonly (string | number)[]) => (xs.length ? xs.join(', ') : '-');
const hex = (n: number | null) => (n === null ? '?' : `0x${n.toString(16)}`);
/** `KUBE-SEP-SNQ3ZNILQDEJNDQO` from `nat/KUBE-SEP-SNQ3ZNILQDEJNDQO`. */
const bare = (id: string | null) => (id === null ? '-' : id.slice(id.indexOf('/') + 1));

function addr(ip: string | null, port: number | null, protocol: string | null): string {
  const where = ip === null ? '*' : ip.includes(':') ? `[${ip}]` : ip;
  return `${where}:${port ?? '*'}/${protocol ?? '?'}`;
}

function targetLine(t: PolicyTarget, seps: ReadonlyMap<string, EndpointChain>): string {
  // An affinity (or unknown) rule takes no share of new connections: it is named instead.
  const share = t.condition === 'affinity' || t.condition === 'other' ? t.condition : pct(t.share);
  const how =
    t.condition === 'probability'
      ? `  p ${t.writtenProbability} (kernel ${Number(t.effectiveProbability?.toPrecision(12))})`
      : t.condition === 'always'
        ? '  rest'
        : '';
  const sep = seps.get(t.sep);
  const flags = [
    sep?.hairpinRule ? 'hairpin-masq' : null,
    sep?.affinitySet ? 'sets-affinity' : null,
    sep ? null : 'NO SUCH KUBE-SEP',
  ].filter((f) => f !== null);
  const tail = flags.length ? `  [${flags.join(', ')}]` : '';
  return `      ${share.padStart(9)}  ${t.endpoint ?? '?'}  via ${t.sep}${how}${tail}`;
}

function policyLines(p: PolicyChain, seps: ReadonlyMap<string, EndpointChain>): string[] {
  const head = [`    ${p.kind} ${p.chain}`];
  if (p.affinity) head.push(`affinity ${p.affinity.seconds ?? '?'} s`);
  if (p.masqueradeRules.length) head.push(`masq rules ${p.masqueradeRules.length}`);
  if (p.fallthrough > 0) head.push(`falls through ${pct(p.fallthrough)}`);
  const lines = [head.join('  ')];
  if (p.targets.length === 0) lines.push('      (no endpoints)');
  for (const t of p.targets) lines.push(targetLine(t, seps));
  return lines;
}

function servicePortLines(
  sp: KubeServicePort,
  policies: ReadonlyMap<string, PolicyChain>,
  seps: ReadonlyMap<string, EndpointChain>,
): string[] {
  const lines = [`  ${sp.name.text} ${sp.protocol ?? '?'} port ${sp.port ?? '?'}`];
  const ips = [
    ['cluster IPs', sp.clusterIPs],
    ['external IPs', sp.externalIPs],
    ['load-balancer IPs', sp.loadBalancerIPs],
    ['node ports', sp.nodePorts],
  ] as const;
  const shown = ips.filter(([, v]) => v.length).map(([k, v]) => `${k} ${list(v)}`);
  if (sp.healthCheckNodePort !== null) shown.push(`health-check node port ${sp.healthCheckNodePort}`);
  if (sp.affinitySeconds !== null) shown.push(`affinity ${sp.affinitySeconds} s`);
  lines.push(`    ${shown.join('; ') || 'no addresses'}`);
  const chains = Object.entries(sp.chains).filter(([, c]) => c !== null);
  lines.push(`    chains ${chains.map(([k, c]) => `${k} ${c}`).join(', ') || '-'}`);
  for (const e of sp.entries) {
    const local = e.localhostOnly ? ' (localhost only)' : '';
    lines.push(`    entry  ${e.kind} ${addr(e.ip, e.port, e.protocol)} -> ${e.target}${local}`);
  }
  for (const f of sp.filters) {
    lines.push(`    filter ${f.kind} ${addr(f.ip, f.port, f.protocol)} -> ${f.verdict} in ${bare(f.chain)}`);
  }
  for (const name of [sp.chains.svc, sp.chains.svl, sp.chains.xlb]) {
    const p = name === null ? undefined : policies.get(name);
    if (p) lines.push(...policyLines(p, seps));
  }
  return lines;
}

function chainLine(c: KubeChain): string {
  const owner = c.owner === null ? '' : `  ${c.owner} (${c.ownerSource})`;
  const hash = c.hashCheck === 'mismatch' ? '  HASH MISMATCH' : '';
  return `  ${c.role.padEnd(17)} ${c.id}${owner}${hash}  rules ${c.ruleCount}, jumps in ${c.referencedBy}`;
}

function diagnosticLines(diagnostics: readonly Diagnostic[]): string[] {
  if (diagnostics.length === 0) return ['Diagnostics: none'];
  return [
    `Diagnostics (${diagnostics.length})`,
    ...diagnostics.map((d) => `  ${d.severity} ${d.code} [${d.source}]: ${d.message}`),
  ];
}

/** The model of one dump, as text (see the file comment). */
export function summarizeKubeProxy(model: KubeProxyModel, diagnostics: readonly Diagnostic[]): string {
  const policies = new Map(model.policies.map((p) => [p.chain, p]));
  const seps = new Map(model.endpoints.map((e) => [e.chain, e]));
  const out = [
    `${model.servicePorts.length} Service ports, ${model.policies.length} policy chains, ` +
      `${model.endpoints.length} endpoint chains, ${model.chains.length} KUBE chains, ${model.jumps.length} jumps`,
    '',
    'Service ports',
  ];
  if (model.servicePorts.length === 0) out.push('  (none)');
  for (const sp of model.servicePorts) out.push(...servicePortLines(sp, policies, seps));

  const listed = new Set(model.servicePorts.flatMap((sp) => [sp.chains.svc, sp.chains.svl, sp.chains.xlb]));
  const orphans = model.policies.filter((p) => !listed.has(p.chain));
  if (orphans.length) {
    out.push('', 'Policy chains of no Service port');
    for (const p of orphans) out.push(...policyLines(p, seps));
  }
  const inPolicy = new Set(model.policies.flatMap((p) => p.targets.map((t) => t.sep)));
  out.push('', 'Endpoint chains');
  for (const e of model.endpoints) {
    const stray = inPolicy.has(e.chain) ? '' : '  (in no policy chain)';
    out.push(`  ${e.chain}  ${e.owner ?? '?'}  -> ${e.endpoint ?? '?'} ${e.protocol ?? '?'}${stray}`);
  }
  // Grouped by role, then by id (the model keeps declaration order): a dump and its iptables-save
  // form, which declares chains in another order, then read alike.
  const key = (c: KubeChain) => `${c.role} ${c.id}`;
  const chains = [...model.chains].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  out.push('', 'Chains by role', ...chains.map(chainLine));

  const m = model.masquerade;
  out.push(
    '',
    `Masquerade: ${m.style}, mark ${hex(m.mark)} set in ${bare(m.markChain)}, MASQUERADE ${m.masqueradeRule ?? '-'}` +
      `${m.randomFully ? ' --random-fully' : ''}; hooks ${list(m.hookRules)}; ` +
      `KUBE-SERVICES masquerade rules ${list(m.servicesMasqueradeRules)}`,
    `Drop mark: ${model.dropMark ? `${model.dropMark.chain} mark ${hex(model.dropMark.mark)}` : 'none'}`,
    '',
    ...diagnosticLines(diagnostics),
  );
  return `${out.join('\n')}\n`;
}

function serviceLines(s: DescribedService): string[] {
  const name = s.namespace === null ? s.name : `${s.namespace}/${s.name}`;
  const ips = [
    ...s.clusterIPs,
    ...s.externalIPs.map((ip) => `ext ${ip}`),
    ...s.loadBalancerIPs.map((ip) => `lb ${ip}`),
  ];
  const lines = [`  ${name} ${s.type}  ${list(ips)}`];
  for (const p of s.ports) {
    const node = p.nodePort === null ? '' : ` node ${p.nodePort}`;
    const eps = p.endpoints.map((e) => `${e.ip}:${e.port ?? '*'}${e.pod ? ` (${e.pod})` : ''}`);
    lines.push(`    ${p.name ?? '(unnamed)'} ${p.port}/${p.protocol}${node}  endpoints ${list(eps)}`);
    if (p.chains === null) {
      lines.push('      no chains in the dump');
      continue;
    }
    const named = (['svc', 'svl', 'ext', 'fw', 'xlb'] as const).filter((k) => p.chains?.[k]);
    lines.push(`      chains ${named.map((k) => `${k} ${p.chains?.[k]}`).join(', ') || '-'}`);
    for (const sep of p.chains.seps) lines.push(`      ${sep.chain} -> ${sep.endpoint ?? '?'}`);
  }
  return lines;
}

/** kubectl's Services joined to a dump's model (describeServices), as text. */
export function summarizeServices(services: ServicesDescription, diagnostics: readonly Diagnostic[]): string {
  const out = [`${services.services.length} Services (kubectl) with the dump's chains`, ''];
  for (const s of services.services) out.push(...serviceLines(s));
  out.push('', ...diagnosticLines(diagnostics));
  return `${out.join('\n')}\n`;
}
