import { describe, expect, it } from 'vitest';
import { formatFixed, kubeProxyProbability, savedProbability, statisticThreshold } from './probability';

describe('probability formatting', () => {
  it('formats 1/n as kube-proxy does (%0.10f)', () => {
    expect(kubeProxyProbability(2)).toBe('0.5000000000');
    expect(kubeProxyProbability(3)).toBe('0.3333333333');
    expect(kubeProxyProbability(7)).toBe('0.1428571429');
    expect(kubeProxyProbability(1000)).toBe('0.0010000000');
  });

  it('breaks exact ties to even like Go and glibc, unlike toFixed', () => {
    // 1/2048 = 0.00048828125 exactly.
    expect(formatFixed(1 / 2048, 10)).toBe('0.0004882812');
    expect((1 / 2048).toFixed(10)).toBe('0.0004882813');
    expect(formatFixed(0.125, 2)).toBe('0.12');
    expect(formatFixed(0.375, 2)).toBe('0.38');
    expect(formatFixed(1, 3)).toBe('1.000');
  });

  it('prints what iptables-save printed on real nodes', () => {
    // real-excerpt-2016-probability-ladder-5-digit.txt: written 0.33333 / 0.20000.
    expect(savedProbability('0.33333')).toBe('0.33332999982');
    expect(savedProbability('0.20000')).toBe('0.20000000019');
    expect(savedProbability('0.5000000000')).toBe('0.50000000000');
    expect(statisticThreshold('0.5000000000')).toBe(0x40000000);
  });
});
