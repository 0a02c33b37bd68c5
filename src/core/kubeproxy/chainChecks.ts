import { type Diagnostic, diagnostic } from '../text';
import { KUBE_CHAIN } from './chainNames';
import { type AnalysisContext, type KubeChainFacts, ownChain, ruleById } from './context';
import type { EndpointChain, KubeChain, PolicyChain } from './kubeTypes';
import { MODEL_CODES } from './modelCodes';

/**
 * Findings about the dump alone (no kubectl needed): chains whose Service port is unknown, cascades
 * that leave probability unassigned, KUBE-SEP chains without DNAT, and — in a full dump —
 * KUBE-SVC/SEP chains nothing jumps to (kube-proxy deletes those only every sync period in large
 * clusters: proxier.go "Delete chains no longer in use"). Fed chain by chain while the model is
 * built; `finish` reports chains, then cascades, then KUBE-SEPs.
 */
export class ChainChecks {
  private readonly chains: Diagnostic[] = [];
  private readonly gaps: Diagnostic[] = [];
  private readonly withoutDnat: Diagnostic[] = [];
  private readonly fullDump: boolean;

  constructor(private readonly ctx: AnalysisContext) {
    const services = ownChain(ctx.ruleset.tables.nat, KUBE_CHAIN.services);
    this.fullDump = services !== undefined && services.origin === 'declared' && services.rules.length > 0;
  }

  chain(c: KubeChain, facts: KubeChainFacts): void {
    const chain = facts.chain;
    if (c.hash === null || chain.rules.length === 0 || (c.role !== 'svc' && c.role !== 'sep')) return;
    if (c.owner === null) {
      const message = `No Service port found for ${c.name}`;
      this.chains.push(diagnostic('iptables', 'info', MODEL_CODES.ownerUnknown, message, chain.span));
    }
    if (this.fullDump && chain.origin === 'declared' && c.referencedBy === 0) {
      const message = `No rule jumps to ${c.name}: a stale chain`;
      this.chains.push(diagnostic('iptables', 'info', MODEL_CODES.staleChain, message, chain.span));
    }
  }

  policy(p: PolicyChain, facts: KubeChainFacts): void {
    if (p.fallthrough <= 1e-9) return;
    const last = p.targets[p.targets.length - 1];
    const rule = last ? ruleById(this.ctx, last.rule) : undefined;
    const span = rule?.span ?? facts.chain.span;
    const pct = (p.fallthrough * 100).toPrecision(3);
    const message = `${pct}% of new connections reach the end of ${p.chain} without choosing an endpoint`;
    this.gaps.push(diagnostic('iptables', 'warning', MODEL_CODES.probabilityGap, message, span));
  }

  endpoint(e: EndpointChain, facts: KubeChainFacts): void {
    const chain = facts.chain;
    if (chain.rules.length === 0 || e.dnatRule !== null) return;
    const message = `${e.chain} has no DNAT rule`;
    this.withoutDnat.push(diagnostic('iptables', 'info', MODEL_CODES.sepWithoutDnat, message, chain.span));
  }

  finish(diagnostics: Diagnostic[]): void {
    for (const list of [this.chains, this.gaps, this.withoutDnat]) for (const d of list) diagnostics.push(d);
  }
}
