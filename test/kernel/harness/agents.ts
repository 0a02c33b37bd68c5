import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const AGENT = join(dirname(fileURLToPath(import.meta.url)), 'agent.mjs');

/** What the harness sends: a TCP connection, a UDP datagram, or one ICMP echo request (`ping`). */
export type Proto = 'tcp' | 'udp' | 'icmp';

/**
 * One connection attempt as the agent makes it (source address and port chosen by the harness). For
 * `icmp`, `sport` is the echo identifier and `dport` is 0 (unused).
 */
export interface ConnectRequest {
  readonly proto: Proto;
  readonly dst: string;
  readonly dport: number;
  readonly src: string | null;
  readonly sport: number;
  readonly timeoutMs: number;
}

/** What the server that answered wrote: its namespace's name, the address it was reached on, the peer it saw. */
export interface ServerReply {
  readonly name: string;
  readonly local: string;
  readonly peer: string;
}

/** How the attempt ended, from the client's side (the kernel's verdict as a socket sees it). */
export type ConnectResult =
  | { readonly kind: 'reply'; readonly reply: ServerReply }
  | { readonly kind: 'refused' | 'unreachable' | 'timeout' | 'error'; readonly code?: string };

/** A long-lived `node agent.mjs` inside one namespace: listeners plus a client driven over stdin. */
export interface Agent {
  readonly ns: string;
  connect(req: ConnectRequest): Promise<ConnectResult>;
  stop(): void;
}

/**
 * Starts the agent in `ns` listening on `listen` (`tcp:80`, `udp:53`) and resolves once it printed its
 * ready line (every socket bound), or rejects with its output when it exits first or after 60 s (a
 * safety net: ten Node processes starting at once on a loaded 2-core machine took over 15 s).
 */
export function startAgent(ns: string, name: string, listen: readonly string[]): Promise<Agent> {
  const child: ChildProcessWithoutNullStreams = spawn(
    'ip',
    ['netns', 'exec', ns, process.execPath, AGENT, name, listen.join(',')],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const pending = new Map<number, (r: ConnectResult) => void>();
  let nextId = 1;
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise<Agent>((resolve, reject) => {
    const timer = setTimeout(() => fail('no ready line within 60 s'), 60_000);
    function fail(why: string) {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`agent ${name} in ${ns}: ${why}\n${stderr}`));
    }
    child.on('exit', (code) => {
      for (const done of pending.values()) done({ kind: 'error', code: `agent exited ${code}` });
      pending.clear();
      fail(`exited with ${code}`);
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      const msg = JSON.parse(line) as { kind: string; id?: number } & Record<string, unknown>;
      if (msg.kind === 'ready') {
        clearTimeout(timer);
        resolve({
          ns,
          connect(req) {
            const id = nextId++;
            return new Promise<ConnectResult>((done) => {
              pending.set(id, done);
              child.stdin.write(`${JSON.stringify({ id, ...req })}\n`);
            });
          },
          stop() {
            child.stdin.end();
            child.kill('SIGTERM');
          },
        });
      } else if (msg.kind === 'fatal') {
        fail(String(msg.message));
      } else if (msg.id !== undefined) {
        const done = pending.get(msg.id);
        pending.delete(msg.id);
        done?.(msg as unknown as ConnectResult);
      }
    });
  });
}
