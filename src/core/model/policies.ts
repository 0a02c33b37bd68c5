import { type AnalysisContext, commentOf } from './context';
import type { EndpointChain, PolicyChain, PolicyTarget } from './kubeTypes';
import type { Owner } from './owners';
import { chainRole, dnatEndpoint, jumpTarget, protocolOf, significantMatches } from './ruleFacts';
import { type Chain, chainId, type RuleId } from './ruleset';

/**
 * The endpoint lottery of KUBE-SVC / KUBE-SVL / KUBE-XLB chains and the DNAT of KUBE-SEP chains.
 * kube-proxy writes, for n endpoints, `--probability 1/(n-i)` on rule i < n-1 and an unconditional
 * last rule (proxier.go `writeServiceToEndpointRules`), so every endpoint gets 1/n; ClientIP
 * affinity rules (`-m recent --rcheck --seconds N --reap`) come first and only catch remembered
 * clients. The kernel applies `round(p·2^31)/2^31` (xt_statistic), so shares use the effective p.
 */

function classify(rule: Chain['rules'][number]): {
  condition: PolicyTarget['condition'];
  written: number | null;
  effective: number | null;
  seconds: number | null;
} {
  let written: number | null = null;
  let effective: number | null = null;
  let seconds: number | null = null;
  let affinity = false;
  let other = false;
  for (const m of significantMatches(rule)) {
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
export function buildPolicy(ctx: AnalysisContext, chain: Chain, owner: Owner | undefined): PolicyChain {
  const targets: PolicyTarget[] = [];
  const masqueradeRules: RuleId[] = [];
  const affinityRules: RuleId[] = [];
  let affinitySeconds: number | null = null;
  let remaining = 1;
  let remainingWritten = 1;
  for (const rule of chain.rules) {
    const to = jumpTarget(rule);
    if (to === 'KUBE-MARK-MASQ') masqueradeRules.push(rule.id);
    if (to === null || chainRole(to) !== 'sep') continue;
    const c = classify(rule);
    let share = 0;
    let writtenShare = 0;
    if (c.condition === 'probability') {
      // A probability outside [0, 1] cannot come from iptables(8); clamp so shares still sum to 1.
      share = remaining * clamp01(c.effective ?? 0);
      writtenShare = remainingWritten * clamp01(c.written ?? 0);
      remaining -= share;
      remainingWritten -= writtenShare;
    } else if (c.condition === 'always') {
      share = remaining;
      writtenShare = remainingWritten;
      remaining = 0;
      remainingWritten = 0;
    } else if (c.condition === 'affinity') {
      affinityRules.push(rule.id);
      affinitySeconds ??= c.seconds;
    }
    const sep = ctx.chainById.get(chainId(chain.table, to));
    const endpoint = (sep && sepDnat(sep)?.endpoint) ?? commentOf(ctx, rule)?.endpoint ?? null;
    targets.push({
      rule: rule.id,
      sep: to,
      endpoint,
      condition: c.condition,
      writtenProbability: c.written,
      effectiveProbability: c.effective,
      share,
      writtenShare,
    });
  }
  const kind = chainRole(chain.name) as PolicyChain['kind'];
  const hasLottery = targets.some((t) => t.condition === 'probability' || t.condition === 'always');
  return {
    chain: chain.name,
    id: chain.id,
    kind,
    owner: owner?.name.key ?? null,
    targets,
    fallthrough: hasLottery ? Math.max(0, remaining) : 0,
    affinity: affinityRules.length > 0 ? { seconds: affinitySeconds, rules: affinityRules } : null,
    masqueradeRules,
  };
}

function sepDnat(
  chain: Chain,
): { rule: RuleId; endpoint: string; ip: string; port: number | null; protocol: string | null } | null {
  for (const r of chain.rules) {
    const ep = dnatEndpoint(r);
    if (ep) return { rule: r.id, ...ep, protocol: protocolOf(r) };
  }
  return null;
}

/** Describes one KUBE-SEP chain. */
export function buildEndpoint(chain: Chain, owner: Owner | undefined): EndpointChain {
  const dnat = sepDnat(chain);
  let hairpinRule: RuleId | null = null;
  let affinitySet = false;
  for (const r of chain.rules) {
    if (jumpTarget(r) === 'KUBE-MARK-MASQ' && hairpinRule === null) hairpinRule = r.id;
    if (r.matches.some((m) => m.kind === 'recent' && m.action === 'set')) affinitySet = true;
  }
  return {
    chain: chain.name,
    id: chain.id,
    owner: owner?.name.key ?? null,
    endpoint: dnat?.endpoint ?? null,
    ip: dnat?.ip ?? null,
    port: dnat?.port ?? null,
    protocol: dnat?.protocol ?? null,
    dnatRule: dnat?.rule ?? null,
    hairpinRule,
    affinitySet,
  };
}
