import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { indexServiceGroups } from '../core/kubeproxy';
import { WEB, WEB_EXAMPLE_TEXT, webRuleset } from '../core/view/inputs.node';
import type { WorkerLike } from '../workers/client';
import { createWorkerHandler } from '../workers/handler';
import type { WorkerRequest, WorkerResponse } from '../workers/protocol';
import { workerEngine } from './engine';
import { localTraceEngine } from './engine.node';
import { fakeEngine, manualScheduler, memoryStorage, testStore } from './fakes.node';
import { type AppStore, createAppStore } from './store';
import { DEFAULT_PACKET } from './traceSlice';

const ruleset = webRuleset();
/** The engine's traces go to `local` (a test may swap the Ruleset); simulations are remembered. */
let local = localTraceEngine(ruleset);
let simulations: Promise<void>[] = [];
let store: AppStore;
let scheduler: ReturnType<typeof manualScheduler>;
/** The state now. */
const state = () => store.getState();

beforeEach(() => {
  local = localTraceEngine(ruleset);
  simulations = [];
  const engine = fakeEngine({
    trace: (packet, env) => local.trace(packet, env),
    simulate: (...args) => {
      const run = local.simulate(...args);
      simulations.push(run.done);
      return run;
    },
  });
  ({ store, scheduler } = testStore({ engine }));
  store.setState({
    ruleCount: ruleset.ruleCount,
    rulesetVersion: 1,
    groups: indexServiceGroups(ruleset),
    packetForm: DEFAULT_PACKET,
  });
});
afterEach(() => store.dispose());

/** The real worker handler in this thread, behind the WorkerLike the client talks to. */
function inProcessWorker(): WorkerLike {
  const w: WorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage: (m: WorkerRequest) => void handle(m),
    terminate: () => {},
  };
  const handle = createWorkerHandler((r: WorkerResponse) => w.onmessage?.({ data: r }));
  return w;
}

describe('trace slice', () => {
  it('sends the default packet (pod → web cluster IP) and draws one of the three endpoints', async () => {
    await state().send();
    const s = state();
    expect(s.formError).toBeNull();
    expect(s.traced?.result.outcomes).toHaveLength(3);
    expect(s.outcomeChoice?.kind).toBe('seeded');
    expect(WEB.endpoints).toContain(s.traced?.result.outcomes[s.outcomeIndex]?.dnat);
    expect(s.playing).toBe(true);
    expect(s.playhead).toBe(0);
    // The page gets the rules of the path and of the web Service's lottery, not the Ruleset.
    const rules = s.traced!.rules;
    expect(Object.keys(rules.chains).sort()).toEqual(
      [`nat/${WEB.svc}`, ...WEB.seps.map((sep) => `nat/${sep}`)].sort(),
    );
    expect(Object.keys(rules.rules).length).toBeLessThan(ruleset.ruleCount);
  });

  it('plays to the end of the path, then stops', async () => {
    await state().send();
    scheduler.advance(60_000);
    const s = state();
    const length = s.traced!.result.outcomes[s.outcomeIndex]!.path.length;
    expect(s.playhead).toBe(length - 1);
    expect(s.playing).toBe(false);
  });

  it('steps within bounds and pauses', async () => {
    await state().send();
    state().step(-1);
    expect(state()).toMatchObject({ playhead: 0, playing: false });
    state().step(3);
    expect(state().playhead).toBe(3);
    state().seek(999);
    const s = state();
    expect(s.playhead).toBe(s.traced!.result.outcomes[s.outcomeIndex]!.path.length - 1);
  });

  it('animates the endpoint the user clicks', async () => {
    await state().send();
    expect(state().chooseEndpoint('10.244.169.165:80')).toBe(true);
    const s = state();
    expect(s.traced!.result.outcomes[s.outcomeIndex]!.dnat).toBe('10.244.169.165:80');
    expect(s.outcomeChoice).toEqual({ kind: 'user' });
    expect(state().chooseEndpoint('10.1.1.1:80')).toBe(false);
  });

  it('refuses an invalid field in words', async () => {
    state().setPacketField('dport', '99999');
    await state().send();
    expect(state().formError).toMatch(/port/);
    expect(state().traced).toBeNull();
  });

  it('streams Send 1000 in chunks until every connection is counted', async () => {
    await state().send();
    state().sendMany(1000);
    const first = state().simulation!;
    expect(first.done).toBe(100);
    expect(first.running).toBe(true);
    await simulations.at(-1);
    const sim = state().simulation!;
    expect(sim).toMatchObject({ done: 1000, total: 1000, running: false });
    expect(Object.values(sim.counts).reduce((a, b) => a + b, 0)).toBe(1000);
    expect(Object.keys(sim.counts).sort()).toEqual([...WEB.endpoints]);
  });

  it('re-traces when the rules change (what-if) and keeps the endpoint on screen', async () => {
    await state().send();
    const before = state();
    const dnat = before.traced!.result.outcomes[before.outcomeIndex]!.dnat;
    await state().retrace();
    expect(state().traced).toBe(before.traced);
    local = localTraceEngine(webRuleset());
    store.setState({ rulesetVersion: 2 });
    await state().retrace();
    const after = state();
    expect(after.traced).not.toBe(before.traced);
    expect(after.traced!.result.outcomes[after.outcomeIndex]!.dnat).toBe(dnat);
  });
});

describe('view slice', () => {
  it('selects the rule written on an editor line (the worker says which) and reveals graph clicks', async () => {
    const engine = workerEngine(inProcessWorker);
    const app = createAppStore({ engine, storage: memoryStorage(), scheduler: manualScheduler() });
    app.getState().setInputs(WEB_EXAMPLE_TEXT, '', 'edited');
    await new Promise<void>((resolve) => {
      const stop = app.subscribe((s) => {
        if (s.status === 'ready') {
          stop();
          resolve();
        }
      });
      app.getState().analyze();
    });
    const line = ruleset.tables.nat!.chains[WEB.svc]!.rules[0]!.line;
    await app.getState().selectLine(line);
    expect(app.getState().selection).toMatchObject({
      kind: 'rule',
      ruleId: `nat/${WEB.svc}#0`,
      chainNode: `nat/${WEB.svc}`,
    });
    const count = app.getState().revealCount;
    app.getState().selectNode('nat/KUBE-SERVICES', 12);
    expect(app.getState()).toMatchObject({ highlightedLine: 12, revealCount: count + 1 });
    await app.getState().selectLine(1);
    expect(app.getState().selection).toMatchObject({ kind: 'node' });
    app.dispose();
    engine.dispose();
  });
});
