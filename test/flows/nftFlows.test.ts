import { describe, expect, it } from 'vitest';
import { loadNftRuleset } from '../../src/core/testing/load';
import { trace } from '../../src/core/trace';
import { readFixture } from '../fixtures';
import { describePaths, flowEnv, flowMismatches, flowPacket, type PacketFlow, TEST_NODE } from './packetFlow';

/**
 * kube-proxy's packet flows on its own nftables ruleset (test/fixtures/nftables/kube-proxy-overall.*,
 * TestOverallNFTablesRules' expected dump). That test asserts the dump only; the flows are those of
 * kube-proxy's tests on the same Service shapes (each names its `source`), in runPacketFlowTests'
 * shape. Every form of the ruleset (listing, `nft -j`, transaction) must give them.
 */
const flows = JSON.parse(readFixture('nftables/kube-proxy-overall.flows.json')) as PacketFlow[];
const FORMS = ['kube-proxy-overall.list.txt', 'kube-proxy-overall.json', 'kube-proxy-overall.nft'];

describe('kube-proxy nftables packet flows', () => {
  for (const form of FORMS) {
    describe(form, () => {
      const ruleset = loadNftRuleset(readFixture(`nftables/${form}`));
      it.each(flows.map((f) => [f.name, f] as const))('%s', (_name, flow) => {
        const result = trace(ruleset, flowPacket(flow, TEST_NODE), flowEnv(TEST_NODE));
        const errors = flowMismatches(flow, result);
        expect(errors, `${errors.join('; ')}\n${describePaths(ruleset, result)}`).toEqual([]);
      });
    });
  }
});
