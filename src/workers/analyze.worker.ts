import { createWorkerHandler } from './handler';
import type { WorkerRequest, WorkerResponse } from './protocol';

/**
 * The analysis worker (a module worker, loaded with `?worker`): parsing, lowering, kubectl,
 * kube-proxy model, graph and elk layout run here so typing never stalls the page.
 */
const scope = self as unknown as {
  postMessage(message: WorkerResponse): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerRequest>) => void): void;
};

const handle = createWorkerHandler((response) => scope.postMessage(response));
scope.addEventListener('message', (event) => {
  void handle(event.data);
});
