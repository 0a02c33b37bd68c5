import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { emptyScenario, encodeBase64url, encodeScenario } from '../core/share';
import { answerDecode } from './decode';
import { type DecodeWorkerLike, workerDecoder } from './decodeClient';
import type { DecodeAnswer, DecodeRequest } from './decodeProtocol';
import { FILE_MARKER, readScenarioBlob } from './scenarioFileRead';

const scenario = { ...emptyScenario(), iptables: '*nat\nCOMMIT\n' };

describe('answerDecode', () => {
  it('opens a link and refuses a bomb link as too large', async () => {
    const link = await encodeScenario(scenario);
    expect(await answerDecode({ type: 'link', fragment: `#${link}` })).toMatchObject({ ok: true });
    const bomb = `#s=1.${encodeBase64url(deflateRawSync(Buffer.alloc(80 << 20, 'A')))}`;
    expect(await answerDecode({ type: 'link', fragment: bomb })).toMatchObject({
      ok: false,
      code: 'share/too-large',
    });
  });

  it('reads a scenario file and refuses foreign files with file codes', async () => {
    const file = (text: string) => ({ type: 'file' as const, file: new Blob([text]) });
    const good = JSON.stringify({ [FILE_MARKER]: 1, ...scenario });
    expect(await answerDecode(file(good))).toMatchObject({
      ok: true,
      scenario: { iptables: '*nat\nCOMMIT\n' },
    });
    expect(await answerDecode(file('{"x":'))).toMatchObject({ code: 'file/bad-json' });
    expect(await answerDecode(file('[1]'))).toMatchObject({ code: 'file/not-a-scenario' });
    expect(await answerDecode(file('{"name":"package"}'))).toMatchObject({ code: 'file/not-a-scenario' });
    expect(await answerDecode(file(`{"${FILE_MARKER}":99}`))).toMatchObject({ code: 'file/unknown-version' });
    expect(await answerDecode(file(`{"${FILE_MARKER}":1,"iptables":3}`))).toMatchObject({
      code: 'file/bad-shape',
    });
  });

  it('refuses a file past the cap without reading it', async () => {
    let read = false;
    const text = (): Promise<string> => {
      read = true;
      return Promise.resolve('');
    };
    const huge = { size: 2 ** 31, text } as unknown as Blob;
    expect(await readScenarioBlob(huge)).toMatchObject({ ok: false, code: 'file/too-large' });
    expect(read).toBe(false);
    expect(await readScenarioBlob(new Blob(['{}']), 1)).toMatchObject({ code: 'file/too-large' });
  });
});

/** A worker that answers through `answerDecode` in-thread, or dies when told. */
function fakeWorkers(die = false) {
  const made: { terminated: boolean }[] = [];
  const create = (): DecodeWorkerLike => {
    const state = { terminated: false };
    made.push(state);
    const w: DecodeWorkerLike = {
      onmessage: null,
      onerror: null,
      postMessage: (r: DecodeRequest) => {
        if (die) queueMicrotask(() => w.onerror?.({ message: 'out of memory' }));
        else void answerDecode(r).then((data: DecodeAnswer) => w.onmessage?.({ data }));
      },
      terminate: () => {
        state.terminated = true;
      },
    };
    return w;
  };
  return { made, create };
}

describe('workerDecoder', () => {
  it('starts a worker per question and terminates it on the answer', async () => {
    const { made, create } = fakeWorkers();
    const decoder = workerDecoder(create);
    expect(await decoder.link('#s=1.A')).toMatchObject({ ok: false, code: 'share/bad-base64' });
    expect(await decoder.file(new Blob(['nope']))).toMatchObject({ ok: false, code: 'file/bad-json' });
    expect(made).toEqual([{ terminated: true }, { terminated: true }]);
  });

  it('answers decoder-stopped when the worker dies or cannot start', async () => {
    const { made, create } = fakeWorkers(true);
    expect(await workerDecoder(create).link('#s=1.AA')).toEqual({
      ok: false,
      code: 'share/decoder-stopped',
      detail: { kind: 'browser', message: 'out of memory' },
    });
    expect(made[0]?.terminated).toBe(true);
    const broken = workerDecoder(() => {
      throw new Error('no workers here');
    });
    expect(await broken.file(new Blob([]))).toMatchObject({ code: 'share/decoder-stopped' });
  });
});
