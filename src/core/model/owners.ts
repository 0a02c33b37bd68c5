import type { KubectlData } from '../kubectl/types';
import { type Diagnostic, diagnostic } from '../text/diagnostic';
import { type AnalysisContext, commentOf } from './context';
import { portProtoHash, servicePortEndpointChainName } from './hash';
import { kubectlHashOwners } from './kubectlHashes';
import type { HashCheck, OwnerSource, ServicePortName } from './kubeTypes';
import { MODEL_CODES } from './modelCodes';
import { chainHash, chainRole, dnatEndpoint, protocolOf } from './ruleFacts';
import type { Chain, ChainId } from './ruleset';

/**
 * Who owns each per-Service chain (KUBE-SVC/SVL/EXT/FW/XLB/SEP), strongest evidence first
 * (see OwnerSource). Owner ⇔ hash: kube-proxy names the chain from the very string it prints in
 * the comment (proxier.go uses `svcPortNameString` for both), so a comment whose hash differs from
 * the chain name is reported (`model/hash-mismatch`, info: a hand edit or another version).
 */

export interface Owner {
  readonly name: ServicePortName;
  readonly source: OwnerSource;
  readonly hashCheck: HashCheck;
}

const PROTOCOLS = ['tcp', 'udp', 'sctp'];

/** Protocols worth trying for a chain's hash: those its rules (or the rules jumping to it) name. */
function protocolsOf(ctx: AnalysisContext, chain: Chain): string[] {
  const found = new Set<string>();
  for (const r of chain.rules) {
    const p = protocolOf(r);
    if (p) found.add(p);
  }
  for (const r of ctx.incoming.get(chain.id) ?? []) {
    const p = protocolOf(r);
    if (p) found.add(p);
  }
  return found.size > 0 ? [...found, ...PROTOCOLS.filter((p) => !found.has(p))] : PROTOCOLS;
}

/** The endpoint a KUBE-SEP DNATs to. */
export function sepEndpoint(chain: Chain): string | null {
  for (const r of chain.rules) {
    const ep = dnatEndpoint(r);
    if (ep) return ep.endpoint;
  }
  return null;
}

/** Whether `name` hashes to the chain's suffix (any protocol). `unknown` for a KUBE-SEP without endpoint. */
export function checkHash(ctx: AnalysisContext, chain: Chain, name: ServicePortName): HashCheck {
  const hash = chainHash(chain.name);
  if (hash === null) return 'unknown';
  const protocols = protocolsOf(ctx, chain);
  if (chainRole(chain.name) === 'sep') {
    const ep = sepEndpoint(chain);
    if (ep === null) return 'unknown';
    const ok = protocols.some((p) => servicePortEndpointChainName(name.text, p, ep) === chain.name);
    return ok ? 'match' : 'mismatch';
  }
  return protocols.some((p) => portProtoHash(name.text, p) === hash) ? 'match' : 'mismatch';
}

/**
 * Resolves owners of every hashed kube chain. Adds `model/hash-mismatch` (info) for each comment
 * whose Service port does not hash to the chain that holds it.
 */
export function resolveOwners(
  ctx: AnalysisContext,
  kubectl: KubectlData | undefined,
  diagnostics: Diagnostic[],
): Map<ChainId, Owner> {
  const owners = new Map<ChainId, Owner>();
  const hashed = ctx.kubeChains.filter((c) => chainHash(c.name) !== null);

  // 1. Own comments: the first name that hashes right wins; others that do not are reported.
  for (const chain of hashed) {
    const checked = new Map<string, HashCheck>();
    let best: Owner | null = null;
    for (const rule of chain.rules) {
      const c = commentOf(ctx, rule);
      if (!c || checked.has(c.name.text)) continue;
      const check = checkHash(ctx, chain, c.name);
      checked.set(c.name.text, check);
      if (check === 'mismatch') {
        diagnostics.push(
          diagnostic(
            'iptables',
            'info',
            MODEL_CODES.hashMismatch,
            `The comment names ${c.name.text}, but ${chain.name} is not kube-proxy's hash of it`,
            rule.span,
          ),
        );
      }
      if (!best || (best.hashCheck !== 'match' && check === 'match')) {
        best = { name: c.name, source: 'comment', hashCheck: check };
      }
    }
    if (best) owners.set(chain.id, best);
  }

  // 2. Comments on rules jumping to the chain ("ns/svc:p cluster IP" -j KUBE-SVC-…).
  for (const chain of hashed) {
    if (owners.has(chain.id)) continue;
    for (const rule of ctx.incoming.get(chain.id) ?? []) {
      const c = commentOf(ctx, rule);
      if (!c) continue;
      owners.set(chain.id, { name: c.name, source: 'reference', hashCheck: checkHash(ctx, chain, c.name) });
      break;
    }
  }

  propagate(ctx, hashed, owners);
  if (kubectl) {
    for (const [id, name] of kubectlHashOwners(hashed, owners, kubectl)) {
      owners.set(id, { name, source: 'kubectl-hash', hashCheck: 'match' });
    }
    propagate(ctx, hashed, owners);
  }
  return owners;
}

/** Steps 3 and 4: siblings share the hash suffix; a KUBE-SEP inherits from the policy chain listing it. */
function propagate(ctx: AnalysisContext, hashed: readonly Chain[], owners: Map<ChainId, Owner>): void {
  const byHash = new Map<string, ServicePortName>();
  for (const chain of hashed) {
    const o = owners.get(chain.id);
    const h = chainHash(chain.name);
    if (o && h && chainRole(chain.name) !== 'sep' && o.hashCheck !== 'mismatch' && !byHash.has(h))
      byHash.set(h, o.name);
  }
  for (const chain of hashed) {
    if (owners.has(chain.id) || chainRole(chain.name) === 'sep') continue;
    const name = byHash.get(chainHash(chain.name) as string);
    if (name) owners.set(chain.id, { name, source: 'sibling', hashCheck: checkHash(ctx, chain, name) });
  }
  for (const chain of hashed) {
    if (owners.has(chain.id) || chainRole(chain.name) !== 'sep') continue;
    for (const rule of ctx.incoming.get(chain.id) ?? []) {
      const from = owners.get(`${rule.table}/${rule.chain}` as ChainId);
      if (!from) continue;
      owners.set(chain.id, {
        name: from.name,
        source: 'policy',
        hashCheck: checkHash(ctx, chain, from.name),
      });
      break;
    }
  }
}
