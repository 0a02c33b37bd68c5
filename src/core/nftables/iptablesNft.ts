import type { NftExpr, NftStatement } from './ast';

/** 2³¹: iptables-nft translates `-m statistic --probability p` as `meta random & 0x7fffffff < p·2³¹`. */
const TWO_31 = 2147483648;

const num = (e: NftExpr): number | null => {
  if (e.kind !== 'value') return null;
  const n = Number(e.text);
  return Number.isFinite(n) ? n : null;
};

/**
 * The probability of an iptables-nft `meta random & 2147483647 < N` match: N / 2³¹. iptables-nft
 * keeps `-m statistic` as an `xt match statistic` expression; `nft list` prints it through
 * libxtables' translation (iptables extensions/libxt_statistic.c, `statistic_xlate`) with the
 * kernel's 31-bit threshold `u.random.probability` = p·2³¹, and `>=` for `! --probability`.
 * `nft -j` does not translate: there it stays `{"xt": {"type": "match", "name": "statistic"}}` and
 * the probability is not in the text. Null for anything else.
 */
export function iptablesNftProbability(s: NftStatement): number | null {
  if (s.kind !== 'match' || (s.op !== '<' && s.op !== '>=')) return null;
  const l = s.left;
  if (l.kind !== 'binop' || l.op !== '&' || l.left.kind !== 'field' || l.left.name !== 'meta random')
    return null;
  if (num(l.right) !== 2147483647) return null;
  const n = num(s.right);
  if (n === null || n < 0 || n > TWO_31) return null;
  return s.op === '<' ? n / TWO_31 : 1 - n / TWO_31;
}
