import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { iptablesFixtures, readFixture } from '../../../test/fixtures';
import { lowerToRuleset } from '../lower';
import { parseIptablesSave } from './parse';
import { printIptablesSave } from './print';
import { toPlainRule } from './savedRule';
import { summarizeDocument } from './testing';

const fixtures = iptablesFixtures().map((f) => readFixture(`iptables/${f}`));

/** Random edits of a fixture: delete / insert / duplicate characters, truncate, shuffle lines. */
const mutated = fc
  .tuple(
    fc.constantFrom(...fixtures),
    fc.array(
      fc.tuple(
        fc.constantFrom('delete', 'insert', 'duplicate', 'truncate', 'shuffle'),
        fc.nat(),
        fc.string({ maxLength: 4 }),
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

function parseAndLower(text: string): void {
  const { result } = parseIptablesSave(text);
  lowerToRuleset(result);
  printIptablesSave(result);
}

/** Tables, chains, rules (canonically printed) and commands of a parse — no spans or diagnostics. */
function structure(text: string): unknown {
  const { result } = parseIptablesSave(text);
  const s = summarizeDocument(result, [], text) as { tables: unknown };
  return s.tables;
}

describe('properties', () => {
  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (s) => parseAndLower(s)),
      { numRuns: 300 },
    );
  });

  it('never throws on iptables-like word soup', () => {
    const word = fc.constantFrom(
      '-A',
      'KUBE-SVC-X',
      '-m',
      'tcp',
      '--dport',
      '!',
      '"a b',
      '-j',
      'DNAT',
      '*nat',
      'COMMIT',
      ':X',
      '-',
      '[0:0]',
      '\n',
      '-s',
      '::1/129',
      '--to-destination',
      '[::1]:80',
      '-P',
      '-N',
      '-X',
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 60 }), (ws) => parseAndLower(ws.join(' '))),
      { numRuns: 300 },
    );
  });

  it('never throws on mutated fixtures', () => {
    fc.assert(
      fc.property(mutated, (t) => parseAndLower(t)),
      { numRuns: 200 },
    );
  });

  it('parse → print → parse is stable (also on mutated fixtures)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...fixtures), mutated), (text) => {
        const once = printIptablesSave(parseIptablesSave(text).result);
        const twice = printIptablesSave(parseIptablesSave(once).result);
        expect(twice).toBe(once);
        expect(structure(twice)).toEqual(structure(once));
      }),
      { numRuns: 400 },
    );
  });

  it('lowering from shared pieces equals lowering from the syntax tree (also on mutated fixtures)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...fixtures), mutated), (text) => {
        const doc = parseIptablesSave(text).result;
        const plain = {
          ...doc,
          tables: doc.tables.map((t) => ({
            ...t,
            chains: t.chains.map(({ kind, name, nameSpan, policy, counters, span, line }) => ({
              kind,
              name,
              nameSpan,
              policy,
              counters,
              span,
              line,
            })),
            rules: t.rules.map(toPlainRule),
          })),
        };
        expect(lowerToRuleset(doc)).toEqual(lowerToRuleset(plain));
      }),
      { numRuns: 150 },
    );
  });
});
