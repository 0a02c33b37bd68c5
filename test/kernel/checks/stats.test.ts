import { describe, expect, it } from 'vitest';
import { chiSquareTest, logGamma, upperRegularizedGamma } from './stats';

describe('chi-square helpers (pure; run everywhere)', () => {
  it('logGamma matches known values', () => {
    expect(logGamma(1)).toBeCloseTo(0, 12);
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
  });

  it('upper regularized gamma gives the textbook chi-square critical values', () => {
    // P(χ²₁ > 3.841) = 0.05, P(χ²₂ > 5.991) = 0.05, P(χ²₃ > 16.266) = 0.001, P(χ²₁₀ > 29.588) = 0.001
    expect(upperRegularizedGamma(0.5, 3.841 / 2)).toBeCloseTo(0.05, 4);
    expect(upperRegularizedGamma(1, 5.991 / 2)).toBeCloseTo(0.05, 4);
    expect(upperRegularizedGamma(1.5, 16.266 / 2)).toBeCloseTo(0.001, 5);
    expect(upperRegularizedGamma(5, 29.588 / 2)).toBeCloseTo(0.001, 5);
  });

  it('accepts a fair split and rejects the written-probability ladder mistake', () => {
    expect(chiSquareTest([101, 99, 100], [1 / 3, 1 / 3, 1 / 3]).pValue).toBeGreaterThan(0.9);
    // Equal kernel shares against a ladder read as shares (0.333, 0.5, rest): clearly rejected.
    expect(chiSquareTest([100, 100, 100], [0.333, 0.5, 0.167]).pValue).toBeLessThan(1e-6);
  });

  it('pools small cells and treats impossible observed cells as a hard failure', () => {
    expect(chiSquareTest([10, 0, 0], [0.98, 0.01, 0.01]).df).toBe(0);
    expect(chiSquareTest([5, 5], [1, 0]).pValue).toBe(0);
  });
});
