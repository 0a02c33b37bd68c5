import { describe, expect, it } from 'vitest';
import type { Outcome, Packet, PathStep } from '../../core/trace';
import { formatTrace, packetWords, percent, verdictWords } from './traceText';

const packet: Packet = {
  origin: 'pod',
  src: '10.0.0.2',
  dst: '172.30.0.44',
  proto: 'tcp',
  sport: null,
  dport: 80,
};

const step = (table: PathStep['table'], chain: string, line: number | null, target: string): PathStep => ({
  table,
  chain,
  line,
  ruleId: null,
  target,
  verdict: 'jump',
  hook: 'PREROUTING',
});

const outcome = (probability: number, dnat: string | null): Outcome => ({
  probability,
  verdict: 'ACCEPT',
  dnat,
  masquerade: false,
  snat: null,
  delivery: 'forward',
  path: [step('nat', 'PREROUTING', 76, 'KUBE-SERVICES'), step('filter', 'FORWARD', null, 'policy ACCEPT')],
  assumptions: [],
});

describe('trace words', () => {
  it('describes the packet', () => {
    expect(packetWords(packet)).toBe('TCP 10.0.0.2 → 172.30.0.44:80 from a pod');
    expect(packetWords({ ...packet, origin: 'external', src: 'fd00::1', sport: 5000, dst: 'fd00::2' })).toBe(
      'TCP [fd00::1]:5000 → [fd00::2]:80 from a client outside the cluster',
    );
    expect(packetWords({ ...packet, proto: 'icmp', dport: null, origin: 'host' })).toBe(
      'ICMP 10.0.0.2 → 172.30.0.44 from the node itself',
    );
  });

  it('rounds probabilities to one decimal and never shows a reachable outcome as 0%', () => {
    expect(percent(1 / 3)).toBe('33.3%');
    expect(percent(1)).toBe('100.0%');
    expect(percent(0.0001)).toBe('<0.1%');
  });

  it('says verdict, delivery, DNAT and masquerade', () => {
    expect(verdictWords(outcome(1, '10.180.0.4:80'))).toBe('ACCEPT, forwarded; DNAT to 10.180.0.4:80');
    expect(verdictWords({ ...outcome(1, null), verdict: 'DROP', delivery: null })).toBe('DROP; no DNAT');
    expect(verdictWords({ ...outcome(1, null), masquerade: true })).toBe(
      'ACCEPT, forwarded; no DNAT; source masqueraded',
    );
  });
});

describe('formatTrace', () => {
  it('prints each outcome with its probability and its path step by step', () => {
    const o = outcome(0.5, '10.180.0.4:80');
    const text = formatTrace(
      {
        packet,
        outcomes: [
          {
            outcome: o,
            steps: [
              { step: o.path[0] as PathStep, words: 'matches every packet → jump to KUBE-SERVICES' },
              { step: o.path[1] as PathStep, words: 'end of chain: policy ACCEPT' },
            ],
          },
        ],
        assumptions: [{ code: 'ct', message: 'NEW connection.', line: null }],
        endpointCounts: { '10.180.0.4:80': 3, '<none>': 1 },
        diagnostics: [],
      },
      { iptables: 'node.txt' },
    );
    expect(text).toBe(
      [
        'Packet: TCP 10.0.0.2 → 172.30.0.44:80 from a pod',
        '1 outcome:',
        '',
        '  1. 50.0%  ACCEPT, forwarded; DNAT to 10.180.0.4:80',
        '      1. nat PREROUTING (line 76): matches every packet → jump to KUBE-SERVICES',
        '      2. filter FORWARD: end of chain: policy ACCEPT',
        '',
        'Assumed:',
        '  - NEW connection.',
        '',
        'Sampled 4 connections:',
        '  ENDPOINT       CONNECTIONS  SHARE',
        '  10.180.0.4:80            3  75.0%',
        '  (not DNATed)             1  25.0%',
        '',
        'No diagnostics.',
        '',
      ].join('\n'),
    );
  });
});
