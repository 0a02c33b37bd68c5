import type { Cidr } from '../net';
import { compilePrefix, parseIp } from '../net';
import type { NftElement, NftExpr } from '../nftables';
import type { NatRange, NftElementModel, NftOperand, NftSetRef } from '../ruleset';

/** An nftables expression as a model operand; null for what has no operand meaning (sets, maps). */
export function operandOf(e: NftExpr): NftOperand | null {
  switch (e.kind) {
    case 'field':
      return { kind: 'field', name: e.name };
    case 'fib':
      return { kind: 'fib', flags: e.flags, result: e.result };
    case 'numgen':
      return { kind: 'numgen', mod: e.mod, offset: e.offset };
    case 'binop': {
      const left = operandOf(e.left);
      return left !== null && e.right.kind === 'value'
        ? { kind: 'binop', op: e.op, left, right: e.right.text }
        : null;
    }
    case 'concat': {
      const parts = e.parts.map(operandOf);
      return parts.every((p) => p !== null) ? { kind: 'concat', parts: parts as NftOperand[] } : null;
    }
    case 'value':
      return { kind: 'literal', text: e.text };
    default:
      return null;
  }
}

/** Whether an operand reads `numgen` (the rule forks before it). */
export function usesNumgen(o: NftOperand): { mod: number; offset: number } | null {
  if (o.kind === 'numgen') return { mod: o.mod, offset: o.offset };
  if (o.kind === 'binop') return usesNumgen(o.left);
  if (o.kind === 'concat') for (const p of o.parts) if (usesNumgen(p)) return usesNumgen(p);
  return null;
}

export function elementOf(e: NftElement): NftElementModel {
  const v = e.value;
  return {
    key: e.key,
    value:
      v === null
        ? null
        : v.kind === 'verdict'
          ? { kind: 'verdict', verdict: v.verdict, chain: v.chain }
          : { kind: 'data', parts: v.parts },
    comment: e.comment,
    timeout: e.timeout,
    expires: e.expires,
  };
}

/** `@name` or `{ … }` as a set reference; null for anything else. */
export function setRefOf(e: NftExpr): NftSetRef | null {
  if (e.kind === 'setref') return { kind: 'named', name: e.name };
  if (e.kind === 'set') return { kind: 'anonymous', elements: e.elements.map(elementOf) };
  return null;
}

/** `10.0.0.0/8`, `10.180.0.1`, `fd00::/64` as a Cidr; null for ranges and anything else. */
export function cidrOf(text: string): Cidr | null {
  const [address = '', bits] = text.split('/');
  const ip = parseIp(address);
  if (ip === null || compilePrefix(text) === null) return null;
  const host = ip.v6 ? 128 : 32;
  const n = bits === undefined ? host : Number(bits);
  if (!Number.isInteger(n) || n < 0 || n > host) return null;
  return { family: ip.v6 ? 'ipv6' : 'ipv4', address, bits: n };
}

/** `10.180.0.1:80`, `[fd00::1]:80`, `10.0.0.1`, `10.0.0.1-10.0.0.5`, `:8080` as a NAT range. */
export function natRangeOf(text: string): NatRange | null {
  let host = text;
  let port: string | null = null;
  const bracket = /^\[([^\]]+)\](?::(\S+))?$/.exec(text);
  if (bracket !== null) {
    host = bracket[1] as string;
    port = bracket[2] ?? null;
  } else if ((text.match(/:/g) ?? []).length === 1) {
    const i = text.indexOf(':');
    host = text.slice(0, i);
    port = text.slice(i + 1);
  }
  const [minIp = '', maxIp = minIp] = host === '' ? [] : host.split('-');
  if (host !== '' && (parseIp(minIp) === null || parseIp(maxIp) === null)) return null;
  const [p0, p1 = p0] = port === null ? [] : port.split('-');
  const minPort = p0 === undefined ? null : Number(p0);
  const maxPort = p1 === undefined ? null : Number(p1);
  if ((minPort !== null && !Number.isInteger(minPort)) || (maxPort !== null && !Number.isInteger(maxPort)))
    return null;
  return { minIp: host === '' ? null : minIp, maxIp: host === '' ? null : maxIp, minPort, maxPort };
}
