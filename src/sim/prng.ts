import { mulberry32 as netMulberry32 } from '../core/net';

/**
 * The generator's random choices over core/net's seeded mulberry32 (the project's one PRNG). The
 * generator must be reproducible from its seed, so nothing here touches Math.random.
 */
export interface Prng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by relative weights: `[[value, weight], …]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
}

/** A PRNG seeded with a 32-bit integer (other numbers are truncated): core/net's mulberry32 with helpers. */
export function mulberry32(seed: number): Prng {
  const next = netMulberry32(seed);
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    weighted: (entries) => {
      const total = entries.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [value, weight] of entries) {
        r -= weight;
        if (r < 0) return value;
      }
      return (entries[entries.length - 1] as (typeof entries)[number])[0];
    },
  };
}
