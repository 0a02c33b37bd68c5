import type { KubectlData } from '../kubectl/types';
import type { Diagnostic } from '../text/diagnostic';
import { checkChains } from './chainChecks';
import { buildContext } from './context';
import { crossCheckKubectl } from './crossCheck';
import type { KubeChain, KubeJump, KubeProxyModel } from './kubeTypes';
import { describeDropMark, describeMasquerade } from './masquerade';
import { resolveOwners } from './owners';
import { buildEndpoint, buildPolicy } from './policies';
import { chainHash, chainRole, isKubeChain } from './ruleFacts';
import { type ChainId, chainId, type Ruleset } from './ruleset';
import { buildServicePorts } from './servicePorts';

/**
 * Reads kube-proxy's meaning out of a Ruleset: every `KUBE-*` chain's role and owning Service port,
 * each KUBE-SEP's endpoint, each KUBE-SVC/SVL/XLB cascade with written and effective
 * probabilities, the entry rules per Service port, the masquerade setup; with kubectl data, also
 * owners of uncommented chains (recomputed hashes) and cross-checks (warnings, see MODEL_CODES).
 *
 * Never throws; pure; the result is plain data (structured-clone safe).
 * @returns `{ result: KubeProxyModel, diagnostics }` — diagnostics point at rules (source
 * `iptables`) or at the kubectl line of a Service (source `kubectl`).
 */
export function analyzeKubeProxy(
  ruleset: Ruleset,
  kubectl?: KubectlData,
): { result: KubeProxyModel; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const ctx = buildContext(ruleset);
  const owners = resolveOwners(ctx, kubectl, diagnostics);

  const policies = ctx.kubeChains
    .filter((c) => ['svc', 'svl', 'xlb'].includes(chainRole(c.name)))
    .map((c) => buildPolicy(ctx, c, owners.get(c.id)));
  const endpoints = ctx.kubeChains
    .filter((c) => chainRole(c.name) === 'sep')
    .map((c) => buildEndpoint(c, owners.get(c.id)));
  const servicePorts = buildServicePorts(ctx, owners, policies, endpoints);

  const jumps: KubeJump[] = [];
  const referencedBy = new Map<ChainId, number>();
  for (const table of Object.values(ruleset.tables)) {
    if (!table) continue;
    for (const chain of Object.values(table.chains)) {
      for (const rule of chain.rules) {
        if (rule.target.kind !== 'jump') continue;
        const to = rule.target.chain;
        if (!isKubeChain(chain.name) && !isKubeChain(to)) continue;
        const toId = chainId(table.name, to);
        jumps.push({ from: chain.id, to: toId, rule: rule.id, goto: rule.target.goto });
        referencedBy.set(toId, (referencedBy.get(toId) ?? 0) + 1);
      }
    }
  }

  const chains: KubeChain[] = ctx.kubeChains.map((c) => {
    const owner = owners.get(c.id);
    return {
      id: c.id,
      table: c.table,
      name: c.name,
      role: chainRole(c.name),
      hash: chainHash(c.name),
      owner: owner?.name.key ?? null,
      ownerSource: owner?.source ?? null,
      hashCheck: owner?.hashCheck ?? 'unknown',
      ruleCount: c.rules.length,
      referencedBy: referencedBy.get(c.id) ?? 0,
    };
  });

  const result: KubeProxyModel = {
    chains,
    servicePorts,
    policies,
    endpoints,
    jumps,
    masquerade: describeMasquerade(ctx),
    dropMark: describeDropMark(ctx),
  };
  checkChains(ctx, result, diagnostics);
  if (kubectl) crossCheckKubectl(ctx, result, kubectl, diagnostics);
  return { result, diagnostics };
}
