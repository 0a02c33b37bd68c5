import { type Agent, type ConnectResult, type Proto, startAgent } from './agents';
import { nsRun } from './exec';
import { type ConntrackEntry, LineMonitor, parseConntrackEvent } from './monitors';
import { ctKey, readRecentLists, syncDestroy } from './nodeState';
import {
  type DumpRule,
  handleToPlace,
  indexDump,
  insertTraceRules,
  kernelHandles,
  loadRules,
  placeKey,
  type RulePlace,
} from './ruleLoad';
import { createTopology, destroyTopology, type Topology, type TopologyPlan } from './topology';
import { type TracedPacket, TraceLog } from './traceParse';

/** Who sends: an external client (source on the ext namespace), a node process, or a pod by its IP. */
export type Client =
  | { kind: 'external'; src: string }
  | { kind: 'host'; src: string | null }
  | { kind: 'pod'; ip: string };

/** One matched rule (or policy) as the kernel reported it, mapped back to the dump. */
export interface KernelStep {
  readonly table: string;
  readonly chain: string;
  /** 1-based dump line; 0 for a policy or an implicit return. */
  readonly line: number;
  readonly kind: 'rule' | 'policy' | 'return';
  readonly verdict: string;
  readonly text: string;
}

export interface Observation {
  readonly client: Client;
  readonly proto: Proto;
  readonly src: string;
  /** The source port; for `icmp` the echo identifier (conntrack's `id=`). */
  readonly sport: number;
  readonly dst: string;
  /** The destination port; 0 for `icmp`. */
  readonly dport: number;
  readonly result: ConnectResult;
  /** The `[NEW]` conntrack event (absent when the first packet was dropped/rejected before confirm). */
  readonly conntrack: ConntrackEntry | null;
  /** The kernel's path for the first packet (traced connections only). */
  readonly path: readonly KernelStep[] | null;
  /** The kernel's `recent` lists just before a traced connection (list → address → age 0). */
  readonly recent: Readonly<Record<string, Readonly<Record<string, number>>>> | null;
}

/** Traced source ports (TRACE rules match them); bulk connections use 20000–39999, untraced. */
const TRACED = { from: 40000, to: 49999 };
const BULK = { from: 20000, to: 39999 };
const FENCE_PORT = 9;

/**
 * The kernel referee: a topology with the dump loaded in the node namespace, an agent per namespace,
 * `xtables-monitor --trace` and `conntrack -E` running in the node namespace.
 */
export class KernelLab {
  private tracedPort = TRACED.from;
  private bulkPort = BULK.from;
  private readonly log = new TraceLog();
  private readonly ct = new Map<string, ConntrackEntry>();
  private places = new Map<string, RulePlace>();
  private readonly monitors: LineMonitor[] = [];
  private readonly agents = new Map<string, Agent>();
  readonly dumpRules: Map<string, DumpRule>;
  packets = 0;
  private exitHook: (() => void) | null = null;

  private constructor(
    readonly topology: Topology,
    readonly dump: string,
  ) {
    this.dumpRules = indexDump(dump);
  }

  /**
   * Builds everything; `listen` maps a pod IP (or `'node'`) to its listeners (`tcp:80`, `udp:53`);
   * `ipsets` is `ipset restore` input loaded in the node namespace before the rules (a `--match-set`
   * rule needs its set). On failure everything made so far is removed before the error propagates.
   */
  static async start(
    plan: TopologyPlan,
    dump: string,
    listen: ReadonlyMap<string, readonly string[]>,
    options: { readonly ipsets?: string } = {},
  ) {
    const topology = await createTopology(plan);
    const lab = new KernelLab(topology, dump);
    lab.exitHook = () => syncDestroy(topology);
    process.once('exit', lab.exitHook);
    try {
      if (options.ipsets !== undefined)
        await nsRun(topology.node, 'ipset', ['restore'], { input: options.ipsets });
      await loadRules(topology.node, dump);
      const before = new Set((await kernelHandles(topology.node)).keys());
      await insertTraceRules(topology.node, `${TRACED.from}:${TRACED.to}`);
      const handles = await kernelHandles(topology.node);
      lab.places = handleToPlace(handles, new Set([...handles.keys()].filter((k) => !before.has(k))));
      lab.monitors.push(
        new LineMonitor('xtables-monitor', topology.node, ['xtables-monitor', '--trace'], (l) =>
          lab.log.push(l),
        ),
      );
      lab.monitors.push(
        new LineMonitor(
          'conntrack',
          topology.node,
          ['conntrack', '-E', '-e', 'NEW', '-o', 'extended'],
          (l) => {
            const e = parseConntrackEvent(l);
            if (e) lab.ct.set(ctKey(e.proto, e.orig.src, e.orig.sport, e.orig.dst, e.orig.dport), e);
          },
        ),
      );
      const starting: Promise<void>[] = [];
      const add = (key: string, ns: string, specs: readonly string[]) =>
        starting.push(startAgent(ns, key, specs).then((a) => void lab.agents.set(key, a)));
      add('node', topology.node, listen.get('node') ?? []);
      add('ext', topology.ext, []);
      topology.podNamespaces.forEach((ns, i) => {
        // Bound to each pod address: a UDP reply must leave from the address the datagram was DNATed
        // to, or conntrack cannot match it to the connection (and one namespace holds many pods).
        const specs = plan.pods[i]!.flatMap((ip) =>
          (listen.get(ip) ?? []).map((l) => l.replace(':', `:${ip}:`)),
        );
        add(ns, ns, specs);
      });
      await Promise.all(starting);
      await lab.fence(); // both monitors are subscribed once the first fence shows up in both
      return lab;
    } catch (err) {
      await lab.stop();
      throw err;
    }
  }

