import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { base32Encode } from '../kubeproxy';

/**
 * The secret of one redaction: everything redaction invents (address bit flips, pseudo chain
 * names) is a SHA-256 of this key and the original value, so the same seed always gives the same
 * output and, without the seed, the output does not reveal the input beyond what is meant to be
 * kept (prefix relations). Crypto-PAn (Xu, Fan, Ammar, Moon 2002) uses AES for the same role.
 */
export class RedactionKey {
  private readonly key: Uint8Array;
  private readonly bitCache = new Map<string, number>();
  private readonly bitCache4 = new Map<number, number>();

  constructor(seed: string) {
    this.key = sha256(utf8ToBytes(`kube-proxy-explorer/redact/v1\0${seed}`));
  }

  /**
   * The Crypto-PAn flip for bit `index` of an address of family `family` (4 or 6) whose first
   * `index` bits are `prefix` (big-endian bytes, the rest zero): 0 or 1.
   */
  flipBit(family: 4 | 6, index: number, prefix: Uint8Array): number {
    if (family === 4) {
      // IPv4 prefixes fit a number key exactly: index·2^32 + prefix.
      const k =
        index * 2 ** 32 +
        (((prefix[0] as number) << 24) >>> 0) +
        ((prefix[1] as number) << 16) +
        ((prefix[2] as number) << 8) +
        (prefix[3] as number);
      const hit = this.bitCache4.get(k);
      if (hit !== undefined) return hit;
      const bit = this.hashBit(family, index, prefix);
      this.bitCache4.set(k, bit);
      return bit;
    }
    const cacheKey = `${index}/${prefix.join('.')}`;
    const cached = this.bitCache.get(cacheKey);
    if (cached !== undefined) return cached;
    const bit = this.hashBit(family, index, prefix);
    this.bitCache.set(cacheKey, bit);
    return bit;
  }

  private hashBit(family: 4 | 6, index: number, prefix: Uint8Array): number {
    const input = new Uint8Array(this.key.length + 2 + prefix.length);
    input.set(this.key, 0);
    input[this.key.length] = family;
    input[this.key.length + 1] = index;
    input.set(prefix, this.key.length + 2);
    return (sha256(input)[0] as number) & 1;
  }

  /** A 16-character base32 text (kube-proxy's chain hash alphabet) derived from `label` and `value`. */
  pseudoHash(label: string, value: string): string {
    const input = utf8ToBytes(`${label}\0${value}`);
    const all = new Uint8Array(this.key.length + input.length);
    all.set(this.key, 0);
    all.set(input, this.key.length);
    return base32Encode(sha256(all).subarray(0, 10));
  }
}

/**
 * A seed for a redaction the caller did not seed: 128 random bits from the platform's CSPRNG
 * (`crypto.getRandomValues`, present in browsers, workers and Node ≥ 19). Without one, a fixed
 * default would let anyone undo the mapping by running the tool on guessed inputs.
 */
export function randomSeed(): string {
  const bytes = new Uint8Array(16);
  const c = (globalThis as { crypto?: { getRandomValues?: (b: Uint8Array) => Uint8Array } }).crypto;
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = (Date.now() * (i + 1) + i * 7919) & 255;
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
