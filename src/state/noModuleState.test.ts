import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every source file under src/state, Node-only fakes included (tests keep their `let`s for beforeEach). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

// Module-level state is shared by every store made in one page or test run: a timer, token or
// cache there leaks between stores (DESIGN.md "State": it lives in createAppStore's closure).
// A `readonly` array is a table, not state.
const MUTABLE =
  /^(export )?(let|var) |^(export )?const \w+(: (?!readonly)[^=]+)? = (new (Map|Set|WeakMap|Array)\b|\[)/;

describe('src/state', () => {
  it('keeps no mutable state at module level', () => {
    const found = sources(__dirname).flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((line, i) => (MUTABLE.test(line) ? [`${relative(__dirname, f)}:${i + 1}: ${line}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
