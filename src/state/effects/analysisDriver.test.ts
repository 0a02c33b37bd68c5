import { describe, expect, it } from 'vitest';
import { testStore } from '../fakes.node';
import { ANALYZE_DEBOUNCE_LARGE_MS, ANALYZE_DEBOUNCE_MS, startAnalysisDriver } from './analysisDriver';

describe('startAnalysisDriver', () => {
  it('analyses at once, then once per pause in typing (the last text)', () => {
    const { store, engine, scheduler } = testStore();
    store.getState().setInputs('*nat\nCOMMIT\n', '', 'saved');
    const stop = startAnalysisDriver(store);
    expect(engine.calls.analyze.map((c) => c.iptablesText)).toEqual(['*nat\nCOMMIT\n']);
    for (const ch of ['#', ' ', 'a']) {
      store.getState().setIptablesText(store.getState().iptablesText + ch);
      scheduler.advance(ANALYZE_DEBOUNCE_MS - 1);
    }
    expect(engine.calls.analyze).toHaveLength(1);
    scheduler.advance(1);
    expect(engine.calls.analyze.map((c) => c.iptablesText)).toEqual(['*nat\nCOMMIT\n', '*nat\nCOMMIT\n# a']);
    expect(store.getState()).toMatchObject({
      status: 'parsing',
      requestedVersion: store.getState().inputVersion,
    });
    stop();
    expect(scheduler.pending()).toBe(0);
  });

  it('sends an opened file at once and waits longer for edits of a large dump', () => {
    const { store, engine, scheduler } = testStore();
    const stop = startAnalysisDriver(store);
    const big = 'x'.repeat(1_000_001);
    store.getState().setIptablesText(big, 'file', 'node.txt');
    expect(engine.calls.analyze).toHaveLength(2);
    store.getState().setIptablesText(`${big}y`);
    scheduler.advance(ANALYZE_DEBOUNCE_MS);
    expect(engine.calls.analyze).toHaveLength(2);
    scheduler.advance(ANALYZE_DEBOUNCE_LARGE_MS - ANALYZE_DEBOUNCE_MS);
    expect(engine.calls.analyze).toHaveLength(3);
    stop();
  });
});
