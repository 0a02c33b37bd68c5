import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { restoreMedian } from './iptablesRestore';
import { type BenchContext, type BenchSection, fmtMs, median } from './types';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const BIN = join(ROOT, 'dist-cli/kube-proxy-explorer.mjs');
/** A complete kube-proxy dump of 3 kB (LoadBalancer, externalIP, NodePort). */
const SMALL_DUMP = join(ROOT, 'test/fixtures/iptables/k8s-lb-source-ranges-externalip-nodeport.txt');
/** Process starts timed per figure for the small figures (medians). */
const STARTS = 20;

/**
 * Whole-process figures of the built CLI (`dist-cli`, rebuilt first so the figures are of this
 * checkout): a 3 kB `parse` against a bare `node -e 0` (target ≤ 3×), and `parse` and a one-packet
 * `trace` of the bench dump against `iptables-restore --test` (targets ≤ 0.25× and ≤ 0.15×).
 * Output goes to /dev/null, so the CLI prints JSON as it does into any file or pipe.
 */
export const startupSection: BenchSection = {
  name: 'CLI as a process (dist-cli)',
  run(ctx) {
    const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
    const built = spawnSync(process.execPath, [vite, 'build', '--config', 'vite.cli.config.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (built.status !== 0 || !existsSync(BIN)) {
      ctx.log(`cli build             failed: ${(built.stderr || built.stdout).trim().split('\n')[0]}`);
      return;
    }
    const nul = openSync('/dev/null', 'w');
    try {
      const time = (args: readonly string[], n: number): number => {
        const times: number[] = [];
        for (let i = 0; i < n; i++) {
          const start = performance.now();
          const res = spawnSync(process.execPath, args, { stdio: ['ignore', nul, 'pipe'] });
          times.push(performance.now() - start);
          if (res.status !== 0 && res.status !== 1) throw new Error(`${args.join(' ')}: ${res.stderr}`);
        }
        return median(times);
      };
      const bare = time(['-e', '0'], STARTS);
      const small = time([BIN, 'parse', SMALL_DUMP], STARTS);
      ctx.log(`node -e 0             ${fmtMs(bare)}   (median of ${STARTS} starts)`);
      ctx.log(
        `cli parse (3 kB)      ${fmtMs(small)}   ${(small / bare).toFixed(2)}× node -e 0 (target ≤ 3×)`,
      );
      wholeDump(ctx, time);
    } finally {
      closeSync(nul);
    }
  },
};

function wholeDump(ctx: BenchContext, time: (args: readonly string[], n: number) => number): void {
  const packet = firstClusterIp(ctx.text);
  const restore = restoreMedian(ctx);
  const ratio = (ms: number, target: string) =>
    restore === null
      ? '(no iptables-restore figure)'
      : `${(ms / restore).toFixed(2)}× iptables-restore --test (target ≤ ${target})`;
  const parse = time([BIN, 'parse', ctx.file], ctx.runs);
  ctx.log(`cli parse (the dump)  ${fmtMs(parse)}   ${ratio(parse, '0.25×')}`);
  if (packet === null) {
    ctx.log('cli trace (1 packet)  skipped (no ClusterIP rule in KUBE-SERVICES)');
    return;
  }
  const args = ['trace', ctx.file, '--from', 'pod', '--src', '10.0.0.2', '--dst', packet.ip];
  args.push('--proto', packet.proto, '--dport', packet.port);
  const trace = time([BIN, ...args], ctx.runs);
  ctx.log(`cli trace (1 packet)  ${fmtMs(trace)}   ${ratio(trace, '0.15×')}`);
}

/** The first ClusterIP of nat KUBE-SERVICES, as kube-proxy writes it (proxier.go, "cluster IP"). */
function firstClusterIp(text: string): { ip: string; proto: string; port: string } | null {
  const m = /^-A KUBE-SERVICES -d ([0-9.]+)\/32 -p (tcp|udp|sctp) .*?--dport (\d+)/m.exec(text);
  return m ? { ip: m[1] as string, proto: m[2] as string, port: m[3] as string } : null;
}
