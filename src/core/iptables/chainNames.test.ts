import { describe, expect, it } from 'vitest';
import { ChainNames } from './chainNames';
import { hashRange, RangeInterner } from './names';

describe('ChainNames', () => {
  it('numbers each name once, found by text range or by string', () => {
    const text = ':KUBE-SVC-A - [0:0]\n-A KUBE-SVC-A -j KUBE-SEP-B\n';
    const names = new ChainNames(text);
    const at = (s: string, from = 0) => {
      const i = text.indexOf(s, from);
      return names.intern(text, i, i + s.length, hashRange(text, i, i + s.length));
    };
    const a = at('KUBE-SVC-A');
    expect(at('KUBE-SVC-A', 20)).toBe(a);
    const b = at('KUBE-SEP-B');
    expect(b).not.toBe(a);
    expect(names.names[a]).toBe('KUBE-SVC-A');
    expect(names.idOf('KUBE-SEP-B')).toBe(b);
    expect(names.idOf('KUBE-SEP-')).toBe(-1);
    // A name met as a separate string (a quoted word's value) is the same name.
    expect(names.intern('KUBE-SVC-A', 0, 10, hashRange('KUBE-SVC-A', 0, 10))).toBe(a);
    expect(names.count).toBe(2);
  });

  it('grows past its first capacity without losing names or table bits', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `C${i}`).join(' ');
    const names = new ChainNames(text);
    const ids: number[] = [];
    let pos = 0;
    for (let i = 0; i < 5000; i++) {
      const end = text.indexOf(' ', pos) === -1 ? text.length : text.indexOf(' ', pos);
      const id = names.intern(text, pos, end, hashRange(text, pos, end));
      names.declared[id] = (names.declared[id] as number) | 1;
      ids.push(id);
      pos = end + 1;
    }
    expect(new Set(ids).size).toBe(5000);
    for (let i = 0; i < 5000; i += 499) {
      expect(names.idOf(`C${i}`)).toBe(ids[i]);
      expect(names.declared[ids[i] as number]).toBe(1);
    }
  });
});

describe('RangeInterner', () => {
  it('returns the shared string, and stops sharing past its limit', () => {
    const interner = new RangeInterner(4, 2);
    const text = 'alpha beta gamma alpha gamma';
    const word = (s: number, e: number) => interner.intern(text, s, e, hashRange(text, s, e));
    const alpha = word(0, 5);
    expect(word(17, 22)).toBe(alpha);
    word(6, 10);
    expect(interner.size).toBe(2);
    expect(word(11, 16)).toBe('gamma');
    expect(interner.find(text, 23, 28, hashRange(text, 23, 28))).toBeUndefined();
  });
});
