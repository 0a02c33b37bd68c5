import { type Agent, type Proto, startAgent } from './agents';
import { run } from './exec';
import type { Client, KernelStep, Observation } from './lab';
import { type ConntrackEntry, LineMonitor, parseConntrackEvent } from './monitors';
import { addNftTraceTable, indexNftDump, loadNftRuleset, type NftDumpRule, nftHandleToRule } from './nftLoad';
import { type NftTracedPacket, NftTraceLog, TRACE_TABLE } from './nftTrace';
import { ctKey, syncDestroy } from './nodeState';
import { createTopology, destroyTopology, type Topology, type TopologyPlan } from './topology';

const TRACED = { from: 40000, to: 49999 };
const BULK = { from: 20000, to: 39999 };
const FENCE_PORT = 9;

/**
 * The kernel referee for an nftables ruleset: the topology of topology.ts with the ruleset loaded
 * by `nft -f` in the node namespace, the harness's `meta nftrace set 1` table before it, `nft -a
 * monitor trace` (under `stdbuf -oL`: nft writes through stdio, block-buffered on a pipe) and
 * `conntrack -E` in the node namespace, an agent per namespace. Same observations as KernelLab.
 */
export class NftLab {
  private tracedPort = TRACED.from;
  private bulkPort = BULK.from;
  private readonly log = new NftTraceLog();
  private readonly ct = new Map<string, ConntrackEntry>();
  private handles = new Map<string, NftDumpRule>();
  private readonly monitors: LineMonitor[] = [];
  private readonly agents = new Map<string, Agent>();
  private exitHook: (() => void) | null = null;
  packets = 0;

  private constructor(
    readonly topology: Topology,
    readonly dump: string,
  ) {}

  static async start(plan: TopologyPlan, dump: string, listen: ReadonlyMap<string, readonly string[]>) {
    const topology = await createTopology(plan);
    const lab = new NftLab(topology, dump);
    lab.exitHook = () => syncDestroy(topology);
    process.once('exit', lab.exitHook);
    try {
      const family = plan.nodeIp.includes(':') ? 'ip6' : 'ip';
      await addNftTraceTable(topology.node, family, `${TRACED.from}-${TRACED.to}`);
      await loadNftRuleset(topology.node, dump);
      lab.handles = await nftHandleToRule(topology.node, indexNftDump(dump));
      const monitor = (label: string, argv: string[], onLine: (l: string) => void) =>
        lab.monitors.push(new LineMonitor(label, topology.node, argv, onLine));
      monitor('nft monitor trace', ['nft', '-a', 'monitor', 'trace'], (l) => lab.log.push(l));
      monitor('conntrack', ['conntrack', '-E', '-e', 'NEW', '-o', 'extended'], (l) => {
        const e = parseConntrackEvent(l);
        if (e) lab.ct.set(ctKey(e.proto, e.orig.src, e.orig.sport, e.orig.dst, e.orig.dport), e);
      });
      const starting: Promise<void>[] = [];
      const add = (key: string, ns: string, specs: readonly string[]) =>
        starting.push(startAgent(ns, key, specs).then((a) => void lab.agents.set(key, a)));
      add('node', topology.node, listen.get('node') ?? []);
      add('ext', topology.ext, []);
      topology.podNamespaces.forEach((ns, i) => {
        const specs = plan.pods[i]!.flatMap((ip) =>
          (listen.get(ip) ?? []).map((l) => l.replace(':', `:${ip}:`)),
        );
        add(ns, ns, specs);
      });
      await Promise.all(starting);
      if (family === 'ip6') await resolveNeighbours(topology);
      await lab.fence();
      return lab;
    } catch (err) {
      await lab.stop();
      throw err;
    }
  }

  private agentFor(c: Client): { agent: Agent; src: string } {
    if (c.kind === 'external') return { agent: this.agents.get('ext')!, src: c.src };
    if (c.kind === 'host')
      return { agent: this.agents.get('node')!, src: c.src ?? this.topology.plan.nodeIp };
    const ns = this.topology.pods.get(c.ip);
    if (!ns) throw new Error(`no pod namespace holds ${c.ip}`);
    return { agent: this.agents.get(ns)!, src: c.ip };
  }

