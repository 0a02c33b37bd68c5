import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Packet } from '../core/trace';
import { trace } from '../core/trace';
import { createWorkerHandler } from './handler';
import { analyzeTexts } from './pipeline';
import type { WorkerResponse } from './protocol';

const WEB_DUMP = readFileSync(new URL('../ui/examples/webNode.iptables-save.txt', import.meta.url), 'utf8');
const POD_TO_WEB: Packet = {
  origin: 'pod',
  src: '10.244.36.7',
  dst: '10.104.247.10',
  proto: 'tcp',
  sport: null,
  dport: 80,
};
const ENV = { localAddresses: ['192.168.231.121'] };

describe('analyze with firstTrace', () => {
  it('answers firstTraced (the full Ruleset’s trace, structured-clone safe) before analyzed', async () => {
    const out: WorkerResponse[] = [];
    const handle = createWorkerHandler((r) => out.push(r));
    await handle({
      type: 'analyze',
      id: 1,
      iptablesText: WEB_DUMP,
      kubectlText: '',
      focus: null,
      firstTrace: { packet: POD_TO_WEB, env: ENV },
    });
    expect(out.map((r) => r.type)).toEqual(['firstTraced', 'analyzed']);
    const first = out[0];
    if (first?.type !== 'firstTraced') throw new Error('no firstTraced');
    const full = await analyzeTexts(9, WEB_DUMP, '', null, null);
    expect(first.result).toEqual(trace(full.good.ruleset, POD_TO_WEB, ENV));
    expect(first.lazy).toBe(true);
    expect(first.rulesRead).toBeLessThan(first.ruleCount);
    // What crosses postMessage must clone (the lazy Ruleset itself would not).
    expect(structuredClone(first)).toEqual(first);
    expect(Object.keys(first.rules.rules).length).toBeGreaterThan(0);
  });

  it('answers as before without firstTrace', async () => {
    const out: WorkerResponse[] = [];
    const handle = createWorkerHandler((r) => out.push(r));
    await handle({ type: 'analyze', id: 1, iptablesText: WEB_DUMP, kubectlText: '', focus: null });
    expect(out.map((r) => r.type)).toEqual(['analyzed']);
  });
});
