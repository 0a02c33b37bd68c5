import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * A long-running monitor (`xtables-monitor --trace`, `conntrack -E`) inside a namespace, whose
 * output lines are handed to `onLine` as they arrive. `stdbuf -oL` because conntrack writes through
 * stdio and a pipe would otherwise be block-buffered (xtables-monitor fflush()es itself).
 */
export class LineMonitor {
  private readonly child: ChildProcess;
  private waiters: { pred: () => boolean; resolve: () => void }[] = [];
  exited: string | null = null;
  stderr = '';

  constructor(
    readonly label: string,
    ns: string,
    argv: readonly string[],
    private readonly onLine: (line: string) => void,
  ) {
    this.child = spawn('ip', ['netns', 'exec', ns, 'stdbuf', '-oL', ...argv], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stderr!.on('data', (d: Buffer) => {
      this.stderr += d.toString();
    });
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      this.onLine(line);
      this.check();
    });
    this.child.on('exit', (code, signal) => {
      // xtables-monitor exits on ENOBUFS ("cannot receive from nfnetlink socket") when it falls behind.
      this.exited = `${label} exited (${code ?? signal}): ${this.stderr.trim()}`;
      this.check();
    });
  }

  private check() {
    this.waiters = this.waiters.filter((w) => {
      if (w.pred() || this.exited) {
        w.resolve();
        return false;
      }
      return true;
    });
  }

  /** Resolves once `pred()` holds after some line; rejects when the monitor exits or after `timeoutMs`. */
  async waitFor(pred: () => boolean, timeoutMs: number, what: string): Promise<void> {
    if (!pred()) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${this.label}: no ${what} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        this.waiters.push({
          pred,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    }
    if (this.exited && !pred()) throw new Error(this.exited);
  }

  stop(): void {
    if (this.exited === null) this.child.kill('SIGTERM');
  }
}

/**
 * One conntrack tuple direction. ICMP has no ports: its echo identifier stands in as the
 * requester's port (orig.sport, reply.dport) and the other port is 0, so a tuple reads like UDP's.
 */
export interface Tuple {
  readonly src: string;
  readonly dst: string;
  readonly sport: number;
  readonly dport: number;
}

/** A `[NEW]` conntrack event: the original tuple and the reply tuple that NAT produced. */
export interface ConntrackEntry {
  readonly proto: string;
  readonly orig: Tuple;
  readonly reply: Tuple;
}

/**
 * Parses `conntrack -E -o extended` lines such as
 * `[NEW] ipv4 2 tcp 6 120 SYN_SENT src=A dst=B sport=1 dport=2 [UNREPLIED] src=C dst=D sport=3 dport=4`
 * or `[NEW] ipv4 2 icmp 1 30 src=A dst=B type=8 code=0 id=7 [UNREPLIED] src=B dst=A type=0 code=0 id=7`.
 * The reply tuple is what the kernel expects back: reply.src:reply.sport ≠ orig.dst:orig.dport means
 * DNAT, reply.dst ≠ orig.src means SNAT/MASQUERADE (nf_nat_core.c rewrites the reply tuple).
 */
export function parseConntrackEvent(line: string): ConntrackEntry | null {
  if (!line.includes('[NEW]')) return null;
  const proto = /\b(tcp|udp|sctp|icmp)\b/.exec(line)?.[1];
  const vals = (k: string) => [...line.matchAll(new RegExp(`\\b${k}=(\\S+)`, 'g'))].map((m) => m[1]!);
  const [src, dst] = [vals('src'), vals('dst')];
  let [sport, dport] = [vals('sport'), vals('dport')];
  if (proto === 'icmp') {
    const id = vals('id');
    if (id.length < 2) return null;
    [sport, dport] = [
      [id[0]!, '0'],
      ['0', id[1]!],
    ];
  }
  if (!proto || src.length < 2 || dst.length < 2 || sport.length < 2 || dport.length < 2) return null;
  const t = (i: number): Tuple => ({
    src: src[i]!,
    dst: dst[i]!,
    sport: Number(sport[i]),
    dport: Number(dport[i]),
  });
  return { proto, orig: t(0), reply: t(1) };
}
