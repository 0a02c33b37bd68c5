import { parseIptablesSave } from '../../core/iptables';
import { lowerToRuleset } from '../../core/lower';
import type { Ruleset } from '../../core/ruleset';
import type { Packet } from '../../core/trace';
import { compileRuleset, simulate, trace } from '../../core/trace';
import { generateIptablesSave } from '../../sim/generate';
import { randomClusterSpec } from '../../sim/randomSpec';
import { readyEndpoint, serviceSpec } from '../../sim/spec';
import { simulateCounts } from '../../workers/queries';
import { type BenchSection, median } from './types';

const load = (text: string): Ruleset => lowerToRuleset(parseIptablesSave(text).result).result;

/** ClusterIP packets for up to `n` Services spread over nat KUBE-SERVICES. */
function servicePackets(ruleset: Ruleset, n: number): Packet[] {
  const rules = ruleset.tables.nat?.chains['KUBE-SERVICES']?.rules ?? [];
  const out: Packet[] = [];
  const step = Math.max(1, Math.floor(rules.length / n));
  for (let i = 0; i < rules.length && out.length < n; i += step) {
    const r = rules[i];
    const dst = r?.matches.find((m) => m.kind === 'addr' && m.dir === 'dst');
    const port = r?.matches.find((m) => m.kind === 'port' && m.dir === 'dst');
    const proto = r?.matches.find((m) => m.kind === 'proto');
    if (dst?.kind !== 'addr' || port?.kind !== 'port' || proto?.kind !== 'proto') continue;
    out.push({
      origin: 'pod',
      src: '10.0.0.2',
      dst: dst.cidr.address,
      proto: proto.proto.toLowerCase() as Packet['proto'],
      sport: 40000,
      dport: port.range.from,
    });
  }
  return out;
}

const fmt = (ms: number) => `${ms.toFixed(3).padStart(9)} ms`;

/**
 * Tracer figures: compile (index build) and per-packet trace medians on a large dump (the given
 * text, else a generated 10,000-Service cluster), and simulate throughput on a 5-endpoint Service.
 * Returns the lines (the bench runner prints them); speed is reported, never asserted.
 */
async function benchTrace(text?: string): Promise<string[]> {
  const lines: string[] = [];
  const dump =
    text ??
    generateIptablesSave(randomClusterSpec({ services: 10_000, seed: 1 }), { flavour: 'iptables-save' });
  const ruleset = load(dump);
  const env = { localAddresses: ['192.168.0.2'] };
  const t0 = performance.now();
  compileRuleset(ruleset);
  lines.push(`trace compile         ${fmt(performance.now() - t0)}   (index built once per Ruleset)`);
  const packets = servicePackets(ruleset, 1000);
  for (const p of packets.slice(0, 50)) trace(ruleset, p, env);
  const times: number[] = [];
  const cpu: number[] = [];
  let outcomes = 0;
  for (const p of packets) {
    const c = process.cpuUsage();
    const s = performance.now();
    outcomes += trace(ruleset, p, env).outcomes.length;
    times.push(performance.now() - s);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  if (times.length > 0) {
    lines.push(
      `trace (pod→ClusterIP) ${fmt(median(times))}   median wall (${median(cpu).toFixed(3)} ms CPU) of ${times.length} Services, ${outcomes} outcomes`,
    );
  }
  const svc = serviceSpec({
    namespace: 'bench',
    name: 'five',
    clusterIP: '172.30.9.9',
    ports: [{ name: 'http', port: 80, protocol: 'TCP', nodePort: null, targetPort: 8080 }],
    endpoints: [1, 2, 3, 4, 5].map((i) => readyEndpoint(`10.180.9.${i}`, null)),
  });
  const small = load(
    generateIptablesSave(
      { ...randomClusterSpec({ services: 0, seed: 1 }), services: [svc] },
      { flavour: 'iptables-save' },
    ),
  );
  const packet: Packet = {
    origin: 'pod',
    src: '10.0.0.2',
    dst: '172.30.9.9',
    proto: 'tcp',
    sport: null,
    dport: 80,
  };
  for (const keepPaths of [false, true]) {
    const n = keepPaths ? 50_000 : 200_000;
    simulate(small, packet, env, { connections: 2000, seed: 1, keepPaths });
    const c = process.cpuUsage();
    const s = performance.now();
    const r = simulate(small, packet, env, { connections: n, seed: 1, keepPaths });
    const ms = performance.now() - s;
    const used = process.cpuUsage(c);
    const cpuMs = (used.user + used.system) / 1000;
    lines.push(
      `simulate (5 endpoints) ${((n / ms) * 1000).toFixed(0).padStart(9)} conn/s wall, ${((n / cpuMs) * 1000).toFixed(0)} conn/s CPU  (${n} connections, keepPaths ${keepPaths}, ${Object.keys(r.endpointCounts).length} endpoints hit)`,
    );
  }
  // "Send 1000" as the worker answers it: counts after each chunk of 100 (simulateCounts continues
  // the seeded run between chunks instead of starting again at connection 0).
  for (const total of [1000, 10_000]) {
    const p = { ...packet };
    const c = process.cpuUsage();
    const s = performance.now();
    for (let done = 0; done < total; ) {
      done = Math.min(total, done + 100);
      simulateCounts(small, p, env, done, 1);
    }
    const ms = performance.now() - s;
    const used = process.cpuUsage(c);
    lines.push(
      `simulate in chunks    ${fmt(ms)}   wall (${((used.user + used.system) / 1000).toFixed(1)} ms CPU) for ${total} connections asked 100 at a time, as "Send ${total}" asks the worker`,
    );
  }
  return lines;
}

/** The same figures as a section of `npm run bench` (on the runner's generated dump). */
export const traceSection: BenchSection = {
  name: 'trace + simulate',
  async run(ctx) {
    for (const line of await benchTrace(ctx.text)) ctx.log(line);
  },
};
