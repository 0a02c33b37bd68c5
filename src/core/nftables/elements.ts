import type { NftElement } from './ast';
import {
  MAX_DEPTH,
  type Reader,
  T_COMMA,
  T_COMMENT,
  T_LBRACE,
  T_NEWLINE,
  T_RBRACE,
  T_STRING,
  T_WORD,
} from './reader';
import { readVerdict } from './verdict';

/**
 * Set and map elements (nft(8) "SET ELEMENTS"): `{ 10.0.0.1 . tcp . 80 comment "ns/svc:p" : goto
 * service-… , … }` in named sets, `add element` commands and anonymous sets of rules.
 */

const span = (r: Reader, a: number, b: number) => ({ start: r.start(a), end: r.end(Math.max(a, b - 1)) });

/** The words of a concatenation `a . b . c` (element keys and data), or null. */
function readParts(r: Reader, end: number): string[] | null {
  const parts: string[] = [];
  for (;;) {
    const k = r.kind();
    if (r.i >= end || (k !== T_WORD && k !== T_STRING) || r.is(':') || r.is('.'))
      return parts.length ? parts : null;
    parts.push(r.value());
    r.i++;
    if (r.is('.') && r.i + 1 < end) r.i++;
    else return parts;
  }
}

/**
 * `{ elem, elem … }` at `r.i` (a `{`): set/map elements with `timeout`, `expires`, `comment`,
 * `counter packets N bytes M` and `: value` (nft(8) "SET ELEMENTS"). Newlines inside do not
 * matter. Linear: one object per element and no string built across elements. Leaves `r.i` after
 * the closing brace; an unclosed brace is diagnosed at the opening brace, and what was read is kept.
 */
export function readElements(r: Reader, end: number, depth: number): NftElement[] {
  const open = r.i;
  r.i++;
  const out: NftElement[] = [];
  if (depth > MAX_DEPTH) {
    r.diagTokens(
      'nftables/deep-nesting',
      `Braces nested more than ${MAX_DEPTH} deep: skipped.`,
      open,
      open + 1,
    );
    r.i = Math.min(r.skipBraces(open), Math.max(end, open + 1));
    return out;
  }
  for (;;) {
    while (r.i < end && (r.kind() === T_NEWLINE || r.kind() === T_COMMENT || r.kind() === T_COMMA)) r.i++;
    if (r.i >= end) {
      // Inside a rule the line reader has already reported this brace (the rule ends at its line).
      if (end >= r.t.count)
        r.diagTokens(
          'nftables/unbalanced-brace',
          'This `{` is never closed: the elements read so far are kept.',
          open,
          open + 1,
        );
      return out;
    }
    if (r.kind() === T_RBRACE) {
      r.i++;
      return out;
    }
    const a = r.i;
    let key: string[] | null;
    if (r.kind() === T_LBRACE) {
      // A set inside a set (`{ { 1, 2 }, 3 }`): nft merges it; its elements join this one.
      out.push(...readElements(r, end, depth + 1));
      continue;
    }
    key = readParts(r, end);
    if (key === null) {
      r.diagTokens('nftables/bad-element', `"${r.t.text_(a)}" is not a set element.`, a, a + 1);
      skipElement(r, end);
      continue;
    }
    let timeout: string | null = null;
    let expires: string | null = null;
    let comment: string | null = null;
    let counter: NftElement['counter'] = null;
    for (;;) {
      if (r.is('timeout') && r.i + 1 < end) {
        timeout = r.word(r.i + 1);
        r.i += 2;
      } else if (r.is('expires') && r.i + 1 < end) {
        expires = r.word(r.i + 1);
        r.i += 2;
      } else if (r.is('comment') && r.kind(r.i + 1) === T_STRING) {
        comment = r.value(r.i + 1);
        r.i += 2;
      } else if (r.is('counter')) {
        r.i++;
        if (r.is('packets') && r.is('bytes', r.i + 2)) {
          counter = { packets: Number(r.word(r.i + 1)), bytes: Number(r.word(r.i + 3)) };
          r.i += 4;
        } else counter = { packets: 0, bytes: 0 };
      } else break;
    }
    let value: NftElement['value'] = null;
    if (r.is(':')) {
      r.i++;
      const v = readVerdict(r, end);
      if (v !== null) value = v;
      else {
        const parts = readParts(r, end);
        if (parts === null) {
          r.diagTokens('nftables/bad-element', 'A map element without its value after `:`.', a, r.i);
          skipElement(r, end);
          continue;
        }
        value = { kind: 'data', parts };
      }
    }
    key = key as string[];
    out.push({ key, value, timeout, expires, comment, counter, span: span(r, a, r.i) });
    const k = r.kind();
    if (r.i < end && k !== T_COMMA && k !== T_RBRACE && k !== T_NEWLINE && k !== T_COMMENT) {
      r.diagTokens(
        'nftables/bad-element',
        `Unexpected "${r.t.text_(r.i)}" after a set element.`,
        r.i,
        r.i + 1,
      );
      skipElement(r, end);
    }
  }
}

/** Skips to the next `,` or `}` of the current element list. */
function skipElement(r: Reader, end: number): void {
  while (r.i < end && r.kind() !== T_COMMA && r.kind() !== T_RBRACE) {
    if (r.kind() === T_LBRACE) r.i = Math.min(r.skipBraces(r.i), end);
    else r.i++;
  }
}
