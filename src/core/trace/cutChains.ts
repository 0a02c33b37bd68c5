import { chainRole, KUBE_CHAIN } from '../kubeproxy';
import type { Chain, Rule, Ruleset, TableId, TableName } from '../ruleset';
import { closingJump, servicesToNodeports } from './standardRules';
import type { AssumedRules } from './types';

/*
 * Does a kube-proxy chain of a pasted excerpt end where kube-proxy's never does? `iptables-save |
 * grep <Service>` keeps the lines that name the Service and drops the rest: the `:CHAIN` declarations
 * and the rules without such a comment — KUBE-EXT's last jump (proxier.go writes
 * `-A KUBE-EXT-… -j KUBE-SVC-…|KUBE-SVL-…` with no comment) and KUBE-SERVICES' last rule to
 * KUBE-NODEPORTS. Only chains the text did not declare are judged (a whole dump is taken as it is).
 */

const onlyComment = (r: Rule) => r.matches.every((m) => m.kind === 'comment');
const jumpsTo = (r: Rule, name: string) => r.target.kind === 'jump' && r.target.chain === name;
const hasRules = (ruleset: Ruleset, table: TableName, name: string) =>
  (ruleset.tables[table]?.chains[name]?.rules.length ?? 0) > 0;

/** kube-proxy's "route LOCAL traffic …" / "masquerade LOCAL traffic …" rules: ETP Local's KUBE-EXT. */
const isSrcLocal = (r: Rule) => r.matches.some((m) => m.kind === 'addrtype' && m.src !== null);

function extCut(ruleset: Ruleset, chain: Chain, hash: string): AssumedRules | null {
  const last = chain.rules[chain.rules.length - 1] as Rule;
  const svc = `KUBE-SVC-${hash}`;
  const svl = `KUBE-SVL-${hash}`;
  if (onlyComment(last) && (jumpsTo(last, svc) || jumpsTo(last, svl))) return null;
  // proxier.go: `externalPolicyChain` is KUBE-SVL for externalTrafficPolicy Local, else KUBE-SVC. With
  // Local and no local endpoint kube-proxy writes no last jump at all (and no KUBE-SVL chain).
  const target = chain.rules.some(isSrcLocal) ? svl : svc;
  if (!hasRules(ruleset, 'nat', target)) return null;
  return closingJump(
    chain.name,
    target,
    `${chain.name} ends without kube-proxy's last rule, a jump to ${target} that carries no comment: iptables-save | grep drops it, so the chain looks cut.`,
  );
}

function servicesCut(ruleset: Ruleset, chain: Chain): AssumedRules | null {
  const last = chain.rules[chain.rules.length - 1] as Rule;
  if (jumpsTo(last, KUBE_CHAIN.nodeports)) return null;
  // Only iptables-mode KUBE-SERVICES (jumps to per-Service chains; IPVS mode ends otherwise).
  const iptablesMode = chain.rules.some(
    (r) => r.target.kind === 'jump' && /^KUBE-(SVC|EXT|FW|XLB)-/.test(r.target.chain),
  );
  if (!iptablesMode || !hasRules(ruleset, 'nat', KUBE_CHAIN.nodeports)) return null;
  return servicesToNodeports();
}

/**
 * The rules kube-proxy would have at the end of `table`/`name` when the text's copy looks cut, or
 * null. Cheap: looks at one chain (and whether its jump target has rules).
 */
export function cutAtEnd(ruleset: Ruleset, table: TableId, name: string): AssumedRules | null {
  if (table !== 'nat' || !name.startsWith('KUBE-')) return null;
  const chain = ruleset.tables.nat?.chains[name];
  if (chain === undefined || chain.origin === 'declared' || chain.rules.length === 0) return null;
  if (name === KUBE_CHAIN.services) return servicesCut(ruleset, chain);
  if (chainRole(name) === 'ext') return extCut(ruleset, chain, name.slice('KUBE-EXT-'.length));
  return null;
}
