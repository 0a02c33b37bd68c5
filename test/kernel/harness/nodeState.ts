import { execFileSync } from 'node:child_process';
import { nsRun } from './exec';
import type { Topology } from './topology';

/**
 * The xt_recent lists of the node namespace (/proc/net/xt_recent/<name>, one `src=<addr> ttl: …` line
 * per remembered address; the directory is per network namespace, net/netfilter/xt_recent.c). Ages
 * are reported as 0: the test runs for seconds and kube-proxy's affinity timeouts are minutes to hours.
 * Returns list → address → age, the shape of TraceEnv.recent.
 */
export async function readRecentLists(ns: string): Promise<Record<string, Record<string, number>>> {
  const script =
    'cd /proc/net/xt_recent 2>/dev/null && for f in *; do [ -f "$f" ] && sed "s|^|$f |" "$f"; done; true';
  const text = await nsRun(ns, 'sh', ['-c', script]);
  const out: Record<string, Record<string, number>> = {};
  for (const line of text.split('\n')) {
    const m = /^(\S+) src=(\S+)/.exec(line);
    if (m) out[m[1]!] = { ...(out[m[1]!] ?? {}), [m[2]!]: 0 };
  }
  return out;
}

/** The key conntrack events and connections are matched on (original direction). */
export function ctKey(proto: string, src: string, sport: number, dst: string, dport: number): string {
  return `${proto} ${src}:${sport}>${dst}:${dport}`;
}

/** Last-resort cleanup from a process 'exit' hook (only synchronous work is possible there). */
export function syncDestroy(t: Topology): void {
  for (const ns of [t.node, t.ext, ...t.podNamespaces]) {
    try {
      execFileSync('ip', ['netns', 'del', ns], { stdio: 'ignore' });
    } catch {
      // already gone
    }
  }
}
