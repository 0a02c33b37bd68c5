import type { TableName } from '../iptables/ast';
import type { Match, Rule, Ruleset } from '../model/ruleset';
import type { Outcome, Packet, PathStep } from '../trace/types';
import { dnatEndpoint, formatProbability } from './labels';

/**
 * A traced path in plain words, one entry per step, with the packet header as it changes: DNAT
 * rewrites the destination (nf_nat in PREROUTING/OUTPUT), MASQUERADE the source (POSTROUTING,
 * net/netfilter/nf_nat_masquerade.c picks the out interface's address).
 */

export type StepTone =
  | 'jump'
  | 'dnat'
  | 'masquerade'
  | 'snat'
  | 'drop'
  | 'reject'
  | 'accept'
  | 'mark'
  | 'plain';

export interface StepView {
  readonly index: number;
  readonly step: PathStep;
  /** "matches TCP to 10.104.247.10:80 → jump to KUBE-SVC-… (default/web:80)". */
  readonly words: string;
  /** The header after this step. */
  readonly src: string;
  readonly dst: string;
  /** Which field this step rewrote. */
  readonly changed: 'src' | 'dst' | null;
  readonly tone: StepTone;
}

/** The Rule a RuleId (`nat/KUBE-SERVICES#3`) names, or null. */
export function ruleById(ruleset: Ruleset, id: string | null): Rule | null {
  if (!id) return null;
  const slash = id.indexOf('/');
  const hash = id.lastIndexOf('#');
  if (slash < 0 || hash < slash) return null;
  const table = ruleset.tables[id.slice(0, slash) as TableName];
  return table?.chains[id.slice(slash + 1, hash)]?.rules[Number(id.slice(hash + 1))] ?? null;
}

function addr(m: Extract<Match, { kind: 'addr' }>): string {
  const host = m.cidr.family === 'ipv4' ? 32 : 128;
  return m.cidr.bits === host ? m.cidr.address : `${m.cidr.address}/${m.cidr.bits}`;
}

/** The conditions of a rule in words: "TCP to 10.104.247.10:80", "the random draw p=0.333". */
export function matchWords(rule: Rule): string {
  const proto = rule.matches.find((m) => m.kind === 'proto' && !m.negated);
  const dst = rule.matches.find((m) => m.kind === 'addr' && m.dir === 'dst' && !m.negated);
  const dport = rule.matches.find((m) => m.kind === 'port' && m.dir === 'dst' && !m.negated);
  const parts: string[] = [];
  const P = proto?.kind === 'proto' ? proto.proto.toUpperCase() : '';
  const port =
    dport?.kind === 'port'
      ? dport.range.from === dport.range.to
        ? `${dport.range.from}`
        : `${dport.range.from}-${dport.range.to}`
      : '';
  if (dst?.kind === 'addr') parts.push(`${P ? `${P} ` : ''}to ${addr(dst)}${port ? `:${port}` : ''}`);
  else if (port) parts.push(`${P ? `${P} ` : ''}to port ${port}`);
  else if (P) parts.push(P);
  for (const m of rule.matches) {
    if (m === proto || m === dst || m === dport) continue;
    const w = oneMatch(m);
    if (w) parts.push(w);
  }
  return parts.length ? parts.join(', ') : 'every packet';
}

