import type { NftOperand, NftSetRef } from './nft';
import type { Match, Target } from './ruleset';

/** An operand as nft lists it (`ip daddr . meta l4proto . th dport`, `numgen random mod 2`). */
function operandText(o: NftOperand): string {
  switch (o.kind) {
    case 'field':
      return o.name;
    case 'fib':
      return `fib ${o.flags.join(' . ')} ${o.result}`;
    case 'numgen':
      return `numgen random mod ${o.mod}${o.offset ? ` offset ${o.offset}` : ''}`;
    case 'binop':
      return `${operandText(o.left)} ${o.op} ${o.right}`;
    case 'concat':
      return o.parts.map(operandText).join(' . ');
    case 'literal':
      return o.text;
  }
}

/** `@name` or `{ a, b }` (long anonymous sets shortened). */
function setRefText(s: NftSetRef): string {
  if (s.kind === 'named') return `@${s.name}`;
  const shown = s.elements.slice(0, 4).map((e) => e.key.join(' . '));
  return `{ ${shown.join(', ')}${s.elements.length > 4 ? ', …' : ''} }`;
}

type NftMatch = Extract<Match, { kind: `nft-${string}` }>;
type NftTarget = Extract<Target, { kind: `nft-${string}` }>;

/** The nftables-only matches and targets in nft's own words (labels, explanations, path steps). */
export function nftText(m: NftMatch | NftTarget): string {
  switch (m.kind) {
    case 'nft-cmp':
      return `${operandText(m.left)} ${m.negated ? '!= ' : m.op === '==' ? '' : `${m.op} `}${m.right}`;
    case 'nft-lookup':
      return `${operandText(m.left)} ${m.negated ? '!= ' : ''}${setRefText(m.set)}`;
    case 'nft-numgen':
      return `numgen random mod ${m.mod}`;
    case 'nft-effect': {
      const e = m.effect;
      if (e.kind === 'mark') return `${e.target} set ${operandText(e.value)}`;
      if (e.kind === 'set-update') return `${e.op} @${e.set} { ${operandText(e.key)} }`;
      return e.raw;
    }
    case 'nft-vmap':
      return `${operandText(m.key)} vmap ${setRefText(m.map)}`;
    case 'nft-nat-map':
      return `${m.nat.toLowerCase()} to ${operandText(m.key)} map ${setRefText(m.map)}`;
  }
}
