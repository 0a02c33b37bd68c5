import { type Diagnostic, diagnostic } from '../text/diagnostic';
import { type AnalysisContext, ruleById } from './context';
import type { KubeProxyModel } from './kubeTypes';
import { MODEL_CODES } from './modelCodes';
import { chainId } from './ruleset';

/**
 * Findings about the dump alone (no kubectl needed): chains whose Service port is unknown, cascades
 * that leave probability unassigned, KUBE-SEP chains without DNAT, and — in a full dump —
 * KUBE-SVC/SEP chains nothing jumps to (kube-proxy deletes those only every sync period in large
 * clusters: proxier.go "Delete chains no longer in use").
 */
export function checkChains(ctx: AnalysisContext, model: KubeProxyModel, diagnostics: Diagnostic[]): void {
  const services = ctx.chainById.get(chainId('nat', 'KUBE-SERVICES'));
  const fullDump = services !== undefined && services.origin === 'declared' && services.rules.length > 0;
  for (const c of model.chains) {
    const chain = ctx.chainById.get(c.id);
    if (!chain || c.hash === null || chain.rules.length === 0) continue;
    if (c.owner === null && (c.role === 'svc' || c.role === 'sep')) {
      diagnostics.push(
        diagnostic(
          'iptables',
          'info',
          MODEL_CODES.ownerUnknown,
          `No Service port found for ${c.name}`,
          chain.span,
        ),
      );
    }
    if (
      fullDump &&
      chain.origin === 'declared' &&
      c.referencedBy === 0 &&
      (c.role === 'svc' || c.role === 'sep')
    ) {
      diagnostics.push(
        diagnostic(
          'iptables',
          'info',
          MODEL_CODES.staleChain,
          `No rule jumps to ${c.name}: a stale chain`,
          chain.span,
        ),
      );
    }
  }
  for (const p of model.policies) {
    if (p.fallthrough <= 1e-9) continue;
    const last = p.targets[p.targets.length - 1];
    const rule = last ? ruleById(ctx, last.rule) : undefined;
    const span = rule?.span ?? ctx.chainById.get(p.id)?.span ?? { start: 0, end: 0 };
    const pct = (p.fallthrough * 100).toPrecision(3);
    diagnostics.push(
      diagnostic(
        'iptables',
        'warning',
        MODEL_CODES.probabilityGap,
        `${pct}% of new connections reach the end of ${p.chain} without choosing an endpoint`,
        span,
      ),
    );
  }
  for (const e of model.endpoints) {
    const chain = ctx.chainById.get(e.id);
    if (!chain || chain.rules.length === 0 || e.dnatRule !== null) continue;
    diagnostics.push(
      diagnostic('iptables', 'info', MODEL_CODES.sepWithoutDnat, `${e.chain} has no DNAT rule`, chain.span),
    );
  }
}
