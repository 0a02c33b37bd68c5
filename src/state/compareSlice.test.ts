import { describe, expect, it } from 'vitest';
import type { Comparison } from '../core/compare';
import type { CompareInput } from '../workers/protocol';
import { testStore } from './fakes.node';

const NONE: Comparison = {
  services: [],
  sources: { nodeIp: '192.0.2.10', pod: '10.244.0.7', external: '203.0.113.10' },
  equivalent: true,
};

/** A store whose engine records comparisons and answers each when the test says. */
function setup() {
  const t = testStore();
  const asked: { a: CompareInput; b: CompareInput; answer(c: Comparison | null): void }[] = [];
  t.engine.compare = (a, b) =>
    new Promise((resolve) =>
      asked.push({ a, b, answer: (c) => resolve(c && { comparison: c, diagnostics: { a: [], b: [] } }) }),
    );
  return { ...t, asked };
}

describe('compareSlice', () => {
  it('compares when opened, and after a pause in typing B', async () => {
    const { store, scheduler, asked } = setup();
    store.getState().setInputs('*nat\nCOMMIT\n', 'kubectl', 'example');
    store.getState().setCompareOpen();
    expect(store.getState().compareOpen).toBe(true);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.a).toEqual({ iptablesText: '*nat\nCOMMIT\n', kubectlText: 'kubectl' });
    store.getState().setCompareText('B1');
    store.getState().setCompareText('B2');
    expect(asked).toHaveLength(1);
    scheduler.advance(300);
    expect(asked).toHaveLength(2);
    expect(asked[1]!.b).toEqual({ iptablesText: 'B2', kubectlText: '' });
    expect(store.getState().compareStatus).toBe('running');
    asked[1]!.answer(NONE);
    await Promise.resolve();
    await Promise.resolve();
    expect(store.getState().compareStatus).toBe('ready');
    expect(store.getState().comparison).toBe(NONE);
  });

  it('drops a late answer to an older comparison, and stops when closed', async () => {
    const { store, scheduler, asked } = setup();
    store.getState().setCompareOpen(true);
    store.getState().requestCompare(true);
    asked[1]!.answer(NONE);
    asked[0]!.answer({ ...NONE, equivalent: false });
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().comparison?.equivalent).toBe(true);
    store.getState().setCompareText('B');
    store.getState().setCompareOpen(false);
    scheduler.advance(1000);
    expect(asked).toHaveLength(2);
  });
});