  /**
   * A traced datagram to the loopback address of the ruleset's family, port 9: once its trace and
   * conntrack event are read, so is every earlier one. Of the family: a namespace tracks connections
   * of a family only while a table of that family needs conntrack (nf_ct_netns_get), and an
   * IPv6-only ruleset gives IPv4 none.
   */
  async fence(): Promise<void> {
    const sport = this.tracedPort++;
    const lo = this.topology.plan.nodeIp.includes(':') ? '::1' : '127.0.0.1';
    const node = this.agents.get('node')!;
    await node.connect({ proto: 'udp', dst: lo, dport: FENCE_PORT, src: lo, sport, timeoutMs: 2000 });
    const [trace, ct] = this.monitors as [LineMonitor, LineMonitor];
    await trace.waitFor(() => this.log.find(lo, sport, lo, FENCE_PORT) !== undefined, 10_000, 'fence trace');
    await ct.waitFor(
      () => this.ct.has(ctKey('udp', lo, sport, lo, FENCE_PORT)),
      10_000,
      'fence conntrack event',
    );
  }

  /** One connection whose first packet is traced (TCP or UDP). */
  async traced(
    client: Client,
    proto: Proto,
    dst: string,
    dport: number,
    timeoutMs = 1500,
  ): Promise<Observation> {
    if (proto === 'icmp') throw new Error('the nftables lab traces TCP and UDP only');
    const { agent, src } = this.agentFor(client);
    const sport = this.tracedPort++;
    if (sport > TRACED.to) throw new Error('traced source ports exhausted');
    const mark = this.log.packets.size;
    const result = await agent.connect({ proto, dst, dport, src, sport, timeoutMs });
    await this.fence();
    this.packets++;
    const conntrack = this.ct.get(ctKey(proto, src, sport, dst, dport)) ?? null;
    const pkt = this.log.find(src, sport, dst, dport, mark);
    let path: KernelStep[] = [];
    if (pkt) {
      const natted = conntrack
        ? ([
            [conntrack.reply.dst, conntrack.reply.dport, conntrack.reply.src, conntrack.reply.sport],
          ] as const)
        : [];
      const next = this.log.continuation(pkt, [[src, sport, dst, dport], ...natted]);
      path = [...this.mapPath(pkt), ...(next ? this.mapPath(next) : [])];
    }
    return { client, proto, src, sport, dst, dport, result, conntrack, path, recent: null };
  }

  /** `n` untraced connections, at most `concurrency` in flight; conntrack events still recorded. */
  async bulk(client: Client, proto: Proto, dst: string, dport: number, n: number, concurrency = 16) {
    const { agent, src } = this.agentFor(client);
    const out: Observation[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, n) }, async () => {
        while (next++ < n) {
          const sport = this.bulkPort++;
          if (sport > BULK.to) throw new Error('bulk source ports exhausted');
          const result = await agent.connect({ proto, dst, dport, src, sport, timeoutMs: 1500 });
          out.push({
            client,
            proto,
            src,
            sport,
            dst,
            dport,
            result,
            conntrack: null,
            path: null,
            recent: null,
          });
        }
      }),
    );
    await this.fence();
    this.packets += n;
    return out.map((o) => ({
      ...o,
      conntrack: this.ct.get(ctKey(proto, o.src, o.sport, dst, dport)) ?? null,
    }));
  }

  /** Trace events → steps with the dump line of each rule (the trace table's own rules are left out). */
  private mapPath(pkt: NftTracedPacket): KernelStep[] {
    const steps: KernelStep[] = [];
    for (const e of pkt.events) {
      if (e.table.endsWith(` ${TRACE_TABLE}`)) continue;
      const verdict = e.verdict.toUpperCase();
      if (e.type !== 'rule') {
        const kind = e.type === 'policy' ? 'policy' : 'return';
        steps.push({ table: e.table, chain: e.chain, line: 0, kind, verdict, text: '' });
        continue;
      }
      const rule = this.handles.get(`${e.table}#${e.handle}`);
      steps.push({
        table: e.table,
        chain: e.chain,
        line: rule?.line ?? -1,
        kind: 'rule',
        verdict,
        text: e.text,
      });
    }
    return steps;
  }

  async stop(): Promise<void> {
    for (const a of this.agents.values()) a.stop();
    for (const m of this.monitors) m.stop();
    await destroyTopology(this.topology);
    if (this.exitHook) process.off('exit', this.exitHook);
  }
}

/**
 * On IPv6 the first connection from outside was sometimes lost before the node's PREROUTING (no
 * trace line, the client timed out) in full-suite runs. Lab set-up, not a scenario: one echo each
 * way over the external link lets neighbour discovery finish before any traced packet is sent.
 */
async function resolveNeighbours(topology: Topology): Promise<void> {
  const { nodeIp, extGateway } = topology.plan;
  await run('ip', ['netns', 'exec', topology.ext, 'ping', '-6', '-c', '1', '-W', '2', nodeIp]);
  await run('ip', ['netns', 'exec', topology.node, 'ping', '-6', '-c', '1', '-W', '2', extGateway]);
}
