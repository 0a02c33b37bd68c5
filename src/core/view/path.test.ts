import { describe, expect, it } from 'vitest';
import type { Packet } from '../trace';
import { trace } from '../trace';
import { buildChainGraph, endpointNodeId } from './build';
import { WEB, webRuleset } from './inputs.node';
import { pathChains, pathHighlight, placePath } from './path';

const ruleset = webRuleset();
const graph = buildChainGraph(ruleset);
const env = { localAddresses: [WEB.nodeIp] };
const podPacket: Packet = {
  origin: 'pod',
  src: '10.244.36.7',
  dst: WEB.clusterIp,
  proto: 'tcp',
  sport: null,
  dport: 80,
};

describe('placePath', () => {
  it('moves a pod’s packet along KUBE-SERVICES → KUBE-SVC → KUBE-SEP → endpoint', () => {
    const result = trace(ruleset, podPacket, env);
    expect(result.outcomes).toHaveLength(3);
    for (const o of result.outcomes) {
      const places = placePath(graph, o.path);
      expect(places).toHaveLength(o.path.length);
      const moves = places.filter((p) => p.edge).map((p) => p.node);
      const sep = moves[2]!.slice(4);
      expect(moves.slice(0, 4)).toEqual([
        'nat/KUBE-SERVICES',
        `nat/${WEB.svc}`,
        `nat/${sep}`,
        endpointNodeId(o.dnat as string),
      ]);
      expect(WEB.seps).toContain(sep);
      // After DNAT the filter table is not drawn: the packet waits at the endpoint until POSTROUTING.
      const forward = o.path.findIndex((s) => s.table === 'filter');
      expect(places[forward]?.node).toBe(endpointNodeId(o.dnat as string));
      expect(places.at(-1)?.node).toMatch(/POSTROUTING$/);
    }
  });

  it('routes an external client through KUBE-NODEPORTS, KUBE-MARK-MASQ as a stay', () => {
    const packet: Packet = {
      origin: 'external',
      src: '203.0.113.7',
      dst: WEB.nodeIp,
      proto: 'tcp',
      sport: null,
      dport: WEB.nodePort,
    };
    const o = trace(ruleset, packet, env).outcomes[0]!;
    const places = placePath(graph, o.path);
    const marks = o.path.findIndex((s) => s.target === 'KUBE-MARK-MASQ');
    expect(places[marks]).toMatchObject({ node: 'nat/KUBE-NODEPORTS', edge: null });
    const { nodes, edges } = pathHighlight(places);
    expect(nodes.has('nat/KUBE-NODEPORTS')).toBe(true);
    expect(nodes.has('nat/KUBE-POSTROUTING')).toBe(true);
    expect(edges.has('nat/KUBE-SERVICES#10')).toBe(true);
    expect(pathChains(o.path)).toEqual(expect.arrayContaining(['KUBE-NODEPORTS', 'KUBE-MARK-MASQ', WEB.svc]));
  });
});
