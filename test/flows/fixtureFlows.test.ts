import { describe, expect, it } from 'vitest';
import { loadRuleset } from '../../src/core/testing/load';
import { trace } from '../../src/core/trace';
import { readFixture } from '../fixtures';
import {
  describePaths,
  flowEnv,
  flowMismatches,
  flowPacket,
  type Node,
  type PacketFlow,
  TEST_NODE,
} from './packetFlow';

const read = (f: string) => JSON.parse(readFixture(`iptables/${f}`)) as PacketFlow[];

/**
 * Where the kernel disagrees with the computed (not upstream) expectation. The Python port of
 * kube-proxy's test tracer runs filter KUBE-SERVICES for every packet; on this v1.11 node only filter
 * OUTPUT jumps to KUBE-SERVICES, so a pod's packet is forwarded — and FORWARD's policy (set to DROP
 * by Docker) drops it before any REJECT rule is reached.
 */
const KERNEL_OVERRIDES: Readonly<Record<string, Partial<PacketFlow>>> = {
  'pod to kube-dns with no endpoints (computed, not upstream)': { expectedOutput: 'DROP' },
};
const withOverrides = (flows: PacketFlow[]) => flows.map((f) => ({ ...f, ...KERNEL_OVERRIDES[f.name] }));

const overallFlows = [
  ...read('k8s-overall-rules.flows.json'),
  ...read('k8s-overall-rules.computed-flows.json'),
];
const staticFlows = read('k8s-trace-packet-static.flows.json');

const cases: { dump: string; flows: PacketFlow[]; node: Node }[] = [
  { dump: 'k8s-trace-packet-static.txt', flows: staticFlows, node: TEST_NODE },
  {
    dump: 'k8s-trace-packet-static.iptables-save.txt',
    flows: read('k8s-trace-packet-static.iptables-save.flows.json'),
    node: TEST_NODE,
  },
  { dump: 'k8s-overall-rules.txt', flows: overallFlows, node: TEST_NODE },
  {
    dump: 'k8s-overall-rules.iptables-save.txt',
    flows: [
      ...read('k8s-overall-rules.iptables-save.flows.json'),
      ...read('k8s-overall-rules.computed-flows.json'),
    ],
    node: TEST_NODE,
  },
  {
    dump: 'real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt',
    flows: withOverrides(read('real-full-2018-k8s-v1.11-kubeadm-iptables-save.computed-flows.json')),
    node: { nodeIPs: ['192.168.50.101'], podCidr: '10.32.0.0/12' },
  },
];

describe('kube-proxy packet flows on the fixture dumps', () => {
  for (const { dump, flows, node } of cases) {
    describe(dump, () => {
      const ruleset = loadRuleset(readFixture(`iptables/${dump}`));
      it.each(flows.map((f) => [f.name, f] as const))('%s', (_name, flow) => {
        const result = trace(ruleset, flowPacket(flow, node), flowEnv(node));
        const errors = flowMismatches(flow, result);
        expect(errors, `${errors.join('; ')}\n${describePaths(ruleset, result)}`).toEqual([]);
      });
    });
  }
});
