import { describe, expect, it } from 'vitest';
import { webRuleset } from '../core/view/inputs.node';
import { localTraceEngine } from './engine.node';
import { analyzedResponse, fakeEngine, manualScheduler, memoryStorage, testStore } from './fakes.node';
import { createAppStore } from './store';
import { DEFAULT_PACKET } from './traceSlice';

describe('createAppStore', () => {
  it('makes independent stores: state, timers and engines are never shared', () => {
    const a = testStore();
    const b = testStore();
    a.store.getState().setPresenting();
    a.store.getState().setIptablesText('*nat\nCOMMIT\n');
    expect(a.store.getState()).toMatchObject({ presenting: true, inputVersion: 1 });
    expect(b.store.getState()).toMatchObject({ presenting: false, inputVersion: 0 });
    a.store.getState().analyze();
    expect(a.engine.calls.analyze).toHaveLength(1);
    expect(b.engine.calls.analyze).toHaveLength(0);
  });

  it('toggles presenter mode, or sets it', () => {
    const { store } = testStore();
    store.getState().setPresenting();
    expect(store.getState().presenting).toBe(true);
    store.getState().setPresenting();
    expect(store.getState().presenting).toBe(false);
    store.getState().setPresenting(false);
    expect(store.getState().presenting).toBe(false);
  });

  it('switches between its languages only', () => {
    const { store } = testStore();
    expect(store.getState().language).toBe('en');
    store.getState().setLanguage('zh-CN');
    expect(store.getState().language).toBe('zh-CN');
    store.getState().setLanguage('fr' as 'en');
    expect(store.getState().language).toBe('zh-CN');
  });

  it('leaves no timer and no engine listener behind after dispose', async () => {
    const engine = fakeEngine(localTraceEngine(webRuleset()));
    const scheduler = manualScheduler();
    const store = createAppStore({ engine, storage: memoryStorage(), scheduler });
    store.setState({ ruleCount: 1, rulesetVersion: 1, packetForm: DEFAULT_PACKET });
    await store.getState().send();
    expect(store.getState().playing).toBe(true);
    expect(scheduler.pending()).toBe(1);
    store.dispose();
    expect(scheduler.pending()).toBe(0);
    expect(store.getState().playing).toBe(false);
    expect(engine.listening()).toBe(false);
    // An answer arriving after dispose no longer reaches the store.
    const before = store.getState();
    engine.answer(analyzedResponse(before.requestId, 7));
    expect(store.getState()).toBe(before);
  });
});
