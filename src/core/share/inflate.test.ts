import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflateRaw } from './inflate';

const text = (n: number, c = 'A'): Uint8Array => new TextEncoder().encode(c.repeat(n));

describe('inflateRaw', () => {
  it('gives back what was deflated, across many small writes', async () => {
    const original = new TextEncoder().encode(
      Array.from({ length: 2000 }, (_, i) => `-A KUBE-SVC-${i} -j ACCEPT\n`).join(''),
    );
    const r = await inflateRaw(deflateRawSync(original), 1 << 20, 64);
    expect(r.ok && new TextDecoder().decode(r.bytes)).toBe(new TextDecoder().decode(original));
  });

  it('accepts output of exactly the cap and refuses one byte more', async () => {
    const exact = await inflateRaw(deflateRawSync(text(10_000)), 10_000);
    expect(exact.ok && exact.bytes.byteLength).toBe(10_000);
    expect(await inflateRaw(deflateRawSync(text(10_001)), 10_000)).toEqual({
      ok: false,
      reason: 'too-large',
    });
  });

  it('stops a bomb at a small cap without inflating the rest', async () => {
    // 16 MB of "A" is ~16 KB deflated; a 1 KB cap must stop after the first chunks.
    const bomb = deflateRawSync(Buffer.alloc(16 << 20, 'A'));
    expect(await inflateRaw(bomb, 1024)).toEqual({ ok: false, reason: 'too-large' });
  });

  it('reports truncated, garbage and empty input as corrupt, never throwing', async () => {
    const good = deflateRawSync(text(5000, 'kube '));
    const cases = [
      good.subarray(0, good.byteLength - 3),
      new Uint8Array([0xff, 0xff, 0xff, 0xff, 0x00, 0x12]),
      new Uint8Array(),
    ];
    for (const input of cases)
      expect(await inflateRaw(input, 1 << 20)).toEqual({ ok: false, reason: 'corrupt' });
  });

  it('settles on junk after the end (Chromium refuses it, Node 20 ignores it)', async () => {
    const good = deflateRawSync(text(5000, 'kube '));
    const r = await inflateRaw(new Uint8Array([...good, 1, 2, 3]), 1 << 20);
    expect(r.ok ? r.bytes.byteLength : r.reason).toSatisfy((v) => v === 25_000 || v === 'corrupt');
  });

  it('says corrupt, not too large, for damage found before the cap', async () => {
    const good = deflateRawSync(text(100));
    expect(await inflateRaw(good.subarray(0, 2), 10)).toEqual({ ok: false, reason: 'corrupt' });
  });
});
