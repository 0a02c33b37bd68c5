import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../core/share';
import { WEB, WEB_EXAMPLE_TEXT, webRuleset } from '../../core/view/inputs.node';
import { localTraceEngine } from '../engine.node';
import { analyzedResponse, fakeEngine, testStore, until } from '../fakes.node';
import { startAnalysisDriver } from './analysisDriver';
import { startScenarioPlayback } from './scenarioPlayback';

const ruleset = webRuleset();
const ENDPOINT = WEB.endpoints[2]!;

const SCENARIO: Scenario = {
  version: 2,
  iptables: WEB_EXAMPLE_TEXT,
  kubectl: '',
  packet: { origin: 'pod', src: '10.244.36.7', dst: '10.104.247.10', proto: 'tcp', sport: null, dport: 80 },
  nodeIps: ['192.168.231.121'],
  endpoint: ENDPOINT,
  step: 2,
  language: 'zh-CN',
  view: { presenter: true, focus: [] },
  lesson: null,
  note: null,
};

describe('applyScenario and its playback', () => {
  it('sets texts, language and presenter mode, then traces once the texts are analysed', async () => {
    const engine = fakeEngine(localTraceEngine(ruleset));
    const { store } = testStore({ engine });
    const stops = [startAnalysisDriver(store), startScenarioPlayback(store)];
    store.getState().applyScenario(SCENARIO, { id: 'x', title: 'T', text: 'L' });
    expect(store.getState()).toMatchObject({
      iptablesText: WEB_EXAMPLE_TEXT,
      inputSource: 'file',
      language: 'zh-CN',
      presenting: true,
      lesson: { id: 'x' },
      traced: null,
      packetForm: { dst: '10.104.247.10', dport: '80', nodeIp: '192.168.231.121' },
    });
    // An opened file is analysed at once; nothing is traced before its answer.
    const request = engine.calls.analyze.at(-1)!;
    expect(request.iptablesText).toBe(WEB_EXAMPLE_TEXT);
    expect(store.getState().scenarioPlayback).not.toBeNull();
    engine.answer(analyzedResponse(request.id, ruleset.ruleCount));
    const shown = await until(store, (s) => s.traced !== null && s.playhead === 2);
    expect(shown.traced!.result.outcomes[shown.outcomeIndex]!.dnat).toBe(ENDPOINT);
    expect(shown.outcomeChoice).toEqual({ kind: 'user' });
    expect(shown.scenarioPlayback).toBeNull();
    for (const stop of stops) stop();
    store.dispose();
  });

  it('asks first when the scenario would replace the user’s own input; Keep mine drops it', () => {
    const { store } = testStore();
    store.getState().setInputs('my rules', '', 'edited');
    store.getState().offerScenario(SCENARIO);
    expect(store.getState().pending?.scenario).toBe(SCENARIO);
    expect(store.getState().iptablesText).toBe('my rules');
    store.getState().keepMine();
    expect(store.getState().pending).toBeNull();
    expect(store.getState().iptablesText).toBe('my rules');
  });
});
