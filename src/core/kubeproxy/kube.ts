import type { KubectlData } from '../kubectl';
import { chainId, type Ruleset, type Table, type TableName } from '../ruleset';
import { type Diagnostic, diagnostic } from '../text';
import { ChainChecks } from './chainChecks';
import { isKubeChain } from './chainNames';
import { type KubeChainFacts, ownChain } from './context';
import { crossCheckKubectl } from './crossCheck';
import { buildContext } from './indexRules';
import type { EndpointChain, KubeChain, KubeJump, KubeProxyModel, PolicyChain } from './kubeTypes';
import { describeDropMark, describeMasquerade } from './masquerade';
import { MODEL_CODES } from './modelCodes';
import { analyzeNftKubeProxy } from './nftModel';
import { kubeProxyReplacement } from './nodeAuthors';
import { resolveOwners } from './owners';
import { buildEndpoint, buildPolicy } from './policies';
import { describeProxyModes, detectProxyModes } from './proxyMode';
import { ServicePortCollector } from './servicePorts';

/**
 * Reads kube-proxy's meaning out of a Ruleset: every `KUBE-*` chain's role and owning Service port,
 * each KUBE-SEP's endpoint, each KUBE-SVC/SVL/XLB cascade with written and effective
 * probabilities, the entry rules per Service port, the masquerade setup; with kubectl data, also
 * owners of uncommented chains (recomputed hashes) and cross-checks (warnings, see MODEL_CODES).
 *
 * Never throws; pure; the result is plain data (structured-clone safe) that shares its strings
 * (ids, names) with the Ruleset. Linear in the rules; hashes only what it reports (one hash per
 * owned chain, Service ports' hashes shared by their chains).
 * @returns `{ result: KubeProxyModel, diagnostics }` — diagnostics point at rules (source
 * `iptables`) or at the kubectl line of a Service (source `kubectl`).
 */
export function analyzeKubeProxy(
  ruleset: Ruleset,
  kubectl?: KubectlData,
): { result: KubeProxyModel; diagnostics: Diagnostic[] } {
  if (ruleset.source === 'nftables') return analyzeNftRuleset(ruleset, kubectl);
  const modes = detectProxyModes(ruleset);
  const analyzed = analyzeIptablesModel(ruleset, kubectl);
  if (modes.length < 2) return analyzed;
  return {
    result: { ...analyzed.result, modes },
    diagnostics: [modeDiagnostic(modes), ...analyzed.diagnostics],
  };
}

function modeDiagnostic(modes: ReturnType<typeof detectProxyModes>): Diagnostic {
  return {
    source: 'iptables',
    severity: 'info',
    code: 'model/proxy-mode',
    message: describeProxyModes(modes),
    span: { start: 0, end: 0 },
  };
}

/**
 * An nftables dump: the `kube-proxy` table's model (nftModel.ts), and, where iptables-nft's own
 * tables hold kube-proxy's iptables-mode chains (`table ip nat`), their model as for iptables-save
 * (read through the tables' iptables names); both merged.
 */
function analyzeNftRuleset(
  ruleset: Ruleset,
  kubectl: KubectlData | undefined,
): { result: KubeProxyModel; diagnostics: Diagnostic[] } {
  const modes = detectProxyModes(ruleset);
  const nft = analyzeNftKubeProxy(ruleset);
  const diagnostics: Diagnostic[] = [modeDiagnostic(modes)];
  if (!modes.includes('iptables') && !modes.includes('ipvs'))
    return { result: { ...nft, modes }, diagnostics };
  const tables: Partial<Record<TableName, Table>> = {};
  for (const t of Object.values(ruleset.tables))
    if (t?.iptablesNft && t.family === 'ip') tables[t.name.slice(3) as TableName] = t;
  const ipt = analyzeIptablesModel({ family: ruleset.family, tables, ruleCount: ruleset.ruleCount }, kubectl);
  diagnostics.push(...ipt.diagnostics);
  const a = ipt.result;
  return {
    result: {
      chains: [...a.chains, ...nft.chains],
      servicePorts: [...a.servicePorts, ...nft.servicePorts],
      policies: [...a.policies, ...nft.policies],
      endpoints: [...a.endpoints, ...nft.endpoints],
      jumps: [...a.jumps, ...nft.jumps],
      masquerade: nft.masquerade.markChain !== null ? nft.masquerade : a.masquerade,
      dropMark: a.dropMark,
      modes,
    },
    diagnostics,
  };
}

