import { type ChainAuthorId, chainMark, dnatEndpoint, isMarkChain } from '../kubeproxy';
import { type Match, nftText, type Rule } from '../ruleset';
import type { Outcome, Packet, PathStep } from '../trace';
import { type Lang, type MessageId, message } from '../trace';
import { formatProbability } from './labels';
import { pathStepAuthors } from './pathAuthors';
import { endpointWithPlace, localPolicyWords, type PathPods } from './podWords';
import { type RuleSource, ruleFrom } from './ruleLookup';

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
  /** Who wrote the step's rule (Calico, Docker, kube-proxy…; kubeproxy/chainAuthors.ts), or null. */
  readonly author: ChainAuthorId | null;
}

/** The Rule a RuleId (`nat/KUBE-SERVICES#3`) names in a Ruleset or a trace's RuleLookup, or null. */
export function ruleById(source: RuleSource, id: string | null): Rule | null {
  return ruleFrom(source, id);
}

function addr(m: Extract<Match, { kind: 'addr' }>): string {
  const host = m.cidr.family === 'ipv4' ? 32 : 128;
  return m.cidr.bits === host ? m.cidr.address : `${m.cidr.address}/${m.cidr.bits}`;
}

/** The conditions of a rule in words: "TCP to 10.104.247.10:80", "the random draw p=0.333". */
function matchWords(rule: Rule, lang: Lang = 'en'): string {
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
  const p = P ? `${P} ` : '';
  if (dst?.kind === 'addr')
    parts.push(message('step.to', { proto: p, dst: `${addr(dst)}${port ? `:${port}` : ''}` }, lang));
  else if (port) parts.push(message('step.to-port', { proto: p, port }, lang));
  else if (P) parts.push(P);
  for (const m of rule.matches) {
    if (m === proto || m === dst || m === dport) continue;
    const w = oneMatch(m, lang);
    if (w) parts.push(w);
  }
  return parts.length ? parts.join(message('sep', {}, lang)) : message('step.every-packet', {}, lang);
}

function oneMatch(m: Match, lang: Lang): string | null {
  const not =
    m.kind !== 'comment' && m.kind !== 'addrtype' && m.kind !== 'conntrack' && m.negated
      ? message('not', {}, lang)
      : '';
  const say = (id: MessageId, params: Readonly<Record<string, string | number>> = {}) =>
    message(id, { not, ...params }, lang);
  switch (m.kind) {
    case 'addr':
      return say(m.dir === 'src' ? 'step.src-in' : 'step.dst-in', { cidr: addr(m) });
    case 'proto':
      return say('step.protocol', { proto: m.proto.toUpperCase() });
    case 'port':
      return say(m.dir === 'src' ? 'step.sport' : 'step.dport', {
        range: `${m.range.from}${m.range.to !== m.range.from ? `-${m.range.to}` : ''}`,
      });
    case 'multiport':
      return say('step.ports', {
        list: m.ranges.map((r) => (r.from === r.to ? r.from : `${r.from}-${r.to}`)).join(','),
      });
    case 'statistic':
      return m.mode === 'random'
        ? say('step.random', { p: formatProbability(m.probability) })
        : say('step.nth', { every: m.every });
    case 'addrtype': {
      const side = m.dst ?? m.src;
      if (!side) return null;
      const neg = side.negated ? message('non', {}, lang) : '';
      return say(m.dst ? 'step.addrtype-dst' : 'step.addrtype-src', { neg, types: side.types.join('/') });
    }
    case 'mark':
      return say(m.negated ? 'step.not-mark' : 'step.mark', { mark: `0x${m.value.toString(16)}` });
    case 'conntrack':
      return m.conditions
        .map((c) =>
          say('step.conntrack', {
            option: c.option,
            not: c.negated ? message('not', {}, lang) : '',
            values: c.values.join('/'),
          }),
        )
        .join(message('sep', {}, lang));
    case 'state':
      return say('step.state', { states: m.states.join('/') });
    case 'recent':
      return say('step.recent', {
        list: m.name,
        within: m.seconds !== null ? message('step.recent-within', { seconds: m.seconds }, lang) : '',
      });
    case 'iface':
      return say(m.dir === 'in' ? 'step.in' : 'step.out', { iface: m.name });
    case 'fragment':
      return say('step.fragment');
    case 'opaque':
      return say('step.opaque', { summary: m.summary || m.module });
    case 'comment':
    case 'nft-effect':
      return null;
    case 'nft-cmp':
    case 'nft-lookup':
    case 'nft-numgen':
      return nftText(m);
  }
}

