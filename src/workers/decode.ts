import { decodeScenario } from '../core/share';
import type { DecodeAnswer, DecodeRequest } from './decodeProtocol';
import { readScenarioBlob } from './scenarioFileRead';

/** Answers one decode request (the worker's whole job; free of worker globals for Node tests). */
export function answerDecode(request: DecodeRequest): Promise<DecodeAnswer> {
  return request.type === 'link' ? decodeScenario(request.fragment) : readScenarioBlob(request.file);
}
