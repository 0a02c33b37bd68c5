import type { NftRule, NftStatement } from '../nftables';
import type { Match, Target } from '../ruleset';

/**
 * iptables-nft tables listed by nft: `xt match …` / `xt target …` are iptables extensions nft cannot
 * print, so their options are not in the text (the reader reports 'nftables/xt-expression'). Where
 * kube-proxy's iptables mode wrote them, its conventions (pkg/proxy/iptables/proxier.go) fill the
 * gap, and the tracer states it ('trace/xt-options-assumed'):
 * - `xt match recent` in a KUBE-SEP chain is `--set --name <that chain>` (session affinity); in a
 *   KUBE-SVC/SVL/EXT chain jumping to KUBE-SEP-X it is `--rcheck --seconds 10800 --reap --name
 *   KUBE-SEP-X` (10800 s: the Service's default sessionAffinityConfig timeout);
 * - `xt match statistic` (only `nft -j` leaves it untranslated) in a KUBE-SVC chain is kube-proxy's
 *   cascade: 1/(endpoints left), counted from the KUBE-SEP jumps below it;
 * - `xt target MARK` in KUBE-MARK-MASQ / KUBE-MARK-DROP is `--or-mark 0x4000` / `0x8000`;
 * - `xt target DNAT` loses its address: nothing can stand in for it (taken as accepting, stated);
 * - `xt match comment` is a comment.
 */

export interface XtContext {
  readonly chain: string;
  readonly rules: readonly NftRule[];
  readonly index: number;
}

const jumpOf = (r: NftRule | undefined): string | null => {
  for (const s of r?.statements ?? []) if (s.kind === 'verdict' && s.chain !== null) return s.chain;
  return null;
};
const dnats = (r: NftRule | undefined) =>
  (r?.statements ?? []).some((s) => s.kind === 'nat' || (s.kind === 'xt' && s.name === 'DNAT'));

const assumedRecent = (name: string, action: 'set' | 'rcheck'): Match => ({
  kind: 'recent',
  negated: false,
  name,
  action,
  seconds: action === 'rcheck' ? 10800 : null,
  reap: action === 'rcheck',
  hitcount: null,
  rttl: false,
  side: 'source',
  mask: null,
});

const unknown = (s: Extract<NftStatement, { kind: 'xt' }>): Match => ({
  kind: 'opaque',
  module: s.name,
  negated: false,
  options: [],
  summary: `${s.raw} (its options are not in the listing)`,
});

export function lowerXt(
  s: Extract<NftStatement, { kind: 'xt' }>,
  cx: XtContext,
): { match: Match } | { target: Target } | null {
  const rule = cx.rules[cx.index];
  if (s.type === 'match') {
    if (s.name === 'comment') return null;
    if (s.name === 'recent') {
      const to = jumpOf(rule);
      if (cx.chain.startsWith('KUBE-SEP-') && dnats(rule)) return { match: assumedRecent(cx.chain, 'set') };
      if (to?.startsWith('KUBE-SEP-')) return { match: assumedRecent(to, 'rcheck') };
      return { match: unknown(s) };
    }
    if (s.name === 'statistic' && cx.chain.startsWith('KUBE-SVC-')) {
      let left = 0;
      for (let i = cx.index; i < cx.rules.length; i++)
        if (jumpOf(cx.rules[i])?.startsWith('KUBE-SEP-')) left++;
      const p = left > 0 ? 1 / left : 1;
      return {
        match: { kind: 'statistic', mode: 'random', negated: false, probability: p, effectiveProbability: p },
      };
    }
    return { match: unknown(s) };
  }
  switch (s.name) {
    case 'MASQUERADE':
      return { target: { kind: 'MASQUERADE', toPorts: null, random: false, randomFully: false } };
    case 'REJECT':
      return { target: { kind: 'REJECT', rejectWith: '' } };
    case 'MARK': {
      const bit = cx.chain === 'KUBE-MARK-MASQ' ? 0x4000 : cx.chain === 'KUBE-MARK-DROP' ? 0x8000 : null;
      if (bit === null) return { target: { kind: 'other', name: 'MARK', terminal: false, options: [] } };
      return {
        target: {
          kind: 'MARK',
          value: bit,
          mask: bit,
          written: `--or-mark ${bit === 0x4000 ? '0x4000' : '0x8000'} (assumed)`,
        },
      };
    }
    default:
      return {
        target: {
          kind: 'other',
          name: s.name,
          terminal: s.name === 'DNAT' || s.name === 'SNAT',
          options: [],
        },
      };
  }
}
