import { describe, expect, it } from 'vitest';
import { analyzedResponse, testStore } from './fakes.node';

describe('analysis slice', () => {
  it('tracks which input version is analyzed, ignores old answers, and marks errors stale', () => {
    const { store, engine } = testStore();
    const s = store.getState;
    s().setInputs('a', '', 'edited');
    const v1 = s().inputVersion;
    s().analysisStarted(1, v1);
    expect(s().status).toBe('parsing');
    s().analysisReceived(analyzedResponse(1, 5, 0));
    expect(s()).toMatchObject({ status: 'ready', stale: false, analyzedVersion: v1 });
    expect(s().ruleCount).toBe(5);

    s().setIptablesText('a broken');
    expect(s().inputVersion).toBe(v1 + 1);
    s().analysisStarted(2, s().inputVersion);
    s().analysisStarted(3, s().inputVersion);
    s().analysisReceived(analyzedResponse(2, 99, 0));
    expect(s().status).toBe('parsing');
    s().analysisReceived(analyzedResponse(3, 4, 1));
    expect(s()).toMatchObject({ status: 'ready', stale: true, analyzedVersion: v1 + 1 });
    expect(s().ruleCount).toBe(5);
    expect(s().diagnostics.iptables).toHaveLength(1);

    s().analysisStarted(4, s().inputVersion);
    s().analysisFailed(4, 'worker died');
    expect(s()).toMatchObject({ status: 'error', stale: true, analysisError: 'worker died' });
    expect(engine.calls.analyze).toEqual([]);
  });

  it('sends the texts to the engine and takes its answer through the listener', () => {
    const { store, engine } = testStore();
    store.getState().setInputs('*nat\nCOMMIT\n', 'k', 'edited');
    store.getState().analyze();
    expect(engine.calls.analyze).toEqual([
      { iptablesText: '*nat\nCOMMIT\n', kubectlText: 'k', focus: null, id: 1 },
    ]);
    expect(store.getState()).toMatchObject({ status: 'parsing', requestId: 1 });
    engine.answer(analyzedResponse(1, 3, 0));
    expect(store.getState()).toMatchObject({ status: 'ready', ruleCount: 3, rulesetVersion: 1 });
    store.dispose();
    expect(engine.listening()).toBe(false);
  });
});