function actionWords(
  step: PathStep,
  rule: Rule | null,
  serviceOf: (chain: string) => string | null,
  lang: Lang,
  pods: PathPods | undefined,
): string {
  const t = step.target;
  const say = (id: MessageId, params: Readonly<Record<string, string | number>> = {}) =>
    message(id, params, lang);
  switch (step.verdict) {
    case 'jump':
    case 'goto': {
      const owner = serviceOf(t);
      const go = step.verdict === 'jump';
      const mark = chainMark(t);
      if (mark === 'masquerade') return say(go ? 'step.jump-mark-masq' : 'step.goto-mark-masq', { chain: t });
      if (mark === 'drop') return say(go ? 'step.jump-mark-drop' : 'step.goto-mark-drop', { chain: t });
      return say(go ? 'step.jump' : 'step.goto', {
        chain: t,
        owner: owner ? say('step.owner', { owner }) : '',
      });
    }
    case 'return':
      return say('step.return');
    case 'continue':
      return rule?.target.kind === 'MARK'
        ? say('step.set-mark', { mark: rule.target.written })
        : say('step.continue', { target: t });
    case 'DNAT': {
      const endpoint = rule && dnatEndpoint(rule.target);
      return say('step.dnat', {
        endpoint: endpoint ? endpointWithPlace(endpoint, pods?.places, lang) : say('step.the-endpoint'),
      });
    }
    case 'SNAT':
      return say('step.snat');
    case 'MASQUERADE':
      return say('step.masquerade');
    case 'DROP':
      return say('step.drop');
    case 'REJECT':
      return say('step.reject');
    case 'ACCEPT':
      return say('step.accept');
  }
}

/**
 * Plain-words view of one outcome's path, in order. `serviceOf` names the Service of a chain
 * (`default/web:80`) where known; `lang` picks the words (messages.ts), English by default. Pure; steps whose rule is missing still get words.
 * With `pods` (kubectl's places, podWords.ts), a DNAT names the endpoint's pod and node, and the
 * steps of a Local traffic policy say which endpoints run on this node.
 */
export function describePath(
  ruleset: RuleSource,
  packet: Packet,
  outcome: Outcome,
  serviceOf: (chain: string) => string | null = () => null,
  lang: Lang = 'en',
  pods?: PathPods,
): StepView[] {
  let src = packet.src;
  let dst = packet.dport === null ? packet.dst : `${packet.dst}:${packet.dport}`;
  const authors = pathStepAuthors(ruleset, outcome.path);
  return outcome.path.map((step, index) => {
    const rule = ruleById(ruleset, step.ruleId);
    const said = actionWords(step, rule, serviceOf, lang, pods);
    const local = pods ? localPolicyWords(step, rule, serviceOf, pods, lang) : null;
    const action = local === null ? said : `${said}${lang === 'zh-CN' ? '；' : '; '}${local}`;
    const words = rule
      ? message('step.matches', { match: matchWords(rule, lang), action }, lang)
      : message('step.end-of-chain', { target: step.target }, lang);
    let changed: StepView['changed'] = null;
    let tone: StepTone = 'plain';
    if (step.verdict === 'DNAT') {
      dst = (rule && dnatEndpoint(rule.target)) ?? outcome.dnat ?? dst;
      changed = 'dst';
      tone = 'dnat';
    } else if (step.verdict === 'MASQUERADE' || step.verdict === 'SNAT') {
      src = outcome.snat ?? message('step.node-address', {}, lang);
      changed = 'src';
      tone = step.verdict === 'MASQUERADE' ? 'masquerade' : 'snat';
    } else if (step.verdict === 'DROP' || step.verdict === 'REJECT')
      tone = step.verdict === 'DROP' ? 'drop' : 'reject';
    else if (step.verdict === 'ACCEPT') tone = 'accept';
    else if (step.verdict === 'jump' || step.verdict === 'goto')
      tone = isMarkChain(step.target) ? 'mark' : 'jump';
    return { index, step, words, src, dst, changed, tone, author: authors[index] ?? null };
  });
}
