import type { Span } from '../text';

/**
 * A validating JSON scanner with offsets, used beside `JSON.parse` (which is fast but reports
 * positions only in some of V8's messages, and not at all for `Unexpected token`). It finds:
 * where the first JSON value starting at `start` ends, the exact offset of the first syntax
 * error, and the spans of the complete elements of the root's `items` array (a kubectl `List`)
 * or of a root array — so that a truncated paste still yields its complete objects.
 * Iterative (explicit stack): hostile nesting cannot overflow the call stack. Linear.
 */
export interface JsonScan {
  /** Offset just past the root value, or the error offset. */
  readonly end: number;
  readonly error: { readonly offset: number; readonly message: string } | null;
  /** Complete elements of root `items` / root array, in order. */
  readonly items: Span[];
  /** True when the root was an object with an `items` array, or an array. */
  readonly isList: boolean;
}

interface Frame {
  readonly array: boolean;
  /** Object: 'key' → 'colon' → 'value' → 'next'; array: 'value' → 'next'. */
  state: 'key' | 'colon' | 'value' | 'next';
  empty: boolean;
  collect: boolean;
  lastKey: string | null;
  itemStart: number;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Scans one JSON value starting at `start` (after leading whitespace). */
export function scanJson(text: string, start: number): JsonScan {
  const stack: Frame[] = [];
  const items: Span[] = [];
  let isList = false;
  let pos = start;
  const fail = (message: string): JsonScan => ({ end: pos, error: { offset: pos, message }, items, isList });
  for (;;) {
    pos = skipSpace(text, pos);
    const top = stack[stack.length - 1];
    if (pos >= text.length) return fail('Unexpected end of JSON input.');
    const c = text.charCodeAt(pos);
    if (top && top.state === 'next') {
      if (c === 44 /* , */) {
        top.state = top.array ? 'value' : 'key';
        top.empty = false;
        pos++;
        continue;
      }
      if (c !== (top.array ? 93 : 125)) return fail(`Expected ',' or '${top.array ? ']' : '}'}'.`);
      pos++;
      stack.pop();
      if (done()) return { end: pos, error: null, items, isList };
      continue;
    }
    if (top && top.state === 'colon') {
      if (c !== 58 /* : */) return fail("Expected ':' after a property name.");
      top.state = 'value';
      pos++;
      continue;
    }
    if (top && top.state === 'key') {
      if (c === 125 && top.empty) {
        pos++;
        stack.pop();
        if (done()) return { end: pos, error: null, items, isList };
        continue;
      }
      if (c !== 34) return fail('Expected a double-quoted property name.');
      const end = scanString(text, pos);
      if (end < 0) return failAt(~end, 'Bad string.');
      top.lastKey = stack.length === 1 ? text.slice(pos + 1, end - 1) : null;
      top.state = 'colon';
      pos = end;
      continue;
    }
    // A value is expected (root, array element, or property value).
    if (top?.array && c === 93 && top.empty) {
      pos++;
      stack.pop();
      if (done()) return { end: pos, error: null, items, isList };
      continue;
    }
    if (top?.collect) top.itemStart = pos;
    if (c === 123 || c === 91) {
      const array = c === 91;
      // Root array, or the root object's `items` array: elements are the kubectl objects.
      const collect = stack.length === 0 ? array : stack.length === 1 && array && top?.lastKey === 'items';
      if (collect) isList = true;
      stack.push({
        array,
        state: array ? 'value' : 'key',
        empty: true,
        collect,
        lastKey: null,
        itemStart: pos,
      });
      pos++;
      continue;
    }
    const end = scanScalar(text, pos, c);
    if (end < 0) return failAt(~end, 'Unexpected character.');
    pos = end;
    if (done()) return { end: pos, error: null, items, isList };
  }

  function failAt(at: number, message: string): JsonScan {
    pos = at;
    return fail(message);
  }

  /** A value just ended at `pos`; true when it was the root. */
  function done(): boolean {
    const parent = stack[stack.length - 1];
    if (!parent) return true;
    if (parent.collect) items.push({ start: parent.itemStart, end: pos });
    parent.state = 'next';
    return false;
  }
}

function skipSpace(text: string, from: number): number {
  let p = from;
  for (;;) {
    const c = text.charCodeAt(p);
    if (c === 32 || c === 10 || c === 13 || c === 9) p++;
    else return p;
  }
}

/** The next character a string scanner must look at: a quote, a backslash or a control character. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: RFC 8259 §7 forbids raw control characters in strings; the scanner must stop at them.
const STRING_STOP = /["\\\u0000-\u001f]/g;

/** End offset after a string starting at `pos` (a `"`), or `~offset` of the error. */
function scanString(text: string, pos: number): number {
  let p = pos + 1;
  for (;;) {
    // A native regex search skips plain characters much faster than a charCodeAt loop.
    STRING_STOP.lastIndex = p;
    const stop = STRING_STOP.exec(text);
    if (stop === null) return ~text.length;
    p = stop.index;
    const c = text.charCodeAt(p);
    if (c === 34) return p + 1;
    if (c < 32) return ~p;
    const e = text[p + 1];
    if (e === 'u') {
      if (!/^[0-9A-Fa-f]{4}$/.test(text.slice(p + 2, p + 6))) return ~p;
      p += 6;
    } else if (e !== undefined && '"\\/bfnrt'.includes(e)) p += 2;
    else return ~p;
  }
}

/** End offset after a scalar (string, number, literal) at `pos`, or `~offset` of the error. */
function scanScalar(text: string, pos: number, c: number): number {
  if (c === 34) return scanString(text, pos);
  for (const lit of ['true', 'false', 'null']) if (text.startsWith(lit, pos)) return pos + lit.length;
  NUMBER.lastIndex = pos;
  if (NUMBER.test(text)) return NUMBER.lastIndex;
  return ~pos;
}
