import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Base32Prefix16, sha256Base32Prefix16Is } from './sha256';

/** RFC 4648 base32 of exactly 10 bytes (80 bits, 16 characters, no padding), as kube-proxy cuts its hashes. */
const base32Encode = (bytes: Uint8Array): string => {
  let v = 0n;
  for (const b of bytes) v = (v << 8n) | BigInt(b);
  let out = '';
  for (let i = 15; i >= 0; i--) out += 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[Number((v >> BigInt(i * 5)) & 31n)];
  return out;
};

/** The reference: @noble/hashes over TextEncoder's bytes, base32, first 16 characters. */
const reference = (text: string) => base32Encode(sha256(utf8ToBytes(text)).subarray(0, 10));

describe('sha256Base32Prefix16', () => {
  it('matches the FIPS 180-4 examples (first 80 bits)', () => {
    // sha256("abc") = ba7816bf 8f01cfea 4141…; sha256("") = e3b0c442 98fc1c14 9afb…
    expect(sha256Base32Prefix16('abc')).toBe(
      base32Encode(new Uint8Array([0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41])),
    );
    expect(sha256Base32Prefix16('')).toBe(
      base32Encode(new Uint8Array([0xe3, 0xb0, 0xc4, 0x42, 0x98, 0xfc, 0x1c, 0x14, 0x9a, 0xfb])),
    );
  });

  it('gives kube-proxy chain hashes of the fixtures', () => {
    expect(sha256Base32Prefix16('ns1/svc1:p80', 'tcp')).toBe('XPGD46QRK7WJZT7O');
    expect(sha256Base32Prefix16('ns1/svc1:p80', 'tcp', '10.180.0.1:80')).toBe('SXIVWICOYRO3J4NJ');
  });

  it('equals @noble/hashes on any split of any string, across block boundaries', () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme-ascii', maxLength: 200 }),
      fc.string({ unit: 'binary', maxLength: 90 }),
    );
    fc.assert(
      fc.property(text, text, text, (a, b, c) => {
        const expected = reference(a + b + c);
        expect(sha256Base32Prefix16(a, b, c)).toBe(expected);
        expect(sha256Base32Prefix16Is(expected, a, b, c)).toBe(true);
        expect(sha256Base32Prefix16Is(`${expected.slice(1)}A`, a, b, c)).toBe(
          expected === `${expected.slice(1)}A`,
        );
      }),
      { numRuns: 400, seed: 20240607 },
    );
    // Lengths around the 55/56/64-byte padding edges, then a long input after them (reused buffers).
    for (let n = 50; n < 130; n++) expect(sha256Base32Prefix16('x'.repeat(n))).toBe(reference('x'.repeat(n)));
    const long = 'ü'.repeat(5000);
    expect(sha256Base32Prefix16(long, 'tcp')).toBe(reference(`${long}tcp`));
    expect(sha256Base32Prefix16('a')).toBe(reference('a'));
  });

  it('encodes lone surrogates as U+FFFD, as TextEncoder does', () => {
    expect(sha256Base32Prefix16('\ud800x')).toBe(reference('\ufffdx'));
    expect(sha256Base32Prefix16('a\udc00')).toBe(reference('a\ufffd'));
    expect(sha256Base32Prefix16('\ud83d\ude00')).toBe(reference('😀'));
  });
});
