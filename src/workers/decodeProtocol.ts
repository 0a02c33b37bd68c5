import type { DecodeError, RefusalDetail, Scenario } from '../core/share';
import type { FileError } from './scenarioFileRead';

/**
 * The decode worker's messages (decode.worker.ts). One worker per question: it answers once and
 * is terminated, so whatever a hostile link or file made it allocate goes with it.
 */
export type DecodeRequest =
  | { readonly type: 'link'; readonly fragment: string }
  | { readonly type: 'file'; readonly file: Blob };

/** A refusal: the link's or file's code, or `share/decoder-stopped` when the worker died. */
export type DecodeAnswer =
  | { readonly ok: true; readonly scenario: Scenario }
  | {
      readonly ok: false;
      readonly code: DecodeError | FileError | 'share/decoder-stopped';
      readonly detail: RefusalDetail | null;
    };
