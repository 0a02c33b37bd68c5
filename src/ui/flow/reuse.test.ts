import { describe, expect, it } from 'vitest';
import { keepUnchanged } from './reuse';

const shared = { title: 'KUBE-SERVICES' };
const node = (id: string, here: boolean) => ({ id, position: { x: 1, y: 2 }, data: { node: shared, here } });

describe('keepUnchanged', () => {
  it('keeps the objects that draw the same, and takes the new ones that do not', () => {
    const before = [node('a', false), node('b', true), node('c', false)];
    const after = keepUnchanged(before, [node('a', false), node('b', false), node('c', true)]);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]?.data.here).toBe(false);
    expect(after[2]?.data.here).toBe(true);
  });

  it('returns the previous array when nothing changed, and compares deeper values by identity', () => {
    const before = [node('a', false)];
    expect(keepUnchanged(before, [node('a', false)])).toBe(before);
    const other = [{ ...node('a', false), data: { node: { title: 'KUBE-SERVICES' }, here: false } }];
    expect(keepUnchanged(before, other)[0]).toBe(other[0]);
    expect(keepUnchanged([], other)).toBe(other);
  });
});
