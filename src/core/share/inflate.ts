/**
 * Streaming deflate-raw inflation with a hard cap on the output, for untrusted input (links).
 *
 * DecompressionStream inflates each written chunk completely before it looks at the reader: one
 * write of a 2 MB link made 1.5 GB of output before a cap checked after the fact could refuse it.
 * So the input goes in small chunks, each write waits for the stream to take it (backpressure), the
 * output is counted as it comes, and at the cap the reader cancels the stream: the output never
 * grows past `limit` plus what one chunk can inflate to (deflate tops out near 1032:1, so 4 KB in
 * makes at most ~4 MB out).
 */

/** Compressed bytes per write: bounds the output one write can make (see above). */
const INFLATE_CHUNK_BYTES = 4096;

export type InflateResult =
  | { readonly ok: true; readonly bytes: Uint8Array }
  /** `too-large`: the output passed `limit`; `corrupt`: damaged, truncated or trailing-junk input. */
  | { readonly ok: false; readonly reason: 'too-large' | 'corrupt' };

/** Inflates deflate-raw `input` if its output is at most `limit` bytes. Never throws. */
export async function inflateRaw(
  input: Uint8Array,
  limit: number,
  chunkBytes = INFLATE_CHUNK_BYTES,
): Promise<InflateResult> {
  let stream: DecompressionStream;
  try {
    stream = new DecompressionStream('deflate-raw');
  } catch {
    return { ok: false, reason: 'corrupt' };
  }
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  let stopped = false;
  // The writer runs beside the reader: a write resolves only once the reader has drained room.
  const writing = (async () => {
    for (let at = 0; at < input.byteLength && !stopped; at += chunkBytes)
      await writer.write(input.slice(at, at + chunkBytes));
    if (!stopped) await writer.close();
  })().catch(() => {
    // A damaged stream or a cancel rejects the write; the reader below reports which.
  });
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        stopped = true;
        await reader.cancel().catch(() => {});
        await writing;
        return { ok: false, reason: 'too-large' };
      }
      chunks.push(value);
    }
  } catch {
    stopped = true;
    await writing;
    return { ok: false, reason: 'corrupt' };
  }
  await writing;
  const bytes = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    bytes.set(c, o);
    o += c.byteLength;
  }
  return { ok: true, bytes };
}
