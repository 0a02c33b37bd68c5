import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { traceTexts } from '../../core/analyze';
import { openLazyRuleset, scanIptablesSave } from '../../core/lazy';
import type { Packet } from '../../core/trace';
import { trace } from '../../core/trace';
import { type BenchSection, fmtMs, median, timeMedian } from './types';

/** A ClusterIP packet for the Service of the `n`-th `-d … --dport` rule of nat KUBE-SERVICES. */
function clusterIpPacket(text: string, n: number): Packet | null {
  const re =
    /^-A KUBE-SERVICES -d (\d+\.\d+\.\d+\.\d+)\/32 -p (tcp|udp|sctp) .*? --dport (\d+) -j KUBE-SVC-/gm;
  let m: RegExpExecArray | null = null;
  for (let i = 0; i <= n; i++) {
    const next = re.exec(text);
    if (next === null) break;
    m = next;
  }
  if (m === null) return null;
  return {
    origin: 'pod',
    src: '10.0.0.2',
    dst: m[1] as string,
    proto: m[2] as Packet['proto'],
    sport: 40000,
    dport: Number(m[3]),
  };
}

const times = (ms: number, floor: number) => `${(ms / floor).toFixed(1)}× split`;

/** Median CPU milliseconds (user + system) of `runs` calls: steadier than wall time on a busy machine. */
function cpuMedian(runs: number, fn: () => unknown): number {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    fn();
    const u = process.cpuUsage(c);
    ms.push((u.user + u.system) / 1000);
  }
  return median(ms);
}

/**
 * Paste → first trace (core/lazy): the scan alone, then scan + read + trace of one ClusterIP
 * packet (a fresh text each run, so nothing is cached), both against `split('\n')`; the heap the
 * lazy form keeps after that trace; and `cli trace` as a whole process against
 * `iptables-restore --test`. Reported, never asserted.
 */
export const lazySection: BenchSection = {
  name: 'first trace (lazy)',
  run(ctx) {
    const { text, runs, log } = ctx;
    const split = timeMedian(runs, () => text.split('\n').length);
    const scan = timeMedian(runs, () => scanIptablesSave(text));
    const splitCpu = cpuMedian(runs, () => text.split('\n').length);
    const scanCpu = cpuMedian(runs, () => scanIptablesSave(text));
    log(`text.split('\\n')      ${fmtMs(split.ms)}   (floor; ${splitCpu.toFixed(0)} ms CPU)`);
    log(
      `lazy scan             ${fmtMs(scan.ms)}   ${times(scan.ms, split.ms)}, CPU ${times(scanCpu, splitCpu)} (${scan.result.ok ? 'taken' : scan.result.reason})`,
    );
    const packet = clusterIpPacket(text, 5000) ?? clusterIpPacket(text, 0);
    if (packet === null) {
      log('first trace           skipped (no ClusterIP rule in nat KUBE-SERVICES)');
      return;
    }
    const env = { localAddresses: ['192.168.0.2'] };
    // Each run opens the text afresh (caches are per opened Ruleset): nothing of a previous run helps.
    const first = timeMedian(runs, () => traceTexts({ iptables: text, packet, env }));
    const r = first.result;
    const firstCpu = cpuMedian(runs, () => traceTexts({ iptables: text, packet, env }));
    log(
      `first trace           ${fmtMs(first.ms)}   ${times(first.ms, split.ms)}, CPU ${times(firstCpu, splitCpu)} (${r.lazy ? 'lazy' : `full: ${r.fullReason}`}; read ${r.read.rules} of ${r.read.of} rules, ${r.trace.outcomes.length} outcomes, ${packet.dst}:${packet.dport})`,
    );

    if (ctx.gc !== null) {
      ctx.gc();
      const before = process.memoryUsage().heapUsed;
      const opened = openLazyRuleset(text);
      if ('ruleset' in opened) trace(opened.ruleset, packet, env);
      ctx.gc();
      const kept = process.memoryUsage().heapUsed - before;
      log(
        `retained heap (lazy)  ${(kept / 1e6).toFixed(1).padStart(7)} MB   ${(kept / Buffer.byteLength(text)).toFixed(2)}× the text (scan + what the trace read${'ruleset' in opened ? '' : ', not taken'})`,
      );
    }

    // Whole process: `cli trace` through tsx (the bundled bin, when there is one, starts faster).
    const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
    const tsx = join(root, 'node_modules/.bin/tsx');
    if (!existsSync(tsx)) return;
    const args = [join(root, 'src/cli/main.ts'), 'trace', ctx.file, '--from', 'pod', '--src', packet.src];
    args.push('--dst', packet.dst, '--dport', String(packet.dport), '--proto', packet.proto);
    const wall: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const res = spawnSync(tsx, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
      wall.push(performance.now() - start);
      if (res.status !== 0 && res.status !== 1) {
        log(`cli trace (process)   failed (exit ${res.status}): ${(res.stderr ?? '').trim().split('\n')[0]}`);
        return;
      }
    }
    log(
      `cli trace (process)   ${fmtMs(median(wall))}   (tsx src/cli/main.ts trace …; compare iptables-restore --test below)`,
    );
  },
};
