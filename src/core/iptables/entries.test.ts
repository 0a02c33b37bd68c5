import { describe, expect, it } from 'vitest';
import { TARGET_GOTO, TARGET_JUMP, TARGET_NONE } from './entries';
import { parseIptablesSave } from './parse';
import { SavedRule } from './savedRule';

/** Each rule's pool slice: [match piece ids…, target code or piece id], or null for AST-only rules. */
function pieces(text: string): ({ matches: number[]; target: number } | null)[] {
  const { result } = parseIptablesSave(text);
  return result.tables.flatMap((t) =>
    t.rules.map((r) => {
      const rule = r as SavedRule;
      expect(rule).toBeInstanceOf(SavedRule);
      const off = rule.pieceOffset;
      if (off < 0) return null;
      const pool = rule.source.entries.pool;
      const n = pool[off] as number;
      return { matches: [...pool.slice(off + 1, off + 1 + n)], target: pool[off + 1 + n] as number };
    }),
  );
}

const table = (...rules: string[]) => `*nat\n:X - [0:0]\n:Y - [0:0]\n${rules.join('\n')}\nCOMMIT\n`;

describe('lowering pieces', () => {
  it('gives equal text under the same module one id', () => {
    const [a, b, c] = pieces(
      table(
        '-A X -p tcp -m comment --comment "a b" -m tcp --dport 80 -j Y',
        '-A X -p tcp -m comment --comment "a b" -m tcp --dport 80 -j Y',
        '-A X -p udp -m comment --comment "a b" -m udp --dport 80 -g Y',
      ),
    );
    expect(a).toEqual(b);
    expect(a?.matches).toHaveLength(3);
    expect(a?.target).toBe(TARGET_JUMP);
    // `-p udp` differs; the comment is shared; `--dport 80` of udp is not tcp's.
    expect(c?.matches[0]).not.toBe(a?.matches[0]);
    expect(c?.matches[1]).toBe(a?.matches[1]);
    expect(c?.matches[2]).not.toBe(a?.matches[2]);
    expect(c?.target).toBe(TARGET_GOTO);
  });

  it('keeps a target with options as a piece, and no target as none', () => {
    const [a, b, c] = pieces(
      table(
        '-A X -j DNAT --to-destination 1.2.3.4:80',
        '-A X -j DNAT --to-destination 1.2.3.4:80',
        '-A X -s 1.2.3.4',
      ),
    );
    expect(a?.target).toBeGreaterThanOrEqual(0);
    expect(b?.target).toBe(a?.target);
    expect(c).toEqual({ matches: [expect.any(Number)], target: TARGET_NONE });
  });

  it('leaves out -c and keeps whitespace and quoting in the key', () => {
    const [a, b, c, d] = pieces(
      table(
        '-A X -s 1.2.3.4 -c 1 2 -j Y',
        '-A X   -s 1.2.3.4 -j Y',
        '-A X -s  1.2.3.4 -j Y',
        '-A X -s "1.2.3.4" -j Y',
      ),
    );
    expect(a?.matches).toHaveLength(1);
    expect(b?.matches).toEqual(a?.matches);
    // Different text is a different piece (it lowers to an equal match, only not shared).
    expect(c?.matches).not.toEqual(a?.matches);
    expect(d?.matches).not.toEqual(a?.matches);
  });

  it('sends rules whose group is split or whose module is quoted to the AST path', () => {
    const [split, quoted, ok] = pieces(
      table(
        '-A X -m recent --set -m tcp -p tcp --name n -j Y',
        '-A X -m "comment" --comment x -j Y',
        '-A X -m recent --set --name n -j Y',
      ),
    );
    expect(split).toBeNull();
    expect(quoted).toBeNull();
    expect(ok?.matches).toHaveLength(1);
  });
});