function oneMatch(m: Match): string | null {
  const not =
    m.kind !== 'comment' && m.kind !== 'addrtype' && m.kind !== 'conntrack' && m.negated ? 'not ' : '';
  switch (m.kind) {
    case 'addr':
      return m.dir === 'src' ? `source ${not}in ${addr(m)}` : `destination ${not}in ${addr(m)}`;
    case 'proto':
      return `protocol ${not}${m.proto.toUpperCase()}`;
    case 'port':
      return `${m.dir === 'src' ? 'source' : 'destination'} port ${not}${m.range.from}${m.range.to !== m.range.from ? `-${m.range.to}` : ''}`;
    case 'multiport':
      return `ports ${not}${m.ranges.map((r) => (r.from === r.to ? r.from : `${r.from}-${r.to}`)).join(',')}`;
    case 'statistic':
      return m.mode === 'random'
        ? `the random draw p=${formatProbability(m.probability)}`
        : `every ${m.every}th packet`;
    case 'addrtype':
      return m.dst
        ? `a ${m.dst.negated ? 'non-' : ''}${m.dst.types.join('/')} destination address`
        : m.src
          ? `a ${m.src.negated ? 'non-' : ''}${m.src.types.join('/')} source address`
          : null;
    case 'mark':
      return `mark 0x${m.value.toString(16)} ${m.negated ? 'not ' : ''}set`;
    case 'conntrack':
      return m.conditions
        .map((c) => `${c.option} ${c.negated ? 'not ' : ''}${c.values.join('/')}`)
        .join(', ');
    case 'state':
      return `state ${not}${m.states.join('/')}`;
    case 'recent':
      return `a client in the "${m.name}" list${m.seconds !== null ? ` within ${m.seconds} s` : ''} (session affinity)`;
    case 'iface':
      return `${m.dir === 'in' ? 'arriving on' : 'leaving by'} ${not}${m.name}`;
    case 'fragment':
      return `${not}a fragment`;
    case 'opaque':
      return `${not}${m.summary || m.module} (assumed)`;
    case 'comment':
      return null;
  }
}

function actionWords(step: PathStep, rule: Rule | null, serviceOf: (chain: string) => string | null): string {
  const t = step.target;
  switch (step.verdict) {
    case 'jump':
    case 'goto': {
      const owner = serviceOf(t);
      if (t === 'KUBE-MARK-MASQ') return `${step.verdict} to ${t} (mark the connection for masquerade)`;
      if (t === 'KUBE-MARK-DROP') return `${step.verdict} to ${t} (mark the packet to be dropped)`;
      return `${step.verdict === 'jump' ? 'jump' : 'go'} to ${t}${owner ? ` (${owner})` : ''}`;
    }
    case 'return':
      return 'return to the calling chain';
    case 'continue':
      return rule?.target.kind === 'MARK'
        ? `set the mark (${rule.target.written}) and continue`
        : `${t} and continue`;
    case 'DNAT':
      return `DNAT: destination rewritten to ${(rule && dnatEndpoint(rule.target)) ?? 'the endpoint'}`;
    case 'SNAT':
      return 'SNAT: source rewritten';
    case 'MASQUERADE':
      return "masquerade: the source becomes the node's own address";
    case 'DROP':
      return 'DROP: the packet is discarded, the client hears nothing';
    case 'REJECT':
      return 'REJECT: the packet is refused, the client gets an error';
    case 'ACCEPT':
      return 'ACCEPT';
  }
}

/**
 * Plain-words view of one outcome's path, in order. `serviceOf` names the Service of a chain
 * (`default/web:80`) where known. Pure; steps whose rule is missing still get words.
 */
export function describePath(
  ruleset: Ruleset,
  packet: Packet,
  outcome: Outcome,
  serviceOf: (chain: string) => string | null = () => null,
): StepView[] {
  let src = packet.src;
  let dst = packet.dport === null ? packet.dst : `${packet.dst}:${packet.dport}`;
  return outcome.path.map((step, index) => {
    const rule = ruleById(ruleset, step.ruleId);
    const action = actionWords(step, rule, serviceOf);
    const words = rule ? `matches ${matchWords(rule)} → ${action}` : `end of chain: ${step.target}`;
    let changed: StepView['changed'] = null;
    let tone: StepTone = 'plain';
    if (step.verdict === 'DNAT') {
      dst = (rule && dnatEndpoint(rule.target)) ?? outcome.dnat ?? dst;
      changed = 'dst';
      tone = 'dnat';
    } else if (step.verdict === 'MASQUERADE' || step.verdict === 'SNAT') {
      src = outcome.snat ?? "the node's address";
      changed = 'src';
      tone = step.verdict === 'MASQUERADE' ? 'masquerade' : 'snat';
    } else if (step.verdict === 'DROP' || step.verdict === 'REJECT')
      tone = step.verdict === 'DROP' ? 'drop' : 'reject';
    else if (step.verdict === 'ACCEPT') tone = 'accept';
    else if (step.verdict === 'jump' || step.verdict === 'goto')
      tone = step.target.startsWith('KUBE-MARK-') ? 'mark' : 'jump';
    return { index, step, words, src, dst, changed, tone };
  });
}
