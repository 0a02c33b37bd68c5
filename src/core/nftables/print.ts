import type { NftElement, NftExpr, NftStatement } from './ast';

/**
 * nft-like text of expressions and statements, in the spelling `nft list ruleset` uses. Used for
 * JSON input (whose rules have no text of their own) and for messages.
 */
export function printExpr(e: NftExpr): string {
  switch (e.kind) {
    case 'field':
      return e.name;
    case 'fib':
      return `fib ${e.flags.join(' . ')} ${e.result}`;
    case 'numgen':
      return `numgen ${e.mode} mod ${e.mod}${e.offset ? ` offset ${e.offset}` : ''}`;
    case 'value':
      return /[\s{};,#]/.test(e.text) || e.text === '' ? `"${e.text}"` : e.text;
    case 'list':
      return e.items.map(printExpr).join(',');
    case 'concat':
      return e.parts.map(printExpr).join(' . ');
    case 'binop':
      return `${printExpr(e.left)} ${e.op} ${printExpr(e.right)}`;
    case 'set':
      return `{ ${e.elements.map(printElement).join(', ')} }`;
    case 'setref':
      return `@${e.name}`;
    case 'map':
      return `${printExpr(e.key)} map ${printExpr(e.map)}`;
  }
}

export function printElement(e: NftElement): string {
  let s = e.key.join(' . ');
  if (e.timeout !== null) s += ` timeout ${e.timeout}`;
  if (e.expires !== null) s += ` expires ${e.expires}`;
  if (e.comment !== null) s += ` comment "${e.comment}"`;
  if (e.counter !== null) s += ` counter packets ${e.counter.packets} bytes ${e.counter.bytes}`;
  if (e.value?.kind === 'verdict')
    s += ` : ${e.value.verdict}${e.value.chain !== null ? ` ${e.value.chain}` : ''}`;
  else if (e.value?.kind === 'data') s += ` : ${e.value.parts.join(' . ')}`;
  return s;
}

export function printStatement(s: NftStatement): string {
  switch (s.kind) {
    case 'match':
      return `${printExpr(s.left)} ${s.op !== null ? `${s.op} ` : ''}${printExpr(s.right)}`;
    case 'verdict':
      return s.chain !== null ? `${s.verdict} ${s.chain}` : s.verdict;
    case 'vmap':
      return `${printExpr(s.key)} vmap ${printExpr(s.map)}`;
    case 'reject':
      return s.with !== null ? `reject with ${s.with}` : 'reject';
    case 'nat': {
      let t: string = s.type;
      if (s.family !== null) t += ` ${s.family}`;
      if (s.to !== null) t += ` to ${printExpr(s.to)}`;
      return s.flags.length ? `${t} ${s.flags.join(',')}` : t;
    }
    case 'assign':
      return `${printExpr(s.target)} set ${printExpr(s.value)}`;
    case 'setUpdate':
      return `${s.op} @${s.set} { ${printExpr(s.key)}${s.timeout !== null ? ` timeout ${s.timeout}` : ''} }`;
    case 'counter':
      return s.packets !== null ? `counter packets ${s.packets} bytes ${s.bytes}` : 'counter';
    case 'xt':
      return `xt ${s.type} ${s.name}`;
    case 'unknown':
      return s.raw;
  }
}
