import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectGolden, strayGoldens } from './expectGolden';

/** The golden check itself: what it does with a missing, equal, different or updated golden. */
describe('expectGolden', () => {
  let dir = '';
  const warnings: string[] = [];
  const warn = (m: string) => warnings.push(m);
  const seed = (name: string, text: string) => {
    mkdirSync(join(dir, 'x'), { recursive: true });
    writeFileSync(join(dir, name), text);
  };
  /** The assertion error expectGolden throws, or a failure if it does not throw. */
  const failureOf = (run: () => unknown): Error & { actual?: unknown; expected?: unknown } => {
    try {
      run();
    } catch (e) {
      return e as Error;
    }
    throw new Error('expectGolden did not fail');
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kpe-golden-'));
    warnings.length = 0;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('fails under CI when the golden is missing, and writes nothing', () => {
    const e = failureOf(() => expectGolden('x/a.json', { a: 1 }, { dir, env: { CI: 'true' }, warn }));
    expect(e.message).toMatch(/golden .*x\/a\.json is missing/);
    expect(existsSync(join(dir, 'x/a.json'))).toBe(false);
  });

  it('writes a missing golden outside CI, with a loud warning', () => {
    expect(expectGolden('x/a.txt', 'line', { dir, env: {}, warn })).toBe('written');
    expect(readFileSync(join(dir, 'x/a.txt'), 'utf8')).toBe('line\n');
    expect(warnings.join('')).toMatch(/GOLDEN WRITTEN: .*x\/a\.txt/);
    // CI=false is "not CI" (some runners export it that way).
    expect(expectGolden('x/b.txt', 'line', { dir, env: { CI: 'false' }, warn })).toBe('written');
  });

  it('passes on an equal golden; JSON key order is not a difference', () => {
    seed('x/a.json', '{\n  "b": [1, 2],\n  "a": "x"\n}\n');
    expect(expectGolden('x/a.json', { a: 'x', b: [1, 2] }, { dir, env: { CI: 'true' }, warn })).toBe(
      'matched',
    );
    seed('x/a.txt', 'one\ntwo\n');
    expect(expectGolden('x/a.txt', 'one\ntwo\n', { dir, env: { CI: 'true' }, warn })).toBe('matched');
    expect(warnings).toEqual([]);
  });

  it('fails on a different text golden with both sides for the diff', () => {
    seed('x/a.txt', 'one\ntwo\n');
    const e = failureOf(() => expectGolden('x/a.txt', 'one\nTWO\n', { dir, env: {}, warn }));
    expect(e.message).toMatch(/golden .*x\/a\.txt differs/);
    expect(e.expected).toBe('one\ntwo\n');
    expect(e.actual).toBe('one\nTWO\n');
    expect(readFileSync(join(dir, 'x/a.txt'), 'utf8')).toBe('one\ntwo\n');
  });

  it('fails on a different JSON golden with both values for the diff', () => {
    seed('x/a.json', '{ "a": 1, "b": [1, 2] }\n');
    const e = failureOf(() => expectGolden('x/a.json', { a: 1, b: [1, 3] }, { dir, env: {}, warn }));
    expect(e.message).toMatch(/differs/);
    expect(e.expected).toEqual({ a: 1, b: [1, 2] });
    expect(e.actual).toEqual({ a: 1, b: [1, 3] });
  });

  it('rewrites with UPDATE_GOLDEN=1, and refuses to under CI', () => {
    seed('x/a.txt', 'old\n');
    expect(expectGolden('x/a.txt', 'new', { dir, env: { UPDATE_GOLDEN: '1' }, warn })).toBe('rewritten');
    expect(readFileSync(join(dir, 'x/a.txt'), 'utf8')).toBe('new\n');
    const e = failureOf(() =>
      expectGolden('x/a.txt', 'newer', { dir, env: { UPDATE_GOLDEN: '1', CI: '1' }, warn }),
    );
    expect(e.message).toMatch(/UPDATE_GOLDEN=1 under CI/);
    expect(readFileSync(join(dir, 'x/a.txt'), 'utf8')).toBe('new\n');
  });

  it('names the goldens of a folder that no test claims', () => {
    seed('x/a.txt', '');
    seed('x/b.txt', '');
    expect(strayGoldens('x', ['x/a.txt'], dir)).toEqual(['x/b.txt']);
    expect(strayGoldens('missing', [], dir)).toEqual([]);
  });
});
