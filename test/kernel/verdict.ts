import type { KernelStep, Observation } from './lab';

/** What the kernel did to one connection, in the tracer's vocabulary (Outcome's fields). */
export interface KernelOutcome {
  readonly verdict: 'ACCEPT' | 'DROP' | 'REJECT';
  /** `ip:port` the destination was rewritten to (conntrack reply tuple), or null. */
  readonly dnat: string | null;
  /** True when the reply tuple's destination differs from the original source (SNAT/MASQUERADE). */
  readonly masquerade: boolean;
  /** The source after SNAT, when masqueraded. */
  readonly snat: string | null;
}

/** `-j X` / `-g X` of a rule as xtables-monitor printed it. */
export function stepTarget(step: KernelStep): string | null {
  return /(?:^| )-[jg] (\S+)/.exec(step.text)?.[1] ?? null;
}

/**
 * The verdict from the kernel's own trace when there is one: nft's reject expression sets NF_DROP
 * after sending its ICMP/RST (nft_reject_ipv4.c), so a `DROP` event on a `-j REJECT` rule is a REJECT.
 * Without a trace (bulk connections) the client's view decides: an answer is ACCEPT, silence DROP,
 * ECONNREFUSED/EHOSTUNREACH REJECT.
 */
export function kernelVerdict(obs: Observation): KernelOutcome['verdict'] {
  if (obs.path && obs.path.length > 0) {
    const last = obs.path[obs.path.length - 1]!;
    if (last.verdict === 'DROP')
      return last.kind === 'rule' && stepTarget(last) === 'REJECT' ? 'REJECT' : 'DROP';
    return 'ACCEPT';
  }
  if (obs.result.kind === 'reply') return 'ACCEPT';
  if (obs.result.kind === 'timeout') return 'DROP';
  return 'REJECT';
}

/** DNAT and SNAT from the conntrack `[NEW]` event (nf_nat rewrites the reply tuple). */
export function kernelOutcome(obs: Observation): KernelOutcome {
  const verdict = kernelVerdict(obs);
  const ct = obs.conntrack;
  if (!ct) return { verdict, dnat: null, masquerade: false, snat: null };
  const dnatted = ct.reply.src !== ct.orig.dst || ct.reply.sport !== ct.orig.dport;
  const masquerade = ct.reply.dst !== ct.orig.src;
  return {
    verdict,
    dnat: dnatted ? `${ct.reply.src}:${ct.reply.sport}` : null,
    masquerade,
    snat: masquerade ? ct.reply.dst : null,
  };
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
