import { type Match, nftText, type Rule, type Target } from '../ruleset';
import { type Lang, message } from './messages';
import type { PathStep } from './types';

const hex = (n: number) => `0x${(n >>> 0).toString(16)}`;
const cidrText = (c: { address: string; bits: number; family: string }) =>
  c.bits === (c.family === 'ipv6' ? 128 : 32) ? c.address : `${c.address}/${c.bits}`;

/** `33.3%` (one decimal; kernel-effective probability). */
function formatPercent(p: number): string {
  return `${(Math.round(p * 1000) / 10).toFixed(1)}%`;
}

function conditions(rule: Rule, lang: Lang): string[] {
  const ms = rule.matches;
  const out: string[] = [];
  const proto = ms.find((m): m is Extract<Match, { kind: 'proto' }> => m.kind === 'proto' && !m.negated);
  const dst = ms.find(
    (m): m is Extract<Match, { kind: 'addr' }> => m.kind === 'addr' && m.dir === 'dst' && !m.negated,
  );
  const dport = ms.find(
    (m): m is Extract<Match, { kind: 'port' }> => m.kind === 'port' && m.dir === 'dst' && !m.negated,
  );
  const port =
    dport === undefined
      ? ''
      : dport.range.from === dport.range.to
        ? `${dport.range.from}`
        : `${dport.range.from}-${dport.range.to}`;
  if (proto !== undefined && (dst !== undefined || dport !== undefined)) {
    const where =
      dst === undefined
        ? message('cond.port', { port }, lang)
        : port === ''
          ? cidrText(dst.cidr)
          : `${cidrText(dst.cidr)}:${port}`;
    out.push(message('cond.proto-to', { proto: proto.proto.toUpperCase(), dst: where }, lang));
  } else if (dst !== undefined) out.push(message('cond.dst', { cidr: cidrText(dst.cidr) }, lang));
  for (const m of ms) {
    if (m === dst || m === proto || m === dport) continue;
    switch (m.kind) {
      case 'addr':
        out.push(
          message(`cond.${m.negated ? 'not-' : ''}${m.dir}` as 'cond.src', { cidr: cidrText(m.cidr) }, lang),
        );
        break;
      case 'iface':
        out.push(
          message(
            m.dir === 'in' ? 'cond.in' : 'cond.out',
            { iface: `${m.negated ? '! ' : ''}${m.name}` },
            lang,
          ),
        );
        break;
      case 'statistic':
        out.push(
          m.mode === 'random'
            ? message(
                'cond.probability',
                { pct: formatPercent(m.negated ? 1 - m.effectiveProbability : m.effectiveProbability) },
                lang,
              )
            : message('cond.nth', { every: m.every }, lang),
        );
        break;
      case 'addrtype':
        for (const side of ['src', 'dst'] as const) {
          const s = m[side];
          if (s === null) continue;
          const params = {
            neg: s.negated ? message('non', {}, lang) : '',
            types: s.types.join('/').toLowerCase(),
          };
          out.push(message(side === 'dst' ? 'cond.local-dst' : 'cond.local-src', params, lang));
        }
        break;
      case 'mark':
        out.push(
          message(
            m.negated ? 'cond.not-mark' : 'cond.mark',
            { value: hex(m.value), mask: hex(m.mask) },
            lang,
          ),
        );
        break;
      case 'conntrack':
        for (const c of m.conditions.filter((c) => c.option.replace(/^-+/, '') === 'ctstate')) {
          out.push(
            message(c.negated ? 'cond.not-ctstate' : 'cond.ctstate', { states: c.values.join(',') }, lang),
          );
        }
        break;
      case 'state':
        out.push(
          message(m.negated ? 'cond.not-ctstate' : 'cond.ctstate', { states: m.states.join(',') }, lang),
        );
        break;
      case 'recent':
        out.push(
          m.action === 'set'
            ? message('cond.recent-set', { list: m.name }, lang)
            : message(
                'cond.recent-check',
                {
                  list: m.name,
                  seconds: m.seconds === null ? message('any-seconds', {}, lang) : `${m.seconds}s`,
                },
                lang,
              ),
        );
        break;
      case 'opaque':
        out.push(message('cond.opaque', { summary: m.summary || m.module }, lang));
        break;
      case 'nft-cmp':
      case 'nft-lookup':
      case 'nft-numgen':
        out.push(nftText(m));
        break;
      default:
        break;
    }
  }
  return out;
}

function action(target: Target, chain: string, lang: Lang): string {
  switch (target.kind) {
    case 'none':
      return message('target.none', {}, lang);
    case 'jump':
      return message(target.goto ? 'target.goto' : 'target.jump', { chain: target.chain }, lang);
    case 'ACCEPT':
      return message('target.accept', {}, lang);
    case 'DROP':
      return message('target.drop', {}, lang);
    case 'REJECT':
      return message('target.reject', {}, lang);
    case 'RETURN':
      return message('target.return', {}, lang);
    case 'QUEUE':
      return message('target.queue', {}, lang);
    case 'DNAT':
    case 'SNAT': {
      const r = target.ranges[0];
      const ip = r?.minIp ?? '';
      const host = ip.includes(':') ? `[${ip}]` : ip;
      const text = r?.minPort != null ? `${host}:${r.minPort}` : ip;
      return target.kind === 'DNAT'
        ? message('target.dnat', { endpoint: text }, lang)
        : message('target.snat', { address: text }, lang);
    }
    case 'MASQUERADE':
      return message('target.masquerade', {}, lang);
    case 'MARK': {
      const mark =
        target.value === target.mask || target.mask === 0
          ? hex(target.value)
          : `${hex(target.value)}/${hex(target.mask)}`;
      const id =
        chain === 'KUBE-MARK-MASQ'
          ? 'target.mark-masq'
          : chain === 'KUBE-MARK-DROP'
            ? 'target.mark-drop'
            : 'target.mark';
      return message(id, { mark }, lang);
    }
    case 'other':
      return message(
        ['LOG', 'NFLOG', 'TRACE', 'ULOG'].includes(target.name) ? 'target.log' : 'target.other',
        { name: target.name },
        lang,
      );
    case 'nft-vmap':
    case 'nft-nat-map':
      return nftText(target);
  }
}

/**
 * Plain words for one rule: its conditions, then what it does — e.g. "matches TCP to
 * 10.104.247.10:80 → jump to KUBE-SVC-…", "with probability 33.3% → jump to KUBE-SEP-…",
 * "DNAT to 10.244.169.161:80". Pure; the words come from messages.ts.
 */
export function explainRule(rule: Rule, lang: Lang = 'en'): string {
  const conds = conditions(rule, lang);
  const act = action(rule.target, rule.chain, lang);
  return conds.length === 0
    ? act
    : message('arrow', { conditions: conds.join(message('sep', {}, lang)), action: act }, lang);
}

/**
 * Plain words for a PathStep: the rule's explanation when the rule is known, else the policy or the
 * implied jump ("end of FORWARD: policy ACCEPT", "jump to KUBE-SERVICES").
 */
export function explainStep(step: PathStep, rule: Rule | null, lang: Lang = 'en'): string {
  if (rule !== null) return explainRule(rule, lang);
  if (step.target.startsWith('policy ')) {
    return message('policy', { chain: step.chain, policy: step.target.slice(7) }, lang);
  }
  return message(step.verdict === 'goto' ? 'target.goto' : 'target.jump', { chain: step.target }, lang);
}
