/**
 * mulberry32: a tiny seeded PRNG (public domain, Tommy Ettinger). Deterministic for a seed, uniform
 * in [0, 1) with 2^32 states — plenty for sampling kube-proxy's probability ladders.
 * Returns a function producing the next number.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
