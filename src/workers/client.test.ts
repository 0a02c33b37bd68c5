import { describe, expect, it } from 'vitest';
import type { ServiceGroup } from '../core/kubeproxy';
import { AnalysisClient, type ClientListener, type WorkerLike } from './client';
import type { AnalyzedResponse, ErrorResponse, WorkerRequest, WorkerResponse } from './protocol';

class FakeWorker implements WorkerLike {
  sent: WorkerRequest[] = [];
  onmessage: WorkerLike['onmessage'] = null;
  onerror: WorkerLike['onerror'] = null;
  terminated = false;
  postMessage(m: WorkerRequest) {
    this.sent.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  answer(r: WorkerResponse) {
    this.onmessage?.({ data: r });
  }
}

function setup() {
  const workers: FakeWorker[] = [];
  const got: { analyzed: number[]; groups: string[][]; failed: ErrorResponse[] } = {
    analyzed: [],
    groups: [],
    failed: [],
  };
  const listener: ClientListener = {
    analyzed: (r) => {
      got.analyzed.push(r.id);
      got.groups.push((r.groups ?? []).map((g) => g.key));
    },
    layout: () => {},
    failed: (r) => got.failed.push(r),
  };
  const client = new AnalysisClient(() => {
    const w = new FakeWorker();
    workers.push(w);
    return w;
  }, listener);
  return { client, workers, got };
}

const analyzed = (id: number) => ({ type: 'analyzed', id }) as unknown as AnalyzedResponse;

describe('AnalysisClient', () => {
  it('delivers only the answer to the latest analyze request', () => {
    const { client, workers, got } = setup();
    const a = client.analyze('a', '', null);
    const b = client.analyze('b', '', null);
    workers[0]!.answer(analyzed(b));
    workers[0]!.answer(analyzed(a));
    expect(got.analyzed).toEqual([b]);
    expect(workers).toHaveLength(1);
  });

  it('resolves a superseded trace with null', async () => {
    const { client, workers } = setup();
    const first = client.trace(
      { origin: 'pod', src: '1.1.1.1', dst: '2.2.2.2', proto: 'tcp', sport: null, dport: 80 },
      { localAddresses: [] },
    );
    const second = client.trace(
      { origin: 'pod', src: '1.1.1.1', dst: '2.2.2.3', proto: 'tcp', sport: null, dport: 80 },
      { localAddresses: [] },
    );
    const result = { outcomes: [], assumptions: [], diagnostics: [] };
    const rules = { rules: {}, chains: {} };
    workers[0]!.answer({ type: 'traced', id: 2, result, rules, model: null });
    await expect(first).resolves.toBeNull();
    await expect(second).resolves.toEqual({ result, rules, model: null });
  });

  it('answers every chainFacts question (hover and go-to-definition overlap)', async () => {
    const { client, workers } = setup();
    const hover = client.chainFacts('KUBE-SERVICES');
    const definition = client.chainFacts('KUBE-SERVICES');
    const facts = { chains: [], model: null, kubectl: null };
    workers[0]!.answer({ type: 'chainFacts', id: 2, facts });
    workers[0]!.answer({ type: 'chainFacts', id: 1, facts });
    await expect(hover).resolves.toEqual(facts);
    await expect(definition).resolves.toEqual(facts);
  });

  it('reports a dead worker as a failed analysis and starts a new one on the next request', () => {
    const { client, workers, got } = setup();
    const id = client.analyze('a', '', null);
    workers[0]!.onerror?.({ message: 'boom', preventDefault() {} });
    expect(got.failed).toEqual([
      expect.objectContaining({ id, request: 'analyze', message: expect.stringContaining('boom') }),
    ]);
    expect(workers[0]!.terminated).toBe(true);
    client.analyze('b', '', null);
    expect(workers).toHaveLength(2);
  });

  it('hands on an answer sent in slices once its last groups slice arrives, and drops older slices', () => {
    const { client, workers, got } = setup();
    const old = client.analyze('a', '', null);
    const id = client.analyze('b', '', null);
    const g = (key: string): ServiceGroup => ({
      key,
      label: null,
      service: null,
      chains: [],
      targets: [],
      endpoints: [],
      noEndpoints: false,
      source: 'rules',
    });
    const w = workers[0]!;
    w.answer({ ...analyzed(id), groups: [g('A'), g('B')], groupsToFollow: 3 });
    w.answer({ type: 'groups', id: old, groups: [g('X')] });
    w.answer({ type: 'groups', id, groups: [g('C'), g('D')] });
    expect(got.analyzed).toEqual([]);
    w.answer({ type: 'groups', id, groups: [g('E')] });
    expect(got.analyzed).toEqual([id]);
    expect(got.groups).toEqual([['A', 'B', 'C', 'D', 'E']]);
  });
});
