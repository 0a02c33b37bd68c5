import { describe, expect, it } from 'vitest';
import { generateIptablesSave } from './generate';
import { mulberry32 } from './prng';
import { randomClusterSpec } from './randomSpec';

describe('randomClusterSpec', () => {
  it('is reproducible from its seed and differs between seeds', () => {
    const a = randomClusterSpec({ services: 50, seed: 42 });
    expect(randomClusterSpec({ services: 50, seed: 42 })).toEqual(a);
    expect(randomClusterSpec({ services: 50, seed: 43 })).not.toEqual(a);
  });

  it('mulberry32 is uniform enough and stays in [0, 1)', () => {
    const rng = mulberry32(1);
    let sum = 0;
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < 10000; i++) {
      const x = rng.next();
      expect(x >= 0 && x < 1).toBe(true);
      sum += x;
      buckets[Math.floor(x * 10)]! += 1;
    }
    expect(Math.abs(sum / 10000 - 0.5)).toBeLessThan(0.02);
    for (const b of buckets) expect(b).toBeGreaterThan(850);
  });

  it('produces the advertised mix', () => {
    const spec = randomClusterSpec({ services: 2000, seed: 7 });
    const count = (f: (s: (typeof spec.services)[number]) => boolean) => spec.services.filter(f).length;
    expect(count((s) => s.type === 'LoadBalancer')).toBeGreaterThan(150);
    expect(count((s) => s.type === 'NodePort')).toBeGreaterThan(150);
    expect(count((s) => s.endpoints.length === 0)).toBeGreaterThan(20);
    expect(count((s) => s.externalTrafficPolicy === 'Local')).toBeGreaterThan(50);
    expect(count((s) => s.sessionAffinity === 'ClientIP')).toBeGreaterThan(40);
    expect(count((s) => s.ports.length > 1)).toBeGreaterThan(500);
    expect(count((s) => s.ports.some((p) => p.protocol === 'UDP'))).toBeGreaterThan(50);
    expect(Math.max(...spec.services.map((s) => s.endpoints.length))).toBe(10);
    const clusterIPs = new Set(spec.services.map((s) => s.clusterIP));
    expect(clusterIPs.size).toBe(spec.services.length);
    const nodePorts = spec.services.flatMap((s) => s.ports.map((p) => p.nodePort)).filter((p) => p !== null);
    expect(new Set(nodePorts).size).toBe(nodePorts.length);
  });

  it('generates rules with every chain family', () => {
    const text = generateIptablesSave(randomClusterSpec({ services: 300, seed: 5 }), {
      flavour: 'iptables-save',
    });
    for (const needle of [
      ':KUBE-SVL-',
      ':KUBE-FW-',
      ':KUBE-EXT-',
      '-m recent --rcheck',
      '-j REJECT',
      '-p udp',
      '-m statistic',
    ]) {
      expect(text).toContain(needle);
    }
  });
});
