import { describe, expect, it } from 'vitest';
import { GALLERY } from '../../content';
import { encodeScenario, type Scenario } from '../../core/share';
import { WEB, WEB_EXAMPLE_TEXT, webRuleset } from '../../core/view/inputs.node';
import { localTraceEngine } from '../engine.node';
import { analyzedResponse, fakeEngine, testStore, until } from '../fakes.node';
import { startAnalysisDriver } from './analysisDriver';
import { startScenarioPlayback } from './scenarioPlayback';
import { type PageAddress, startUrlSync } from './urlSync';

/**
 * An address bar in memory: `go(hash)` is a navigation (a new entry, `hashchange`); `replace` is
 * replaceState (same entry, no event). `entries` counts history entries like `history.length`.
 */
function fakeAddress(hash: string, search = '') {
  let listener: (() => void) | null = null;
  const address: PageAddress & {
    current: string;
    entries: number;
    replaced: string[];
    go(hash: string): void;
    listening(): boolean;
  } = {
    current: hash,
    entries: 1,
    replaced: [],
    hash: () => address.current,
    search: () => search,
    replace: (next) => {
      address.current = next;
      address.replaced.push(next);
    },
    onHashChange: (l) => {
      listener = l;
      return () => {
        listener = null;
      };
    },
    go: (next) => {
      address.current = next;
      address.entries++;
      listener?.();
    },
    listening: () => listener !== null,
  };
  return address;
}

const SCENARIO: Scenario = {
  version: 2,
  iptables: '*nat\nCOMMIT\n',
  kubectl: '',
  packet: null,
  nodeIps: ['192.168.1.10'],
  endpoint: null,
  step: 0,
  language: 'en',
  view: { presenter: false, focus: [] },
  lesson: null,
  note: 'look at line 3',
};

const ruleset = webRuleset();
/** The effect writes the address a microtask after a verb: let it. */
const settled = () => Promise.resolve();
const TRACED: Scenario = {
  ...SCENARIO,
  iptables: WEB_EXAMPLE_TEXT,
  packet: { origin: 'pod', src: '10.244.36.7', dst: '10.104.247.10', proto: 'tcp', sport: null, dport: 80 },
  nodeIps: ['192.168.231.121'],
  endpoint: WEB.endpoints[1]!,
  step: 2,
};

/** A store whose engine traces for real against the web node once the test answers its analysis. */
function tracingStore() {
  const engine = fakeEngine(localTraceEngine(ruleset));
  const t = testStore({ engine });
  const answer = () => engine.answer(analyzedResponse(engine.calls.analyze.at(-1)!.id, ruleset.ruleCount));
  return { ...t, answer };
}

