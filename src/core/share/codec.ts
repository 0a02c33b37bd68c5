import { decodeBase64url, encodeBase64url } from './base64url';
import { type InflateResult, inflateRaw } from './inflate';
import { migrateToCurrent } from './migrations';
import type { RefusalDetail } from './refusal';
import { CURRENT_SCENARIO_VERSION, type Scenario } from './scenario';
import { validateScenario } from './validate';

/**
 * Permalinks: `#s=<version>.<base64url(deflate-raw(JSON))>` in the URL fragment, which browsers
 * never send to a server. Wire format — never change it for an existing version.
 */
const FRAGMENT_KEY = 's';

/** A link can hold a 50 MB dump at most once inflated; a decompression bomb stops here. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

export type DecodeError =
  | 'share/not-a-link'
  | 'share/unknown-version'
  | 'share/bad-base64'
  | 'share/corrupt'
  | 'share/too-large'
  | 'share/bad-json'
  | 'share/bad-shape';

/**
 * Inflates deflate-raw bytes with a cap on the output: the seam where the decoder of untrusted
 * bytes is chosen. The default is inflate.ts's streaming one, which stops at the cap.
 */
export type Inflate = (bytes: Uint8Array, limit: number) => Promise<InflateResult>;

export interface DecodeOptions {
  /** Inflated-size cap (default 64 MiB). */
  readonly maxInflated?: number;
  readonly inflate?: Inflate;
}

export type DecodeResult =
  | { ok: true; scenario: Scenario }
  | { ok: false; code: DecodeError; detail: RefusalDetail | null };

/** Encodes a scenario as the fragment text `s=2.…` (without `#`). */
export async function encodeScenario(scenario: Scenario): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(scenario));
  const deflated = await pipeThrough(json, new CompressionStream('deflate-raw'), Number.POSITIVE_INFINITY);
  return `${FRAGMENT_KEY}=${CURRENT_SCENARIO_VERSION}.${encodeBase64url(deflated ?? new Uint8Array())}`;
}

/**
 * Decodes a fragment (`#s=2.…` or `s=2.…`; every older version too, migrated). Never throws: a
 * tampered, truncated or hostile link gives an error code; nothing in it is executed (the result
 * is validated data). `options` may be the cap alone (a number) for older callers.
 */
export async function decodeScenario(
  fragment: string,
  options: DecodeOptions | number = {},
): Promise<DecodeResult> {
  const opts = typeof options === 'number' ? { maxInflated: options } : options;
  const maxInflated = opts.maxInflated ?? MAX_INFLATED_BYTES;
  const inflate = opts.inflate ?? inflateRaw;
  const match = /^#?s=(\d{1,6})\.([A-Za-z0-9_-]*)$/.exec(fragment.trim());
  if (!match) return fail('share/not-a-link');
  const version = Number(match[1]);
  if (version < 1 || version > CURRENT_SCENARIO_VERSION)
    return fail('share/unknown-version', { kind: 'version', version: String(version) });
  const bytes = decodeBase64url(match[2] as string);
  if (!bytes) return fail('share/bad-base64');
  // Streaming, capped as the bytes come (inflate.ts): a bomb stops at the cap, not after it.
  const inflatedRaw = await inflate(bytes, maxInflated);
  if (!inflatedRaw.ok && inflatedRaw.reason === 'corrupt') return fail('share/corrupt');
  if (!inflatedRaw.ok) return fail('share/too-large');
  const inflated = inflatedRaw.bytes;
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(inflated));
  } catch {
    return fail('share/bad-json');
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return fail('share/bad-shape', { kind: 'not-object' });
  const migrated = migrateToCurrent(version, raw as Record<string, unknown>);
  if (!migrated) return fail('share/unknown-version', { kind: 'no-migration', version });
  const checked = validateScenario(migrated);
  if (!checked.ok) return fail('share/bad-shape', { kind: 'field', field: checked.field });
  return { ok: true, scenario: checked.scenario };
}

function fail(code: DecodeError, detail: RefusalDetail | null = null): DecodeResult {
  return { ok: false, code, detail };
}

/** Pipes bytes through a (de)compression stream; `null` when the output exceeds `limit` bytes. */
async function pipeThrough(
  input: Uint8Array,
  stream: CompressionStream | DecompressionStream,
  limit: number,
): Promise<Uint8Array | null> {
  const writer = stream.writable.getWriter();
  // Write and close without awaiting: the reader below drains the other end, and a rejected
  // write (corrupt input) surfaces through read().
  writer.write(input as Uint8Array<ArrayBuffer>).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.byteLength;
  }
  return out;
}
