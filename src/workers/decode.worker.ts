import { answerDecode } from './decode';
import type { DecodeAnswer, DecodeRequest } from './decodeProtocol';

/** The decode worker: links (`#s=…`) and scenario files are inflated and parsed here, never on the page. */
const scope = self as unknown as {
  postMessage(message: DecodeAnswer): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<DecodeRequest>) => void): void;
};

scope.addEventListener('message', (event) => {
  void answerDecode(event.data).then((answer) => scope.postMessage(answer));
});
