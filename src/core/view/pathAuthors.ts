import { type ChainAuthorId, chainAuthor, chainAuthorName, ruleAuthor } from '../kubeproxy';
import type { Rule } from '../ruleset';
import { type Lang, type MessageId, message, type Outcome, type PathStep } from '../trace';
import { type RuleSource, ruleFrom } from './ruleLookup';

/**
 * Who acts on a traced packet besides kube-proxy, and when: the CNI plugins', Docker's and host
 * firewalls' rules the packet met before kube-proxy's first one (netfilter's order: raw, mangle,
 * nat, filter per hook, trace/hooks.ts), and those that decided something (ACCEPT, DROP, REJECT,
 * a NAT). Writers come from kubeproxy/chainAuthors.ts; the rules were evaluated by the tracer like
 * any other (their ipset matches are the tracer's named assumptions).
 */

const BUILTIN = new Set(['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING']);

/** Who wrote the rule of a step (a policy or an implied jump: the chain's or the target's writer). */
function stepAuthor(step: PathStep, rule: Rule | null): ChainAuthorId | null {
  if (rule !== null) return ruleAuthor(rule);
  if (!BUILTIN.has(step.chain)) return chainAuthor(step.chain);
  return step.verdict === 'jump' || step.verdict === 'goto' ? chainAuthor(step.target) : null;
}

/**
 * The writer of every step of a path. The REJECT RHEL-family distributions end filter INPUT and
 * FORWARD with is firewalld's on a node where firewalld's chains are on the same path (its
 * iptables backend writes that very rule last in INPUT and FORWARD).
 */
export function pathStepAuthors(rules: RuleSource, path: readonly PathStep[]): (ChainAuthorId | null)[] {
  const authors = path.map((s) => stepAuthor(s, ruleFrom(rules, s.ruleId)));
  if (authors.includes('firewalld')) return authors.map((a) => (a === 'distribution' ? 'firewalld' : a));
  return authors;
}

/** The chain a step is about: its own, or for a jump from a built-in chain, the chain it enters. */
function chainOf(step: PathStep): string {
  return BUILTIN.has(step.chain) && (step.verdict === 'jump' || step.verdict === 'goto')
    ? step.target
    : step.chain;
}

/** A sentence about one writer on this path. */
export interface AuthorNote {
  readonly kind: 'before' | 'without-kube-proxy' | 'decides';
  readonly author: ChainAuthorId;
  readonly text: string;
  /** 1-based line of the deciding rule (`decides`), else null. */
  readonly line: number | null;
}

/** Writers that are neither kube-proxy nor kubelet (kubelet's KUBE-FIREWALL is kube-proxy's companion). */
const foreign = (a: ChainAuthorId | null): a is ChainAuthorId =>
  a !== null && a !== 'kube-proxy' && a !== 'kubelet';

const DECIDES: Partial<Record<PathStep['verdict'], MessageId>> = {
  ACCEPT: 'author.accept',
  DROP: 'author.drop',
  REJECT: 'author.reject',
  DNAT: 'author.dnat',
  SNAT: 'author.snat',
  MASQUERADE: 'author.snat',
};

/**
 * The notes for one outcome: per foreign writer met before kube-proxy's first rule (or at all when
 * kube-proxy's rules never matched), the chains it ran in with their tables; then every rule of a
 * foreign writer that accepted, dropped, rejected or rewrote the packet, in path order.
 */
export function describePathAuthors(rules: RuleSource, outcome: Outcome, lang: Lang = 'en'): AuthorNote[] {
  const steps = outcome.path;
  const authors = pathStepAuthors(rules, steps);
  const k = authors.indexOf('kube-proxy');
  const before = new Map<ChainAuthorId, Map<string, string[]>>();
  steps.forEach((s, i) => {
    const a = authors[i] ?? null;
    if ((k !== -1 && i >= k) || !foreign(a)) return;
    const chains = before.get(a) ?? new Map<string, string[]>();
    before.set(a, chains);
    const tables = chains.get(chainOf(s)) ?? [];
    chains.set(chainOf(s), tables);
    if (!tables.includes(s.table)) tables.push(s.table);
  });
  const notes: AuthorNote[] = [];
  const and = message('author.and', {}, lang);
  const kube = k === -1 ? '' : `${steps[k]?.table} ${chainOf(steps[k] as PathStep)}`;
  for (const [a, chains] of before) {
    const list = [...chains].map(([chain, tables]) =>
      message('author.in-tables', { chain, tables: tables.join(and) }, lang),
    );
    const id: MessageId =
      k === -1 ? 'author.no-kube' : list.length === 1 ? 'author.before-one' : 'author.before-many';
    const params = { author: chainAuthorName(a, lang), chains: list.join(', '), kube };
    notes.push({
      kind: k === -1 ? 'without-kube-proxy' : 'before',
      author: a,
      text: message(id, params, lang),
      line: null,
    });
  }
  steps.forEach((s, i) => {
    const a = authors[i] ?? null;
    const id = DECIDES[s.verdict];
    if (!foreign(a) || id === undefined || s.ruleId === null) return;
    const params = {
      author: chainAuthorName(a, lang),
      table: s.table,
      chain: s.chain,
      hook: s.hook,
      verdict: s.verdict,
    };
    notes.push({
      kind: 'decides',
      author: a,
      text: message(id, params, lang),
      line: s.line,
    });
  });
  return notes;
}
