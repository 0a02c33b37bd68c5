/**
 * SHA-256 (FIPS 180-4) of the UTF-8 bytes of a few concatenated strings, for kube-proxy's chain
 * names. A model of a 10,000-Service dump checks ~10^5 KUBE-SEP names; a general-purpose hash
 * allocates a hasher, a byte array and a digest per call, which costs more than the rest of the
 * analysis. This one reuses module-level buffers and encodes straight from the strings (no
 * concatenation), so a call allocates only its 16-character result. sha256.test.ts checks it
 * against @noble/hashes.
 */

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const IV = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const H = new Int32Array(8);
const W = new Int32Array(64);
/** The padded message as big-endian words, reused (grown for long inputs). */
let M = new Int32Array(64);
/** Bytes written so far. */
let n = 0;

function put(byte: number): void {
  M[n >> 2] = (M[n >> 2] as number) | (byte << (24 - 8 * (n & 3)));
  n++;
}

/** Appends `s` as UTF-8 (lone surrogates as U+FFFD, as TextEncoder does). */
function encode(s: string): void {
  let i = 0;
  // ASCII runs four bytes to a word while the message is word-aligned (chain names are ASCII).
  while ((n & 3) === 0 && i + 4 <= s.length) {
    const a = s.charCodeAt(i);
    const b = s.charCodeAt(i + 1);
    const c = s.charCodeAt(i + 2);
    const d = s.charCodeAt(i + 3);
    if ((a | b | c | d) >= 0x80) break;
    M[n >> 2] = (a << 24) | (b << 16) | (c << 8) | d;
    n += 4;
    i += 4;
  }
  for (; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      put(c);
      continue;
    }
    if (c < 0x800) {
      put(0xc0 | (c >> 6));
    } else {
      if (c >= 0xd800 && c <= 0xdfff) {
        const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
          put(0xf0 | (c >> 18));
          put(0x80 | ((c >> 12) & 63));
        } else {
          c = 0xfffd;
          put(0xe0 | (c >> 12));
        }
      } else {
        put(0xe0 | (c >> 12));
      }
      put(0x80 | ((c >> 6) & 63));
    }
    put(0x80 | (c & 63));
  }
}

function compress(block: number): void {
  for (let t = 0; t < 16; t++) W[t] = M[block + t] as number;
  for (let t = 16; t < 64; t++) {
    const a = W[t - 15]!;
    const b = W[t - 2]!;
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    W[t] = (W[t - 16]! + s0 + W[t - 7]! + s1) | 0;
  }
  let a = H[0]!;
  let b = H[1]!;
  let c = H[2]!;
  let d = H[3]!;
  let e = H[4]!;
  let f = H[5]!;
  let g = H[6]!;
  let h = H[7]!;
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[t]! + W[t]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  H[0] = (H[0]! + a) | 0;
  H[1] = (H[1]! + b) | 0;
  H[2] = (H[2]! + c) | 0;
  H[3] = (H[3]! + d) | 0;
  H[4] = (H[4]! + e) | 0;
  H[5] = (H[5]! + f) | 0;
  H[6] = (H[6]! + g) | 0;
  H[7] = (H[7]! + h) | 0;
}

/** Hashes `a + b + c`; the digest is left in `H` (big-endian words). */
function digest(a: string, b: string, c: string): void {
  // Zero the words the message and its padding can use (3 bytes per UTF-16 unit at most, then
  // 1 + 63 + 8 bytes of padding and length), then append.
  const words = (((a.length + b.length + c.length) * 3 + 72) >> 2) + 2;
  if (M.length < words) M = new Int32Array(words * 2);
  else M.fill(0, 0, words);
  n = 0;
  encode(a);
  encode(b);
  encode(c);
  const bits = n * 8;
  put(0x80);
  while (n % 64 !== 56) put(0);
  // Length in bits, 64-bit big-endian (the high word is 0 below 512 MB).
  M[n >> 2] = Math.floor(bits / 0x100000000);
  M[(n >> 2) + 1] = bits | 0;
  n += 8;
  for (let i = 0; i < 8; i++) H[i] = IV[i]!;
  for (let block = 0; block < n >> 2; block += 16) compress(block);
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const CODES = new Uint16Array(16);

/** Base32 (standard alphabet) of the digest's first 80 bits into `CODES`: 16 characters, no padding. */
function base32Codes(): void {
  // 80 bits = H[0], H[1] and the high 16 bits of H[2]; character i takes bits 5i..5i+4 from the top.
  const hi = H[0]! >>> 0;
  const mid = H[1]! >>> 0;
  const lo = H[2]! >>> 16;
  for (let i = 0; i < 16; i++) {
    const bit = i * 5;
    let v: number;
    if (bit + 5 <= 32) v = hi >>> (27 - bit);
    else if (bit < 32) v = (hi << (bit - 27)) | (mid >>> (59 - bit));
    else if (bit + 5 <= 64) v = mid >>> (59 - bit);
    else if (bit < 64) v = (mid << (bit - 59)) | (lo >>> (75 - bit));
    else v = lo >>> (75 - bit);
    CODES[i] = ALPHABET.charCodeAt(v & 31);
  }
}

/**
 * The first 16 characters of base32(sha256(a + b + c)), Go's `base32.StdEncoding`: exactly the
 * first 80 bits of the digest, so no padding appears. This is kube-proxy's chain-name hash.
 */
export function sha256Base32Prefix16(a: string, b = '', c = ''): string {
  digest(a, b, c);
  base32Codes();
  return String.fromCharCode.apply(null, CODES as unknown as number[]);
}

/** Whether `sha256Base32Prefix16(a, b, c)` equals `expected` (compared in place, nothing allocated). */
export function sha256Base32Prefix16Is(expected: string, a: string, b = '', c = ''): boolean {
  if (expected.length !== 16) return false;
  digest(a, b, c);
  base32Codes();
  for (let i = 0; i < 16; i++) if (CODES[i] !== expected.charCodeAt(i)) return false;
  return true;
}
