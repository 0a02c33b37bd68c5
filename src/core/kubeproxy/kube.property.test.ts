import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { loadKubectl, loadRuleset } from '../testing/load';
import { analyzeKubeProxy } from './kube';
import { describeServices } from './services';

// Fragments of real kube-proxy rules, recombined at random: the analysis must never throw, its
// result must stay plain data, and every diagnostic must point inside the text.
const CHAINS = [
  'KUBE-SERVICES',
  'KUBE-NODEPORTS',
  'KUBE-SVC-XPGD46QRK7WJZT7O',
  'KUBE-SEP-SXIVWICOYRO3J4NJ',
  'KUBE-EXT-',
  'KUBE-FW-A',
  'KUBE-SVL-X',
  'KUBE-XLB-Q',
  'KUBE-MARK-MASQ',
  'KUBE-POSTROUTING',
  'KUBE-SEP-',
];
const COMMENTS = [
  '"ns1/svc1:p80 cluster IP"',
  'ns1/svc1:p80',
  '"ns1/svc1:p80 -> 10.0.0.1:80"',
  '"a/b: has no endpoints"',
  '"other traffic to x/y will be dropped by KUBE-PROXY-FIREWALL"',
  '"/:"',
  '"ns/svc:p -> "',
  '""',
];
const PARTS = [
  ...COMMENTS.map((c) => `-m comment --comment ${c}`),
  '-m statistic --mode random --probability 0.5',
  '-m statistic --mode random --probability 1.5',
  '-m recent --name KUBE-SEP-X --rcheck --seconds 10800 --reap',
  '-m tcp -p tcp --dport 80',
  '-d 172.30.0.41/32',
  '-s 10.0.0.0/8',
  '-d 127.0.0.0/8',
  '! -s 10.0.0.0/8',
  '-m mark ! --mark 0x4000/0x4000',
  ...CHAINS.map((c) => `-j ${c}`),
  '-j DNAT --to-destination 10.180.0.1:80',
  '-j DNAT --to-destination [fd00::1]:80',
  '-j DNAT --to-destination 10.180.0.1',
  '-j MARK --or-mark 0x4000',
  '-j MASQUERADE --random-fully',
  '-j REJECT',
  '-j RETURN',
];

const line = fc.oneof(
  fc
    .tuple(fc.constantFrom(...CHAINS), fc.array(fc.constantFrom(...PARTS), { maxLength: 5 }))
    .map(([chain, parts]) => `-A ${chain} ${parts.join(' ')}`),
  fc.constantFrom(...CHAINS).map((c) => `:${c} - [0:0]`),
  fc.constantFrom('*nat', '*filter', 'COMMIT', '', '# x'),
  fc.string({ maxLength: 30 }),
);

describe('analyzeKubeProxy never throws', () => {
  it('on random recombinations of kube-proxy rules, with and without kubectl', () => {
    const kubectl = loadKubectl(readFixture('kubectl/overall-get-svc-ep-A.txt'));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), fc.boolean(), (lines, withKubectl) => {
        const text = lines.join('\n');
        const { result, diagnostics } = analyzeKubeProxy(
          loadRuleset(text),
          withKubectl ? kubectl : undefined,
        );
        expect(structuredClone(result)).toEqual(result);
        for (const d of diagnostics) {
          if (d.source !== 'iptables') continue;
          expect(d.span.start).toBeGreaterThanOrEqual(0);
          expect(d.span.end).toBeLessThanOrEqual(text.length);
        }
        for (const p of result.policies) {
          const total = p.targets.reduce((a, t) => a + t.share, 0) + p.fallthrough;
          if (p.targets.some((t) => t.condition === 'probability' || t.condition === 'always'))
            expect(total).toBeCloseTo(1, 9);
        }
        describeServices(kubectl, result);
      }),
      { numRuns: 150, seed: 20240601 },
    );
  });
});