function analyzeIptablesModel(
  ruleset: Ruleset,
  kubectl?: KubectlData,
): { result: KubeProxyModel; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const ctx = buildContext(ruleset);
  resolveOwners(ctx, kubectl, diagnostics);

  // One walk over the kube chains builds every list of the model and its findings.
  const chains: KubeChain[] = [];
  const policies: PolicyChain[] = [];
  const endpoints: EndpointChain[] = [];
  const ports = new ServicePortCollector(ctx);
  const checks = new ChainChecks(ctx);
  for (const f of ctx.kube) {
    const chain = kubeChain(f);
    chains.push(chain);
    checks.chain(chain, f);
    if (f.role === 'svc' || f.role === 'svl' || f.role === 'xlb') {
      const p = buildPolicy(ctx, f);
      policies.push(p);
      checks.policy(p, f);
    } else if (f.role === 'sep') {
      const e = buildEndpoint(f);
      endpoints.push(e);
      checks.endpoint(e, f);
    }
    ports.add(f);
  }

  const result: KubeProxyModel = {
    chains,
    servicePorts: ports.finish(policies, endpoints),
    policies,
    endpoints,
    jumps: ctx.jumps ?? listJumps(ruleset),
    masquerade: describeMasquerade(ctx),
    dropMark: describeDropMark(ctx),
  };
  checks.finish(diagnostics);
  if (kubectl) crossCheckKubectl(ctx, result, kubectl, diagnostics);
  replacedWarning(ruleset, diagnostics);
  return { result, diagnostics };
}

/** Said up front: Cilium's chains without kube-proxy's mean Services are translated in eBPF, not here. */
function replacedWarning(ruleset: Ruleset, diagnostics: Diagnostic[]): void {
  const r = kubeProxyReplacement(ruleset);
  if (r === null) return;
  const span = ruleset.tables[r.table]?.chains[r.chain]?.span ?? { start: 0, end: 0 };
  const message = `No kube-proxy chain, but Cilium's (${r.chain}): Cilium's kube-proxy replacement translates Service addresses in eBPF programs, which are not traced here. A trace shows only what these iptables rules do.`;
  diagnostics.unshift(diagnostic('iptables', 'warning', MODEL_CODES.kubeProxyReplaced, message, span));
}

/** A kube chain as the model lists it (ids and names are the Ruleset's own strings). */
function kubeChain(f: KubeChainFacts): KubeChain {
  return {
    id: f.id,
    table: f.chain.table,
    name: f.name,
    role: f.role,
    hash: f.hash,
    owner: f.owner?.key ?? null,
    ownerSource: f.ownerSource,
    hashCheck: f.hashCheck,
    ruleCount: f.chain.rules.length,
    // Each rule jumping here is one incoming rule (`jumps` lists the same rules).
    referencedBy: f.inCount,
  };
}

/**
 * Every `-j`/`-g` from or to a kube chain, tables and chains in `Object.values` order. Only for
 * Rulesets whose chains are not in `order` order (buildContext lists the jumps of the others).
 */
function listJumps(ruleset: Ruleset): KubeJump[] {
  const jumps: KubeJump[] = [];
  for (const table of Object.values(ruleset.tables)) if (table) listTableJumps(table, jumps);
  return jumps;
}

function listTableJumps(table: Table, jumps: KubeJump[]): void {
  for (const chain of Object.values(table.chains)) {
    const fromKube = isKubeChain(chain.name);
    for (const rule of chain.rules) {
      const t = rule.target;
      if (t.kind !== 'jump' || (!fromKube && !isKubeChain(t.chain))) continue;
      const toId = ownChain(table, t.chain)?.id ?? chainId(table.name, t.chain);
      jumps.push({ from: chain.id, to: toId, rule: rule.id, goto: t.goto });
    }
  }
}
