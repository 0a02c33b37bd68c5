import type { ServiceGroup, ServiceTarget } from '../../core/kubeproxy';
import type { Outcome, Packet } from '../../core/trace';
import type { RuleLookup } from '../../core/view';
import type { Translate } from '../../i18n';

/** The question and the answer of a shared trace, in words (the receiver card, issue 9 §3). */
export interface ReceiverSummary {
  /** `client 203.0.113.7 → node 192.168.10.11:30443 (shop/checkout NodePort)` */
  readonly question: string;
  /** `DROP in filter KUBE-EXTERNAL-SERVICES, line 36: has no local endpoints` */
  readonly answer: string;
}

/** Service kinds are Kubernetes words: they stay as written in both languages. */
const KIND_WORD: Readonly<Record<ServiceTarget['kind'], string>> = {
  clusterIP: 'ClusterIP',
  nodePort: 'NodePort',
  loadBalancer: 'LoadBalancer',
  externalIP: 'externalIP',
};

/**
 * The Service the packet was addressed to: a group with a target at its destination (on the path
 * first; a dropped packet may never reach the Service's own chains), else a group on the path.
 */
function serviceOf(packet: Packet, outcome: Outcome, groups: readonly ServiceGroup[]): string | null {
  const chains = new Set(outcome.path.map((s) => s.chain));
  const onPath = (g: ServiceGroup) => g.chains.some((c) => chains.has(c));
  const target = (g: ServiceGroup) =>
    g.targets.find((x) => x.port === packet.dport && (x.ip === packet.dst || x.ip === null));
  const named = (g: ServiceGroup) => g.service ?? g.label;
  const hit =
    groups.find((g) => named(g) && target(g) && onPath(g)) ??
    groups.find((g) => named(g) && target(g)) ??
    groups.find((g) => named(g) && onPath(g));
  if (!hit) return null;
  const t = target(hit);
  return t ? `${named(hit)} ${KIND_WORD[t.kind]}` : named(hit);
}

/** kube-proxy's comments start with the Service (`shop/checkout:https has no local endpoints`): the card names it already. */
function reasonOf(comment: string | null): string | null {
  if (!comment) return null;
  const rest = comment.replace(/^[a-z0-9.-]+\/[a-z0-9.-]+(:\S+)?\s+(?=\S)/i, '');
  return rest.trim() || null;
}

export function receiverSummary(
  packet: Packet,
  outcome: Outcome,
  context: {
    readonly groups: readonly ServiceGroup[];
    readonly rules: RuleLookup;
    readonly nodeIps: readonly string[];
  },
  tr: Translate,
): ReceiverSummary {
  const from = tr(`receiver.from.${packet.origin}`, { src: packet.src });
  const port = packet.dport === null ? '' : `:${packet.dport}`;
  const to = context.nodeIps.includes(packet.dst)
    ? tr('receiver.toNode', { dst: `${packet.dst}${port}` })
    : `${packet.dst}${port}`;
  const service = serviceOf(packet, outcome, context.groups);
  const question = `${from} → ${to}${service ? ` (${service})` : ''}`;
  const last = [...outcome.path].reverse().find((s) => s.verdict === outcome.verdict) ?? outcome.path.at(-1);
  let answer: string;
  if (outcome.verdict !== 'ACCEPT' && last) {
    const where =
      last.ruleId !== null && last.line !== null
        ? tr('receiver.atRule', {
            verdict: outcome.verdict,
            table: last.table,
            chain: last.chain,
            line: last.line,
          })
        : tr('receiver.atPolicy', { verdict: outcome.verdict, table: last.table, chain: last.chain });
    const reason = reasonOf(last.ruleId ? (context.rules.rules[last.ruleId]?.comment ?? null) : null);
    answer = reason ? `${where}: ${reason}` : where;
  } else if (outcome.dnat) {
    answer = tr('receiver.acceptDnat', { endpoint: outcome.dnat });
  } else {
    answer = tr('receiver.accept');
  }
  return { question, answer };
}
