import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { indexServiceGroups } from '../core/kubeproxy';
import { WEB, WEB_EXAMPLE_TEXT, webRuleset } from '../core/view/inputs.node';
import { connectAnalysisClient, getAnalysisClient, type WorkerLike } from '../workers/client';
import { createWorkerHandler } from '../workers/handler';
import type { WorkerRequest, WorkerResponse } from '../workers/protocol';
import { useStore } from './store';
import { setTraceEngine } from './traceEngine';
import { localTraceEngine } from './traceEngine.node';
import { DEFAULT_PACKET } from './traceSlice';

const ruleset = webRuleset();
const initial = useStore.getState();

beforeEach(() => {
  vi.useFakeTimers();
  setTraceEngine(localTraceEngine(ruleset));
  useStore.setState({
    ...initial,
    ruleCount: ruleset.ruleCount,
    rulesetVersion: 1,
    groups: indexServiceGroups(ruleset),
    packetForm: DEFAULT_PACKET,
  });
});
afterEach(() => {
  useStore.getState().pause();
  setTraceEngine(null);
  getAnalysisClient()?.dispose();
  vi.useRealTimers();
});

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
    await useStore.getState().send();
    const s = useStore.getState();
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
    await useStore.getState().send();
    vi.runAllTimers();
    const s = useStore.getState();
    const length = s.traced!.result.outcomes[s.outcomeIndex]!.path.length;
    expect(s.playhead).toBe(length - 1);
    expect(s.playing).toBe(false);
  });

  it('steps within bounds and pauses', async () => {
    await useStore.getState().send();
    useStore.getState().step(-1);
    expect(useStore.getState()).toMatchObject({ playhead: 0, playing: false });
    useStore.getState().step(3);
    expect(useStore.getState().playhead).toBe(3);
    useStore.getState().seek(999);
    const s = useStore.getState();
    expect(s.playhead).toBe(s.traced!.result.outcomes[s.outcomeIndex]!.path.length - 1);
  });

  it('animates the endpoint the user clicks', async () => {
    await useStore.getState().send();
    expect(useStore.getState().chooseEndpoint('10.244.169.165:80')).toBe(true);
    const s = useStore.getState();
    expect(s.traced!.result.outcomes[s.outcomeIndex]!.dnat).toBe('10.244.169.165:80');
    expect(s.outcomeChoice).toEqual({ kind: 'user' });
    expect(useStore.getState().chooseEndpoint('10.1.1.1:80')).toBe(false);
  });

  it('refuses an invalid field in words', async () => {
    useStore.getState().setPacketField('dport', '99999');
    await useStore.getState().send();
    expect(useStore.getState().formError).toMatch(/port/);
    expect(useStore.getState().traced).toBeNull();
  });

  it('streams Send 1000 in chunks until every connection is counted', async () => {
    await useStore.getState().send();
    useStore.getState().sendMany(1000);
    const first = useStore.getState().simulation!;
    expect(first.done).toBe(100);
    expect(first.running).toBe(true);
    await vi.runAllTimersAsync();
    const sim = useStore.getState().simulation!;
    expect(sim).toMatchObject({ done: 1000, total: 1000, running: false });
    expect(Object.values(sim.counts).reduce((a, b) => a + b, 0)).toBe(1000);
    expect(Object.keys(sim.counts).sort()).toEqual([...WEB.endpoints]);
  });

  it('re-traces when the rules change (what-if) and keeps the endpoint on screen', async () => {
    await useStore.getState().send();
    const before = useStore.getState();
    const dnat = before.traced!.result.outcomes[before.outcomeIndex]!.dnat;
    await useStore.getState().retrace();
    expect(useStore.getState().traced).toBe(before.traced);
    setTraceEngine(localTraceEngine(webRuleset()));
    useStore.setState({ rulesetVersion: 2 });
    await useStore.getState().retrace();
    const after = useStore.getState();
    expect(after.traced).not.toBe(before.traced);
    expect(after.traced!.result.outcomes[after.outcomeIndex]!.dnat).toBe(dnat);
  });
});

describe('view slice', () => {
  it('selects the rule written on an editor line (the worker says which) and reveals graph clicks', async () => {
    vi.useRealTimers();
    await new Promise<void>((resolve) => {
      const client = connectAnalysisClient(
        { analyzed: () => resolve(), layout: () => {}, failed: () => {} },
        inProcessWorker,
      );
      client.analyze(WEB_EXAMPLE_TEXT, '', null);
    });
    const line = ruleset.tables.nat!.chains[WEB.svc]!.rules[0]!.line;
    await useStore.getState().selectLine(line);
    expect(useStore.getState().selection).toMatchObject({
      kind: 'rule',
      ruleId: `nat/${WEB.svc}#0`,
      chainNode: `nat/${WEB.svc}`,
    });
    const count = useStore.getState().revealCount;
    useStore.getState().selectNode('nat/KUBE-SERVICES', 12);
    expect(useStore.getState()).toMatchObject({ highlightedLine: 12, revealCount: count + 1 });
    await useStore.getState().selectLine(1);
    expect(useStore.getState().selection).toMatchObject({ kind: 'node' });
  });
});