  private agentFor(c: Client): { agent: Agent; src: string } {
    const plan = this.topology.plan;
    if (c.kind === 'external') return { agent: this.agents.get('ext')!, src: c.src };
    if (c.kind === 'host') return { agent: this.agents.get('node')!, src: c.src ?? plan.nodeIp };
    const ns = this.topology.pods.get(c.ip);
    if (!ns) throw new Error(`no pod namespace holds ${c.ip}`);
    return { agent: this.agents.get(ns)!, src: c.ip };
  }

  /**
   * A traced UDP datagram from the node to 127.0.0.1:9: netlink delivers a socket's messages in
   * order, so once this packet's trace and conntrack events are read, every earlier one is too.
   */
  async fence(): Promise<void> {
    const sport = this.tracedPort++;
    const node = this.agents.get('node') as Agent;
    await node.connect({
      proto: 'udp',
      dst: '127.0.0.1',
      dport: FENCE_PORT,
      src: '127.0.0.1',
      sport,
      timeoutMs: 2000,
    });
    const [trace, ct] = this.monitors as [LineMonitor, LineMonitor];
    await trace.waitFor(
      () => this.log.find('127.0.0.1', sport, '127.0.0.1', FENCE_PORT) !== undefined,
      10_000,
      'fence trace',
    );
    await ct.waitFor(
      () => this.ct.has(ctKey('udp', '127.0.0.1', sport, '127.0.0.1', FENCE_PORT)),
      10_000,
      'fence conntrack event',
    );
  }

  /**
   * One connection whose first packet is traced; serialised (xtables-monitor drops events under load).
   * An ICMP echo (`proto: 'icmp'`, one `ping` with the next traced number as its identifier) is found
   * in the trace by its addresses among the packets seen since it was sent: xtables-monitor prints no
   * ICMP header fields, and every echo request is traced (insertTraceRules).
   */
  async traced(
    client: Client,
    proto: Proto,
    dst: string,
    dport: number,
    timeoutMs = proto === 'icmp' ? 1000 : 1500,
  ): Promise<Observation> {
    const { agent, src } = this.agentFor(client);
    const sport = this.tracedPort++;
    if (sport > TRACED.to) throw new Error('traced source ports exhausted');
    const recent = await readRecentLists(this.topology.node);
    const mark = this.log.packets.size;
    const result = await agent.connect({ proto, dst, dport, src, sport, timeoutMs });
    await this.fence();
    this.packets++;
    const conntrack = this.conntrackOf(proto, src, sport, dst, dport);
    const port = (n: number) => (proto === 'icmp' ? null : n);
    const pkt = this.log.find(src, port(sport), dst, port(dport), mark);
    let path: KernelStep[] = [];
    if (pkt) {
      const natted = conntrack
        ? ([
            [
              conntrack.reply.dst,
              port(conntrack.reply.dport),
              conntrack.reply.src,
              port(conntrack.reply.sport),
            ],
          ] as const)
        : [];
      const next = this.log.continuation(pkt, [[src, port(sport), dst, port(dport)], ...natted]);
      path = [...this.mapPath(pkt), ...(next ? this.mapPath(next) : [])];
    }
    return { client, proto, src, sport, dst, dport, result, conntrack, path, recent };
  }

  /**
   * `n` untraced connections with at most `concurrency` in flight; conntrack events still recorded.
   * Not for ICMP: every echo request is traced.
   */
  async bulk(
    client: Client,
    proto: Proto,
    dst: string,
    dport: number,
    n: number,
    concurrency = 16,
    timeoutMs = 1500,
  ) {
    if (proto === 'icmp') throw new Error('bulk ICMP echoes would all be traced: use traced()');
    const { agent, src } = this.agentFor(client);
    const out: Observation[] = [];
    const one = async () => {
      const sport = this.bulkPort++;
      if (sport > BULK.to) throw new Error('bulk source ports exhausted');
      const result = await agent.connect({ proto, dst, dport, src, sport, timeoutMs });
      out.push({ client, proto, src, sport, dst, dport, result, conntrack: null, path: null, recent: null });
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(concurrency, n) }, async () => {
        while (next++ < n) await one();
      }),
    );
    await this.fence();
    this.packets += n;
    return out.map((o) => ({ ...o, conntrack: this.conntrackOf(proto, o.src, o.sport, dst, dport) }));
  }

  private conntrackOf(proto: string, src: string, sport: number, dst: string, dport: number) {
    return this.ct.get(ctKey(proto, src, sport, dst, dport)) ?? null;
  }

  private mapPath(pkt: TracedPacket): KernelStep[] {
    const steps: KernelStep[] = [];
    for (const e of pkt.events) {
      if (e.type !== 'rule') {
        steps.push({ table: e.table, chain: e.chain, line: 0, kind: e.type, verdict: e.verdict, text: '' });
        continue;
      }
      const place = this.places.get(`${e.table}#${e.handle}`);
      if (!place) continue; // the harness's own TRACE rule
      const rule = this.dumpRules.get(placeKey(place));
      steps.push({
        table: e.table,
        chain: e.chain,
        line: rule?.line ?? -1,
        kind: 'rule',
        verdict: e.verdict,
        text: e.text,
      });
    }
    return steps;
  }

  /** Stops agents and monitors and deletes every namespace; never throws. */
  async stop(): Promise<void> {
    for (const a of this.agents.values()) a.stop();
    for (const m of this.monitors) m.stop();
    await destroyTopology(this.topology);
    if (this.exitHook) process.off('exit', this.exitHook);
  }
}
