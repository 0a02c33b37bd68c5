import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NftExpr } from './ast';
import { detectRulesetFormat } from './detect';
import { parseNftables } from './parse';
import { fixture } from './testing.node';

const fixtures = [
  'kube-proxy-overall.nft',
  'kube-proxy-overall.list.txt',
  'kube-proxy-overall.handles.txt',
  'kube-proxy-overall.json',
  'misc.nft',
  'misc.list.txt',
  'misc.json',
  'iptables-nft.list.txt',
].map(fixture);

/** Random edits of a fixture: delete / insert / duplicate characters, truncate, swap lines. */
const mutated = fc
  .tuple(
    fc.constantFrom(...fixtures),
    fc.array(
      fc.tuple(
        fc.constantFrom('delete', 'insert', 'duplicate', 'truncate', 'swap'),
        fc.nat(),
        fc.constantFrom('{', '}', '"', ';', ',', ' . ', ':', '#', '\n', 'x', '@', '[', ']'),
      ),
      { maxLength: 6 },
    ),
  )
  .map(([text, edits]) => {
    let t = text;
    for (const [op, n, s] of edits) {
      const at = t.length === 0 ? 0 : n % t.length;
      if (op === 'delete') t = t.slice(0, at) + t.slice(at + 1 + (n % 5));
      else if (op === 'insert') t = t.slice(0, at) + s + t.slice(at);
      else if (op === 'duplicate') t = t.slice(0, at) + t.slice(at, at + (n % 40)) + t.slice(at);
      else if (op === 'truncate') t = t.slice(0, at);
      else {
        const lines = t.split('\n');
        const i = n % lines.length;
        const j = (n * 7 + 3) % lines.length;
        [lines[i], lines[j]] = [lines[j] as string, lines[i] as string];
        t = lines.join('\n');
      }
    }
    return t;
  });

const inside = (text: string, s: { start: number; end: number }) =>
  s.start >= 0 && s.start <= s.end && s.end <= text.length;

function exprSpans(e: NftExpr, out: { start: number; end: number }[]): void {
  out.push(e.span);
  if (e.kind === 'concat') for (const p of e.parts) exprSpans(p, out);
  else if (e.kind === 'list') for (const p of e.items) exprSpans(p, out);
  else if (e.kind === 'binop') {
    exprSpans(e.left, out);
    exprSpans(e.right, out);
  } else if (e.kind === 'map') {
    exprSpans(e.key, out);
    exprSpans(e.map, out);
  }
}

describe('any edit of a real ruleset', () => {
  it('reads without throwing, with every span inside the text', () => {
    fc.assert(
      fc.property(mutated, (text) => {
        detectRulesetFormat(text);
        const { result, diagnostics } = parseNftables(text);
        for (const d of diagnostics) expect(inside(text, d.span), d.code).toBe(true);
        for (const t of result.tables) {
          expect(inside(text, t.span)).toBe(true);
          for (const c of t.chains)
            for (const r of c.rules) {
              expect(inside(text, r.span)).toBe(true);
              expect(r.line).toBeGreaterThan(0);
              for (const s of r.statements) {
                expect(inside(text, s.span)).toBe(true);
                const spans: { start: number; end: number }[] = [];
                if (s.kind === 'match') {
                  exprSpans(s.left, spans);
                  exprSpans(s.right, spans);
                } else if (s.kind === 'vmap') exprSpans(s.key, spans);
                for (const sp of spans) expect(inside(text, sp)).toBe(true);
              }
            }
          for (const set of t.sets) for (const e of set.elements) expect(inside(text, e.span)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
