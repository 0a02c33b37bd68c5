import type { KernelStep, Observation } from '../harness/lab';

/** What the kernel did to one connection, in the tracer's vocabulary (Outcome's fields). */
export interface KernelOutcome {
  readonly verdict: 'ACCEPT' | 'DROP' | 'REJECT';
  /** `ip:port` (`ip` for ICMP) the destination was rewritten to (conntrack reply tuple), or null. */
  readonly dnat: string | null;
  /** True when the reply tuple's destination differs from the original source (SNAT/MASQUERADE). */
  readonly masquerade: boolean;
  /** The source after SNAT, when masqueraded. */
  readonly snat: string | null;
  /**
   * Where an accepted, traced packet went, from the base chains its trace passed: INPUT → `local`,
   * FORWARD → `forward`, neither for a node's own packet → `out` (OUTPUT, POSTROUTING, away). Null
   * when not ACCEPT or untraced (bulk).
   */
  readonly delivery: 'local' | 'forward' | 'out' | null;
}

/** `-j X` / `-g X` of a rule as xtables-monitor printed it. */
function stepTarget(step: KernelStep): string | null {
  return /(?:^| )-[jg] (\S+)/.exec(step.text)?.[1] ?? null;
}

/** nft's `reject` statement as `nft monitor trace` prints the rule (the verdict shows as `drop`). */
const NFT_REJECT = /(?:^| )reject(?: |$)/;

/**
 * The verdict from the kernel's own trace when there is one: nft's reject expression sets NF_DROP
 * after sending its ICMP/RST (nft_reject_ipv4.c), so a `DROP` event on a `-j REJECT` rule is a REJECT.
 * Without a trace (bulk connections) the client's view decides: an answer is ACCEPT, silence DROP,
 * ECONNREFUSED/EHOSTUNREACH REJECT.
 */
function kernelVerdict(obs: Observation): KernelOutcome['verdict'] {
  if (obs.path && obs.path.length > 0) {
    const last = obs.path[obs.path.length - 1]!;
    if (last.verdict === 'DROP')
      return last.kind === 'rule' && (stepTarget(last) === 'REJECT' || NFT_REJECT.test(last.text))
        ? 'REJECT'
        : 'DROP';
    return 'ACCEPT';
  }
  if (obs.result.kind === 'reply') return 'ACCEPT';
  if (obs.result.kind === 'timeout') return 'DROP';
  return 'REJECT';
}

/** The delivery the kernel's trace shows (see KernelOutcome.delivery). */
function kernelDelivery(obs: Observation, verdict: KernelOutcome['verdict']): KernelOutcome['delivery'] {
  if (verdict !== 'ACCEPT' || !obs.path || obs.path.length === 0) return null;
  // iptables' built-in chains, or kube-proxy's nftables base chains on those hooks (every era).
  if (obs.path.some((s) => s.chain === 'INPUT' || s.chain === 'filter-input')) return 'local';
  if (obs.path.some((s) => s.chain === 'FORWARD' || s.chain === 'filter-forward')) return 'forward';
  return obs.client.kind === 'host' ? 'out' : null;
}

/**
 * A packet dropped after its DNAT (a CNI's policy in filter FORWARD) never has its conntrack entry
 * confirmed — confirmation runs as the packet leaves the last hook (nf_conntrack_core.c,
 * `__nf_conntrack_confirm` from `nf_confirm` at POSTROUTING / LOCAL_IN) — so no `[NEW]` event
 * shows the binding. The traced path still shows the DNAT rule that matched: its
 * `--to-destination` is where the destination was rewritten to. Null without a traced DNAT.
 */
function unconfirmedDnat(obs: Observation): string | null {
  const rule = [...(obs.path ?? [])].reverse().find((s) => s.kind === 'rule' && /-j DNAT\b/.test(s.text));
  return rule ? (/--to-destination (\S+)/.exec(rule.text)?.[1] ?? null) : null;
}

/** DNAT and SNAT from the conntrack `[NEW]` event (nf_nat rewrites the reply tuple). */
export function kernelOutcome(obs: Observation): KernelOutcome {
  const verdict = kernelVerdict(obs);
  const delivery = kernelDelivery(obs, verdict);
  const ct = obs.conntrack;
  if (!ct) return { verdict, dnat: unconfirmedDnat(obs), masquerade: false, snat: null, delivery };
  const dnatted = ct.reply.src !== ct.orig.dst || ct.reply.sport !== ct.orig.dport;
  const masquerade = ct.reply.dst !== ct.orig.src;
  const to = obs.proto === 'icmp' ? ct.reply.src : `${ct.reply.src}:${ct.reply.sport}`;
  return { verdict, dnat: dnatted ? to : null, masquerade, snat: masquerade ? ct.reply.dst : null, delivery };
}

/**
 * The endpoint's own view, to cross-check conntrack: TCP servers print the address they were reached
 * on and the peer they saw. Returns a list of disagreements (empty when consistent or not applicable).
 */
export function crossCheckWithServer(obs: Observation, k: KernelOutcome): string[] {
  if (obs.result.kind !== 'reply' || obs.proto !== 'tcp') return [];
  const r = obs.result.reply;
  const problems: string[] = [];
  const expectedLocal = k.dnat ?? `${obs.dst}:${obs.dport}`;
  if (r.local !== expectedLocal)
    problems.push(`server reached on ${r.local}, conntrack says ${expectedLocal}`);
  const peerIp = r.peer.slice(0, r.peer.lastIndexOf(':'));
  const expectedPeer = k.snat ?? obs.src;
  if (peerIp !== expectedPeer) problems.push(`server saw peer ${peerIp}, conntrack says ${expectedPeer}`);
  return problems;
}

/** `"nat KUBE-SVC-X:123 JUMP"`-style one-liners for failure messages. */
export function describePath(path: readonly KernelStep[]): string {
  return path
    .filter((s) => s.kind === 'rule')
    .map((s) => `  ${s.table}/${s.chain} line ${s.line} ${s.verdict}: ${s.text}`)
    .join('\n');
}