describe('startUrlSync', () => {
  it('starts presenter mode for ?present and leaves other fragments alone', async () => {
    const { store } = testStore();
    const address = fakeAddress('#packet-form', '?present');
    const stop = startUrlSync(store, address);
    expect(store.getState().presenting).toBe(true);
    store.getState().setLanguage('zh-CN');
    await settled();
    expect(address.current).toBe('#packet-form');
    expect(address.replaced).toEqual([]);
    stop();
    expect(address.listening()).toBe(false);
  });

  it('opens a #g= gallery scenario with its lesson, keeps the fragment, and names an unknown id', async () => {
    const { store } = testStore();
    const g = GALLERY[0]!;
    const address = fakeAddress(`#g=${g.id}`);
    const stop = startUrlSync(store, address);
    const opened = await until(store, (s) => s.lesson !== null && s.inputSource === 'file');
    expect(opened.lesson?.id).toBe(g.id);
    expect(opened.inputSource).toBe('file');
    expect(opened.received).toBeNull(); // a lesson, not a link someone sent
    // Waiting for the analysis: the address is not rewritten yet.
    expect(address.current).toBe(`#g=${g.id}`);
    store.getState().setPresenting(true);
    address.go('#g=no-such-scenario');
    const refused = await until(store, (s) => s.openError !== null);
    expect(refused.openError).toEqual({
      code: 'gallery/unknown-id',
      subject: 'no-such-scenario',
      detail: null,
    });
    expect(address.current).toBe('');
    address.go('#g=../x');
    await until(store, (s) => s.openError?.subject === '../x');
    stop();
  });

  it('asks before a #s= link replaces the user’s own input; Keep mine drops the fragment', async () => {
    const { store } = testStore();
    store.getState().setInputs('my own rules', '', 'edited');
    const link = `#${await encodeScenario(SCENARIO)}`;
    const address = fakeAddress(link);
    const stop = startUrlSync(store, address);
    const asked = await until(store, (s) => s.pending !== null);
    expect(asked.pending?.scenario.iptables).toBe(SCENARIO.iptables);
    expect(asked.iptablesText).toBe('my own rules');
    expect(address.current).toBe(link); // still there while the question is open
    store.getState().keepMine();
    await settled();
    expect(address.current).toBe('');
    address.go('#s=!!!');
    const refused = await until(store, (s) => s.openError !== null);
    expect(refused.openError?.code).toBe('share/not-a-link');
    stop();
  });

  it('keeps a #s= fragment and makes it follow step, outcome, presenter mode and language by replaceState', async () => {
    const { store, answer } = tracingStore();
    const stops = [startAnalysisDriver(store), startScenarioPlayback(store)];
    const link = `#${await encodeScenario(TRACED)}`;
    const address = fakeAddress(link);
    stops.push(startUrlSync(store, address));
    const received = await until(store, (s) => s.received !== null);
    expect(received.received).toEqual({ note: 'look at line 3', rulesShown: false });
    answer();
    await until(store, (s) => s.traced !== null && s.playhead === 2);
    await settled();
    const head = link.slice(1);
    expect(address.current.startsWith(`#${head}&step=2&to=${encodeURIComponent(TRACED.endpoint!)}`)).toBe(
      true,
    );
    store.getState().step(1);
    await settled();
    expect(address.current).toContain('&step=3&');
    store.getState().setPresenting(true);
    store.getState().setLanguage('zh-CN');
    store.getState().showRules();
    await settled();
    expect(address.current).toMatch(
      /present=1&lang=zh-CN&pkt=pod%2Ctcp%2C10\.244\.36\.7%2C10\.104\.247\.10%2C80/,
    );
    expect(address.current).toContain('rules=1');
    expect(address.entries).toBe(1); // every change replaced the one entry

    // A reload: a fresh store opens the address it left and shows the same screen.
    const again = tracingStore();
    const stops2 = [startAnalysisDriver(again.store), startScenarioPlayback(again.store)];
    const reloaded = fakeAddress(address.current);
    stops2.push(startUrlSync(again.store, reloaded));
    await until(again.store, (s) => s.scenarioPlayback !== null);
    again.answer();
    const same = await until(again.store, (s) => s.traced !== null && s.playhead === 3);
    await settled();
    expect(same).toMatchObject({ presenting: true, language: 'zh-CN', received: { rulesShown: true } });
    expect(same.traced?.result.outcomes[same.outcomeIndex]?.dnat).toBe(TRACED.endpoint);
    expect(reloaded.current).toBe(address.current);

    // Editing the texts makes them the user's own (saved locally): the fragment goes.
    again.store.getState().setInputs('edited', '', 'edited');
    await settled();
    expect(reloaded.current).toBe('');
    for (const stop of [...stops, ...stops2]) stop();
    store.dispose();
    again.store.dispose();
  });

  it('carries a v2 link’s lesson id to the lesson panel', async () => {
    const { store } = testStore();
    const g = GALLERY[0]!;
    const address = fakeAddress(`#${await encodeScenario({ ...SCENARIO, lesson: g.id })}`);
    const stop = startUrlSync(store, address);
    const opened = await until(store, (s) => s.lesson !== null);
    expect(opened.lesson).toMatchObject({ id: g.id, title: g.title.en });
    stop();
  });
});
