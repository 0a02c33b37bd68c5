import type { KubectlData } from '../kubectl';
import type { Rule } from '../ruleset';
import { type Diagnostic, diagnostic } from '../text';
import {
  type AnalysisContext,
  type ChainFacts,
  cachedPortHash,
  chainOfRule,
  commentOf,
  notableComment,
  ruleAt,
} from './context';
import { isEndpointChainHash } from './hash';
import { kubectlHashOwners } from './kubectlHashes';
import type { HashCheck, OwnerSource, ServicePortName } from './kubeTypes';
import { MODEL_CODES } from './modelCodes';
import { protocolOf } from './ruleFacts';

/**
 * Who owns each per-Service chain (KUBE-SVC/SVL/EXT/FW/XLB/SEP), strongest evidence first
 * (see OwnerSource). Owner ⇔ hash: kube-proxy names the chain from the very string it prints in
 * the comment (proxier.go uses `svcPortNameString` for both), so a comment whose hash differs from
 * the chain name is reported (`model/hash-mismatch`, info: a hand edit or another version).
 */

const PROTOCOLS = ['tcp', 'udp', 'sctp'];

/** Whether the chain's hash is `name` hashed with protocol `p` (and the KUBE-SEP's endpoint). */
function hashes(ctx: AnalysisContext, f: ChainFacts, name: ServicePortName, p: string, ep: string | null) {
  const hash = f.hash as string;
  return ep === null
    ? cachedPortHash(ctx, name.text, p) === hash
    : isEndpointChainHash(hash, name.text, p, ep);
}

/**
 * Whether `name` hashes to the chain's suffix with any protocol: those its rules (or the rules
 * jumping to it) name first, then tcp, udp, sctp. `unknown` for a KUBE-SEP without endpoint.
 * Stops at the first match, so a consistent dump costs one hash per chain.
 */
function checkHash(ctx: AnalysisContext, f: ChainFacts, name: ServicePortName): HashCheck {
  if (f.hash === null) return 'unknown';
  let ep: string | null = null;
  if (f.role === 'sep') {
    ep = f.endpoint;
    if (ep === null) return 'unknown';
  }
  TRIED.length = 0;
  // Any protocol named by the chain's rules, the rules jumping to it, or tcp/udp/sctp may match:
  // the order only decides how soon. A KUBE-SEP's DNAT names it (no rule walk needed).
  if (f.dnatProtocol !== null && attempt(ctx, f, name, ep, f.dnatProtocol)) return 'match';
  for (const r of f.chain?.rules ?? []) if (attempt(ctx, f, name, ep, protocolOf(r))) return 'match';
  for (let k = f.firstIn; k !== -1; k = ctx.nextIn[k] as number)
    if (attempt(ctx, f, name, ep, protocolOf(ruleAt(ctx, k)))) return 'match';
  for (const p of PROTOCOLS) if (attempt(ctx, f, name, ep, p)) return 'match';
  return 'mismatch';
}

/** Protocols `checkHash` has tried for the chain at hand (reused: checks never nest). */
const TRIED: string[] = [];

/** Tries protocol `p` unless already tried; true on a match. */
function attempt(
  ctx: AnalysisContext,
  f: ChainFacts,
  name: ServicePortName,
  ep: string | null,
  p: string | null,
) {
  if (p === null || TRIED.includes(p)) return false;
  TRIED.push(p);
  return hashes(ctx, f, name, p, ep);
}

function own(
  ctx: AnalysisContext,
  f: ChainFacts,
  name: ServicePortName,
  source: OwnerSource,
  check: HashCheck,
) {
  f.owner = name;
  f.ownerSource = source;
  f.hashCheck = check;
  ctx.owned.push(f);
}

/**
 * Resolves owners of every hashed kube chain (into its facts: `owner`, `ownerSource`,
 * `hashCheck`). Adds `model/hash-mismatch` (info) for each comment whose Service port does not
 * hash to the chain that holds it.
 */
export function resolveOwners(
  ctx: AnalysisContext,
  kubectl: KubectlData | undefined,
  diagnostics: Diagnostic[],
): void {
  const services = ctx.hashedServices;
  const seps = ctx.hashedSeps;

  // 1. Own comments: the first name that hashes right wins; others that do not are reported.
  // The commented rules of every chain, in chain then rule order (ctx.notable).
  let chain: ChainFacts | null = null;
  let checked: string[] = [];
  let best: ServicePortName | null = null;
  let bestCheck: HashCheck = 'unknown';
  const settle = () => {
    if (chain !== null && best !== null) own(ctx, chain, best, 'comment', bestCheck);
  };
  for (let j = 0; j < ctx.notable.length; j++) {
    const k = ctx.notable[j] as number;
    const f = chainOfRule(ctx, k);
    if (f.hash === null) continue;
    const rule = f.chain.rules[k - f.base] as Rule;
    const c = notableComment(ctx, j, rule);
    if (!c) continue;
    if (f !== chain) {
      settle();
      chain = f;
      checked = [];
      best = null;
      bestCheck = 'unknown';
    } else if (checked.includes(c.name.text)) continue;
    checked.push(c.name.text);
    const check = checkHash(ctx, f, c.name);
    if (check === 'mismatch') mismatch(diagnostics, f, c.name, rule);
    if (!best || (bestCheck !== 'match' && check === 'match')) {
      best = c.name;
      bestCheck = check;
    }
  }
  settle();

  // 2. Comments on rules jumping to the chain ("ns/svc:p cluster IP" -j KUBE-SVC-…).
  for (const f of ctx.kube) {
    if (f.hash === null) continue;
    if (f.owner) continue;
    for (let k = f.firstIn; k !== -1; k = ctx.nextIn[k] as number) {
      const c = commentOf(ctx, ruleAt(ctx, k));
      if (!c) continue;
      own(ctx, f, c.name, 'reference', checkHash(ctx, f, c.name));
      break;
    }
  }

  propagate(ctx, services, seps);
  if (kubectl) {
    for (const [f, name] of kubectlHashOwners(ctx, ctx.kube, kubectl))
      own(ctx, f, name, 'kubectl-hash', 'match');
    propagate(ctx, services, seps);
  }
}

function mismatch(diagnostics: Diagnostic[], f: ChainFacts, name: ServicePortName, rule: Rule): void {
  const message = `The comment names ${name.text}, but ${f.name} is not kube-proxy's hash of it`;
  diagnostics.push(diagnostic('iptables', 'info', MODEL_CODES.hashMismatch, message, rule.span));
}

/**
 * Steps 3 and 4: siblings share the hash suffix; a KUBE-SEP inherits from the policy chain listing
 * it. `services` are the hashed chains but KUBE-SEP, `seps` the KUBE-SEP chains, both in order.
 */
function propagate(ctx: AnalysisContext, services: readonly ChainFacts[], seps: readonly ChainFacts[]): void {
  const byHash = new Map<string, ServicePortName>();
  for (const f of services) {
    if (f.owner && f.hashCheck !== 'mismatch' && !byHash.has(f.hash as string))
      byHash.set(f.hash as string, f.owner);
  }
  for (const f of services) {
    if (f.owner) continue;
    const name = byHash.get(f.hash as string);
    if (name) own(ctx, f, name, 'sibling', checkHash(ctx, f, name));
  }
  for (const f of seps) {
    if (f.owner) continue;
    for (let k = f.firstIn; k !== -1; k = ctx.nextIn[k] as number) {
      const from = chainOfRule(ctx, k).owner;
      if (!from) continue;
      own(ctx, f, from, 'policy', checkHash(ctx, f, from));
      break;
    }
  }
}
