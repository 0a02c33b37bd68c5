import { describe, expect, it } from 'vitest';
import { iptablesFixtures, readFixture } from '../../../test/fixtures';
import type { IptablesDocument, MatchNode, OptionNode, RuleNode } from './ast';
import { openRules } from './cursor';
import { parseIptablesSave } from './parse';
import { toPlainRule } from './savedRule';

const doc = (text: string) => parseIptablesSave(text).result;
const nat = (...rules: string[]) => `*nat\n:X - [0:0]\n:Y - [0:0]\n${rules.join('\n')}\nCOMMIT\n`;

/** What a match piece reads back as, in the AST's own terms: the options it stands for. */
function optionsOf(m: MatchNode): { module: string; options: readonly OptionNode[] } {
  return { module: m.module, options: m.options };
}

describe('openRules', () => {
  it('positions on a parsed rule: match pieces, then the target kind', () => {
    const d = doc(
      nat(
        '-A X -p tcp -m comment --comment "a b" -j Y',
        '-A X -g Y',
        '-A X -s 10.0.0.1',
        '-A X -j DNAT --to-destination 1.2.3.4:80',
      ),
    );
    const cursor = openRules(d);
    expect(cursor.fromOneParse).toBe(true);
    const [jump, goto, none, piece] = d.tables[0]?.rules ?? [];
    expect(cursor.seek(jump!)).toBe(true);
    expect([cursor.matchCount, cursor.targetKind, cursor.chainName(cursor.target)]).toEqual([2, 'jump', 'Y']);
    expect(cursor.target).toBe(cursor.chainIdOf('Y'));
    expect(cursor.seek(goto!)).toBe(true);
    expect([cursor.matchCount, cursor.targetKind]).toEqual([0, 'goto']);
    expect(cursor.seek(none!)).toBe(true);
    expect([cursor.matchCount, cursor.targetKind, cursor.target]).toEqual([1, 'none', -1]);
    expect(cursor.seek(piece!)).toBe(true);
    expect(cursor.targetKind).toBe('piece');
    expect(cursor.readTargetPiece(cursor.target)).toMatchObject({
      kind: 'jump',
      name: 'DNAT',
      options: [{ name: '--to-destination', values: ['1.2.3.4:80'] }],
    });
  });

  it('reads every piece back as the options the rule has (every fixture)', () => {
    let pieces = 0;
    for (const f of iptablesFixtures()) {
      const d = doc(readFixture(`iptables/${f}`));
      const cursor = openRules(d);
      for (const t of d.tables) {
        for (const r of t.rules) {
          if (!cursor.seek(r)) continue;
          const body = cursor.body(r);
          // Per-option pieces stand for one option each; other pieces for a whole group.
          const expected = body.matches.flatMap((m) =>
            m.module === '' ||
            ['tcp', 'udp', 'udplite', 'sctp', 'dccp', 'multiport', 'conntrack', 'mark'].includes(m.module)
              ? m.options
                  .filter((o) => o.name !== '-c' && o.name !== '--set-counters')
                  .map((o) => ({ module: m.module, options: [o] }))
              : [optionsOf(m)],
          );
          pieces += cursor.matchCount;
          const got = [];
          for (let i = 0; i < cursor.matchCount; i++) {
            const p = cursor.readMatchPiece(cursor.matchPiece(i));
            got.push(p.perOption ? { module: p.module, options: [p.option] } : optionsOf(p.match));
          }
          expect(got.map(stripSpans), `${f}: ${r.raw}`).toEqual(expected.map(stripSpans));
          if (cursor.targetKind === 'piece')
            expect(stripSpans(cursor.readTargetPiece(cursor.target)), r.raw).toEqual(stripSpans(body.target));
        }
      }
    }
    expect(pieces).toBeGreaterThan(1000);
  });

  it('gives no ids for a document that is not one parse', () => {
    const a = doc(nat('-A X -j Y'));
    const b = doc(nat('-A X -j Y'));
    const plain: IptablesDocument = {
      ...a,
      tables: a.tables.map((t) => ({ ...t, rules: t.rules.map(toPlainRule) })),
    };
    const mixed: IptablesDocument = { ...a, tables: [...a.tables, ...b.tables] };
    for (const d of [plain, mixed]) {
      const cursor = openRules(d);
      expect(cursor.fromOneParse).toBe(false);
      expect(cursor.chainIdCount).toBe(0);
      expect(cursor.chainIdOf('X')).toBe(-1);
      const rule = d.tables[0]?.rules[0];
      expect(cursor.seek(rule!)).toBe(false);
      expect(cursor.ruleChainId(rule!)).toBe(-1);
      expect(cursor.body(rule!).target?.name).toBe('Y');
    }
  });

  it('keeps re-read scratch per parse: interleaved re-reads of two parses do not mix', () => {
    const a = doc(nat('-A X -s 10.0.0.1 -j Y'));
    const b = doc(
      nat('-A X -m comment --comment "much longer rule" -d 10.9.9.9 -j DNAT --to-destination 1.1.1.1'),
    );
    const ra = a.tables[0]?.rules[0] as RuleNode;
    const rb = b.tables[0]?.rules[0] as RuleNode;
    const ca = openRules(a);
    const cb = openRules(b);
    const spanA = ca.targetNameSpan(ra);
    const bodyB = cb.body(rb);
    expect(ra.raw.slice(spanA.start - ra.span.start, spanA.end - ra.span.start)).toBe('Y');
    expect(ca.body(ra).matches[0]?.options[0]?.values).toEqual(['10.0.0.1']);
    expect(bodyB.target?.name).toBe('DNAT');
    expect(ra.matches).toBe(ra.matches);
  });
});

/** A node without its spans (pieces are read on their own, so their spans are piece-relative). */
function stripSpans(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripSpans);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (k !== 'span' && k !== 'nameSpan') out[k] = stripSpans(x);
  return out;
}
