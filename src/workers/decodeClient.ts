import type { DecodeAnswer, DecodeRequest } from './decodeProtocol';

/** Decodes untrusted links and scenario files somewhere other than the page's thread. */
export interface ScenarioDecoder {
  /** A `#s=…` fragment → the scenario or the link's refusal. */
  link(fragment: string): Promise<DecodeAnswer>;
  /** A scenario file → the scenario or the file's refusal. */
  file(file: Blob): Promise<DecodeAnswer>;
}

/** The worker surface used here (a real `Worker`, or a fake in tests). */
export interface DecodeWorkerLike {
  postMessage(message: DecodeRequest): void;
  onmessage: ((event: { readonly data: DecodeAnswer }) => void) | null;
  onerror: ((event: { readonly message?: string; preventDefault?(): void }) => void) | null;
  terminate(): void;
}

// The page's Worker, typed here: this file is also compiled for Node tests, which have no DOM lib.
declare const Worker: new (url: URL, options: { type: 'module'; name: string }) => unknown;

/** The answer when the decoder died or could not start: the browser's own words as the detail. */
const stopped = (message: string): DecodeAnswer => ({
  ok: false,
  code: 'share/decoder-stopped',
  detail: message ? { kind: 'browser', message } : null,
});

const realWorker = (): DecodeWorkerLike =>
  new Worker(new URL('./decode.worker.ts', import.meta.url), {
    type: 'module',
    name: 'kpe-decode',
  }) as unknown as DecodeWorkerLike;

/**
 * A decoder that starts a worker per question and terminates it on the answer (or when it dies,
 * e.g. out of memory: then the answer is `share/decoder-stopped`). Questions are rare (a link, a
 * file), so no worker is kept: the page holds none of a bomb's memory, and neither does a worker.
 */
export function workerDecoder(createWorker: () => DecodeWorkerLike = realWorker): ScenarioDecoder {
  const ask = (request: DecodeRequest): Promise<DecodeAnswer> =>
    new Promise((resolve) => {
      let worker: DecodeWorkerLike;
      const done = (answer: DecodeAnswer): void => {
        worker.terminate();
        resolve(answer);
      };
      try {
        worker = createWorker();
      } catch (e) {
        resolve(stopped(e instanceof Error ? e.message : ''));
        return;
      }
      worker.onmessage = (e) => done(e.data);
      worker.onerror = (e) => {
        e.preventDefault?.();
        done(stopped(e.message ?? ''));
      };
      worker.postMessage(request);
    });
  return { link: (fragment) => ask({ type: 'link', fragment }), file: (file) => ask({ type: 'file', file }) };
}
