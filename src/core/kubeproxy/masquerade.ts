import { type Chain, chainId, type Rule, type RuleId } from '../ruleset';
import { isKubeChain, KUBE_CHAIN } from './chainNames';
import { type AnalysisContext, factsOf, incomingRules, ownChain } from './context';
import type { DropMarkSetup, MasqueradeSetup } from './kubeTypes';
import { jumpTarget } from './ruleFacts';

/**
 * kube-proxy's SNAT setup. KUBE-MARK-MASQ sets the masquerade bit (`--masquerade-bit`, default 14
 * → 0x4000; written `--or-mark 0x4000` since 1.21, `--set-xmark 0x4000/0x4000` before); since 1.21
 * KUBE-POSTROUTING is `-m mark ! --mark M/M -j RETURN`, `-j MARK --xor-mark M`, `-j MASQUERADE
 * [--random-fully]`; before, a single `-m mark --mark M/M -j MASQUERADE`. KUBE-MARK-DROP
 * (0x8000) was kubelet's, dropped by KUBE-FIREWALL (proxier.go, kubelet_network_linux.go).
 */

/** The bit a MARK target sets: with xt_MARK's `(mark & ~mask) ^ value`, the bits of value inside mask. */
function markBit(rule: Rule): number | null {
  const t = rule.target;
  if (t.kind !== 'MARK') return null;
  return (t.value & t.mask) >>> 0 || t.value >>> 0;
}

function firstMark(chain: Chain | undefined): { rule: RuleId | null; mark: number | null } {
  for (const r of chain?.rules ?? []) {
    const m = markBit(r);
    if (m !== null) return { rule: r.id, mark: m };
  }
  return { rule: null, mark: null };
}

/** Describes KUBE-MARK-MASQ and KUBE-POSTROUTING of the nat table (fields `null` when absent). */
export function describeMasquerade(ctx: AnalysisContext): MasqueradeSetup {
  const markId = chainId('nat', KUBE_CHAIN.markMasq);
  const postId = chainId('nat', KUBE_CHAIN.postrouting);
  const nat = ctx.ruleset.tables.nat;
  const markChain = ownChain(nat, KUBE_CHAIN.markMasq);
  const post = ownChain(nat, KUBE_CHAIN.postrouting);
  const { rule: markRule, mark } = firstMark(markChain);
  let masqueradeRule: RuleId | null = null;
  let randomFully = false;
  let hasReturn = false;
  let markMatchOnMasq = false;
  for (const r of post?.rules ?? []) {
    if (r.target.kind === 'RETURN') hasReturn = true;
    if (r.target.kind === 'MASQUERADE' && masqueradeRule === null) {
      masqueradeRule = r.id;
      randomFully = r.target.randomFully;
      markMatchOnMasq = r.matches.some((m) => m.kind === 'mark' && !m.negated);
    }
  }
  const style =
    masqueradeRule === null
      ? 'unknown'
      : markMatchOnMasq
        ? 'mark-match'
        : hasReturn
          ? 'return-xor'
          : 'unknown';
  const hookRules = incomingOf(ctx)
    .filter((r) => !isKubeChain(r.chain))
    .map((r) => r.id);
  const services = ownChain(nat, KUBE_CHAIN.services);
  const servicesMasqueradeRules = (services?.rules ?? [])
    .filter((r) => jumpTarget(r) === KUBE_CHAIN.markMasq)
    .map((r) => r.id);
  return {
    markChain: markChain ? markId : null,
    markRule,
    mark,
    postroutingChain: post ? postId : null,
    masqueradeRule,
    randomFully,
    style,
    hookRules,
    servicesMasqueradeRules,
  };
}

/** Describes KUBE-MARK-DROP of the nat table, or `null` when the dump has none. */
export function describeDropMark(ctx: AnalysisContext): DropMarkSetup | null {
  const id = chainId('nat', KUBE_CHAIN.markDrop);
  const chain = ownChain(ctx.ruleset.tables.nat, KUBE_CHAIN.markDrop);
  if (!chain) return null;
  return { chain: id, ...firstMark(chain) };
}

function incomingOf(ctx: AnalysisContext): Rule[] {
  const facts = factsOf(ctx, 'nat', KUBE_CHAIN.postrouting);
  return facts ? incomingRules(ctx, facts) : [];
}
