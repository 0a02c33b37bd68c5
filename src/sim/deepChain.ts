/**
 * A nat table whose one Service rule starts a chain of `depth` user chains, each a single `-j` to
 * the next (KUBE-SERVICES → C1 → C2 → … → C<depth>), the last DNATing to one endpoint. Not what
 * kube-proxy writes: a stress input for the page and the worker (recursion depth, graph size,
 * path length). iptables accepts it (its loop check bounds nothing but cycles, see
 * iptables/libiptc mark_source_chains) — iptables-legacy loads it, iptables-nft refuses nesting
 * deeper than 15 jumps; the tracer follows it to its DNAT and says so.
 */
export interface DeepChainDump {
  readonly text: string;
  /** Where a packet must go to enter the chain: `-d clusterIP -p tcp --dport port`. */
  readonly clusterIP: string;
  readonly port: number;
  readonly endpoint: string;
}

export function deepChainDump(depth: number): DeepChainDump {
  const clusterIP = '10.96.0.10';
  const port = 80;
  const endpoint = '10.244.1.5:8080';
  const lines = [
    '*nat',
    ':PREROUTING ACCEPT [0:0]',
    ':INPUT ACCEPT [0:0]',
    ':OUTPUT ACCEPT [0:0]',
    ':POSTROUTING ACCEPT [0:0]',
    ':KUBE-SERVICES - [0:0]',
  ];
  for (let i = 1; i <= depth; i++) lines.push(`:C${i} - [0:0]`);
  lines.push(
    '-A PREROUTING -j KUBE-SERVICES',
    '-A OUTPUT -j KUBE-SERVICES',
    `-A KUBE-SERVICES -d ${clusterIP}/32 -p tcp -m tcp --dport ${port} -j C1`,
  );
  for (let i = 1; i < depth; i++) lines.push(`-A C${i} -j C${i + 1}`);
  lines.push(`-A C${depth} -p tcp -m tcp -j DNAT --to-destination ${endpoint}`, 'COMMIT', '');
  return { text: lines.join('\n'), clusterIP, port, endpoint };
}
