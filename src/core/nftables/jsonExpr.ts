import type { Span } from '../text';
import type { NftElement, NftExpr, NftStatement, NftStatementBody, NftVerdict, NftVerdictKind } from './ast';
import { printStatement } from './print';

/**
 * libnftables JSON expressions and statements (libnftables-json(5)) into the tree the text
 * readers build. Sub-expressions have no offsets of their own: they carry the span of their rule's
 * JSON object. `==` and `in` become implicit matches, as the listing prints them.
 */

type J = unknown;
const isObj = (j: J): j is Record<string, J> => typeof j === 'object' && j !== null && !Array.isArray(j);
const MAX_DEPTH = 64;

/** Seconds (JSON) to nft's duration spelling (`10800` → `3h`, `3599` → `59m59s`). */
export function duration(j: J): string | null {
  if (typeof j !== 'number' || !Number.isFinite(j)) return typeof j === 'string' ? j : null;
  let s = Math.floor(j);
  if (s === 0) return '0s';
  let out = '';
  for (const [unit, n] of [
    ['d', 86400],
    ['h', 3600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    if (s >= n) {
      out += `${Math.floor(s / n)}${unit}`;
      s %= n;
    }
  }
  return out;
}

/** The one key of `{ "kind": body }`. */
function single(j: J): [string, J] | null {
  if (!isObj(j)) return null;
  const keys = Object.keys(j);
  return keys.length === 1 ? [keys[0] as string, j[keys[0] as string]] : null;
}

/** Text of a value as the listing spells it (prefix `a/len`, range `a-b`). */
function valueText(j: J, depth = 0): string {
  if (typeof j === 'string' || typeof j === 'number' || typeof j === 'boolean') return String(j);
  const one = single(j);
  if (one !== null && depth < MAX_DEPTH) {
    const [k, v] = one;
    if (k === 'prefix' && isObj(v)) return `${valueText(v.addr, depth + 1)}/${String(v.len)}`;
    if (k === 'range' && Array.isArray(v))
      return `${valueText(v[0], depth + 1)}-${valueText(v[1], depth + 1)}`;
  }
  return JSON.stringify(j) ?? '';
}

function parts(j: J): string[] {
  const one = single(j);
  if (one !== null && one[0] === 'concat' && Array.isArray(one[1])) return one[1].map((p) => valueText(p));
  return [valueText(j)];
}

function jsonVerdict(j: J, span: Span): NftVerdict | null {
  const one = single(j);
  if (one === null) return null;
  const [k, v] = one;
  if (k === 'accept' || k === 'drop' || k === 'return' || k === 'continue' || k === 'queue')
    return { kind: 'verdict', verdict: k, chain: null, span };
  if ((k === 'jump' || k === 'goto') && isObj(v) && typeof v.target === 'string')
    return { kind: 'verdict', verdict: k as NftVerdictKind, chain: v.target, span };
  return null;
}

/** A set element: a value, `{"elem": {val, timeout, expires, comment, counter}}`, or `[key, data]`. */
export function jsonElement(j: J, span: Span): NftElement {
  let keyJ = j;
  let value: NftElement['value'] = null;
  if (Array.isArray(j) && j.length === 2) {
    keyJ = j[0];
    value = jsonVerdict(j[1], span) ?? { kind: 'data', parts: parts(j[1]) };
  }
  let timeout: string | null = null;
  let expires: string | null = null;
  let comment: string | null = null;
  let counter: NftElement['counter'] = null;
  const one = single(keyJ);
  if (one !== null && one[0] === 'elem' && isObj(one[1])) {
    const e = one[1];
    keyJ = e.val;
    timeout = duration(e.timeout);
    expires = duration(e.expires);
    comment = typeof e.comment === 'string' ? e.comment : null;
    if (isObj(e.counter)) counter = { packets: Number(e.counter.packets), bytes: Number(e.counter.bytes) };
  }
  return { key: parts(keyJ), value, timeout, expires, comment, counter, span };
}

function jsonExpr(j: J, span: Span, depth = 0): NftExpr {
  if (depth > MAX_DEPTH) return { kind: 'value', text: '…', span };
  if (typeof j === 'string')
    return j.startsWith('@') ? { kind: 'setref', name: j.slice(1), span } : { kind: 'value', text: j, span };
  if (typeof j === 'number' || typeof j === 'boolean') return { kind: 'value', text: String(j), span };
  if (Array.isArray(j)) return { kind: 'list', items: j.map((x) => jsonExpr(x, span, depth + 1)), span };
  const one = single(j);
  if (one === null) return { kind: 'value', text: JSON.stringify(j) ?? '', span };
  const [k, v] = one;
  const o = isObj(v) ? v : {};
  switch (k) {
    case 'payload':
      if (typeof o.protocol === 'string')
        return { kind: 'field', name: `${o.protocol} ${String(o.field)}`, span };
      return { kind: 'field', name: `@${String(o.base)},${String(o.offset)},${String(o.len)}`, span };
    case 'meta':
      return { kind: 'field', name: `meta ${String(o.key)}`, span };
    case 'rt':
      return { kind: 'field', name: `rt ${String(o.key)}`, span };
    case 'ct': {
      const words = ['ct'];
      if (typeof o.dir === 'string') words.push(o.dir);
      if (typeof o.family === 'string') words.push(o.family);
      words.push(String(o.key));
      return { kind: 'field', name: words.join(' '), span };
    }
    case 'tcp option':
      return {
        kind: 'field',
        name: `tcp option ${String(o.name)}${o.field !== undefined ? ` ${String(o.field)}` : ''}`,
        span,
      };
    case 'fib': {
      const flags = Array.isArray(o.flags) ? o.flags.map(String) : [String(o.flags)];
      return { kind: 'fib', flags, result: String(o.result), span };
    }
    case 'numgen':
      return {
        kind: 'numgen',
        mode: String(o.mode),
        mod: Number(o.mod),
        offset: Number(o.offset ?? 0),
        span,
      };
    case 'concat':
      return {
        kind: 'concat',
        parts: (Array.isArray(v) ? v : []).map((p) => jsonExpr(p, span, depth + 1)),
        span,
      };
    case 'set': {
      const items = Array.isArray(v) ? v : [v];
      return { kind: 'set', elements: items.map((x) => jsonElement(x, span)), span };
    }
    case 'prefix':
    case 'range':
      return { kind: 'value', text: valueText(j), span };
    case '&':
    case '|':
    case '^':
    case '<<':
    case '>>':
      if (Array.isArray(v) && v.length === 2)
        return {
          kind: 'binop',
          op: k,
          left: jsonExpr(v[0], span, depth + 1),
          right: jsonExpr(v[1], span, depth + 1),
          span,
        };
      break;
    case 'map':
      return {
        kind: 'map',
        key: jsonExpr(o.key, span, depth + 1),
        map: jsonExpr(o.data, span, depth + 1),
        span,
      };
  }
  return { kind: 'value', text: JSON.stringify(j) ?? '', span };
}

type Body = NftStatementBody;

function natTo(o: Record<string, J>, span: Span): NftExpr | null {
  if (o.addr === undefined && o.port === undefined) return null;
  if (o.addr === undefined) return { kind: 'value', text: `:${String(o.port)}`, span };
  const addr = jsonExpr(o.addr, span);
  if (o.port === undefined) return addr;
  if (addr.kind === 'value') {
    const a = addr.text.includes(':') ? `[${addr.text}]` : addr.text;
    return { kind: 'value', text: `${a}:${String(o.port)}`, span };
  }
  return addr;
}

function body(j: J, span: Span): Body | null {
  const v0 = jsonVerdict(j, span);
  if (v0 !== null) return v0;
  const one = single(j);
  if (one === null) return null;
  const [k, v] = one;
  const o = isObj(v) ? v : {};
  switch (k) {
    case 'match': {
      const op = o.op === '==' || o.op === 'in' ? null : String(o.op);
      return { kind: 'match', left: jsonExpr(o.left, span), op, right: jsonExpr(o.right, span) };
    }
    case 'counter':
      return isObj(v) && typeof v.packets === 'number'
        ? { kind: 'counter', packets: v.packets, bytes: Number(v.bytes) }
        : { kind: 'counter', packets: null, bytes: null };
    case 'reject': {
      if (!isObj(v)) return { kind: 'reject', with: null };
      const type = String(v.type ?? '');
      // nft -j spells out the default (`icmp` / `icmpv6` / `icmpx` port-unreachable); the listing
      // prints it as a bare `reject`, and so does this tree.
      if (v.expr === 'port-unreachable' && /^icmp/.test(type)) return { kind: 'reject', with: null };
      return { kind: 'reject', with: v.expr !== undefined ? `${type} type ${String(v.expr)}` : type || null };
    }
    case 'masquerade':
    case 'redirect':
    case 'snat':
    case 'dnat': {
      const flags = Array.isArray(o.flags)
        ? o.flags.map(String)
        : o.flags !== undefined
          ? [String(o.flags)]
          : [];
      const family = typeof o.family === 'string' ? o.family : null;
      return { kind: 'nat', type: k, family, to: natTo(o, span), flags };
    }
    case 'mangle':
      return { kind: 'assign', target: jsonExpr(o.key, span), value: jsonExpr(o.value, span) };
    case 'vmap':
      return { kind: 'vmap', key: jsonExpr(o.key, span), map: jsonExpr(o.data, span) };
    case 'set':
      if (o.op === 'update' || o.op === 'add' || o.op === 'delete')
        return {
          kind: 'setUpdate',
          op: o.op,
          set: String(o.set).replace(/^@/, ''),
          key: jsonExpr(o.elem, span),
          timeout: duration(o.timeout),
        };
      return null;
    case 'xt':
      return { kind: 'xt', type: String(o.type), name: String(o.name) };
  }
  return null;
}

/** One statement of a rule's `expr` array; `null` for one this reader does not know. */
export function jsonStatement(j: J, span: Span): NftStatement | null {
  const b = body(j, span);
  if (b === null) return null;
  const s = { ...b, raw: '', span } as NftStatement;
  return { ...s, raw: printStatement(s) } as NftStatement;
}
