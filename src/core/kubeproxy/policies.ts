import type { Rule, RuleId } from '../ruleset';
import { type AnalysisContext, commentOf, type KubeChainFacts } from './context';
import type { EndpointChain, PolicyChain, PolicyTarget } from './kubeTypes';

/**
 * The endpoint lottery of KUBE-SVC / KUBE-SVL / KUBE-XLB chains and the DNAT of KUBE-SEP chains.
 * kube-proxy writes, for n endpoints, `--probability 1/(n-i)` on rule i < n-1 and an unconditional
 * last rule (proxier.go `writeServiceToEndpointRules`), so every endpoint gets 1/n; ClientIP
 * affinity rules (`-m recent --rcheck --seconds N --reap`) come first and only catch remembered
 * clients. The kernel applies `round(p·2^31)/2^31` (xt_statistic), so shares use the effective p.
 */

interface Classified {
  condition: PolicyTarget['condition'];
  written: number | null;
  effective: number | null;
  seconds: number | null;
}

function classify(rule: Rule): Classified {
  let written: number | null = null;
  let effective: number | null = null;
  let seconds: number | null = null;
  let affinity = false;
  let other = false;
  for (const m of rule.matches) {
    if (m.kind === 'comment') continue;
    if (m.kind === 'statistic' && m.mode === 'random' && !m.negated) {
      written = m.probability;
      effective = m.effectiveProbability;
    } else if (m.kind === 'recent' && m.action === 'rcheck' && !m.negated) {
      affinity = true;
      seconds = m.seconds;
    } else other = true;
  }
  if (affinity) return { condition: 'affinity', written, effective, seconds };
  if (other) return { condition: 'other', written, effective, seconds };
  if (written !== null) return { condition: 'probability', written, effective, seconds };
  return { condition: 'always', written: null, effective: 1, seconds };
}

function clamp01(p: number): number {
  return Number.isFinite(p) ? Math.min(1, Math.max(0, p)) : 0;
}

/** Builds the cascade of one policy chain. */
export function buildPolicy(ctx: AnalysisContext, facts: KubeChainFacts): PolicyChain {
  const chain = facts.chain;
  const targets: PolicyTarget[] = [];
  const masqueradeRules: RuleId[] = [];
  const affinityRules: RuleId[] = [];
  let affinitySeconds: number | null = null;
  let remaining = 1;
  let remainingWritten = 1;
  let hasLottery = false;
  for (let i = 0; i < chain.rules.length; i++) {
    const rule = chain.rules[i] as Rule;
    // The KUBE-* chain this rule jumps to, resolved once by buildContext (roles follow names).
    const sep = ctx.facts[ctx.ruleTo[facts.base + i] as number];
    if (sep?.role === 'mark-masq') masqueradeRules.push(rule.id);
    if (sep?.role !== 'sep') continue;
    const c = classify(rule);
    let share = 0;
    let writtenShare = 0;
    if (c.condition === 'probability') {
      // A probability outside [0, 1] cannot come from iptables(8); clamp so shares still sum to 1.
      share = remaining * clamp01(c.effective ?? 0);
      writtenShare = remainingWritten * clamp01(c.written ?? 0);
      remaining -= share;
      remainingWritten -= writtenShare;
      hasLottery = true;
    } else if (c.condition === 'always') {
      share = remaining;
      writtenShare = remainingWritten;
      remaining = 0;
      remainingWritten = 0;
      hasLottery = true;
    } else if (c.condition === 'affinity') {
      affinityRules.push(rule.id);
      affinitySeconds ??= c.seconds;
    }
    const endpoint = sep.endpoint ?? commentOf(ctx, rule)?.endpoint ?? null;
    targets.push({
      rule: rule.id,
      sep: sep.name,
      endpoint,
      condition: c.condition,
      writtenProbability: c.written,
      effectiveProbability: c.effective,
      share,
      writtenShare,
    });
  }
  return {
    chain: chain.name,
    id: chain.id,
    kind: facts.role as PolicyChain['kind'],
    owner: facts.owner?.key ?? null,
    targets,
    fallthrough: hasLottery ? Math.max(0, remaining) : 0,
    affinity: affinityRules.length > 0 ? { seconds: affinitySeconds, rules: affinityRules } : null,
    masqueradeRules,
  };
}

/** Describes one KUBE-SEP chain (its DNAT, hairpin and affinity were read by buildContext). */
export function buildEndpoint(facts: KubeChainFacts): EndpointChain {
  return {
    chain: facts.name,
    id: facts.chain.id,
    owner: facts.owner?.key ?? null,
    endpoint: facts.endpoint,
    ip: facts.dnatIp,
    port: facts.dnatPort,
    protocol: facts.dnatProtocol,
    dnatRule: facts.dnatRule,
    hairpinRule: facts.hairpinRule,
    affinitySet: facts.affinitySet,
  };
}
