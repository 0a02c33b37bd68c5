import { spawn } from 'node:child_process';

/** What a finished command returned. */
export interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `cmd args…` to completion (no shell), with an optional stdin text and a safety-net timeout.
 * Never throws for a non-zero exit: returns `{ code, stdout, stderr }` (code `null` when killed).
 */
export function run(cmd: string, args: readonly string[], opts: { input?: string; timeoutMs?: number } = {}) {
  return new Promise<RunResult>((resolve) => {
    const child = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 30_000);
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: -1, stdout, stderr: `${stderr}${String(err)}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    // A tool that exits without reading stdin (`--version`) closes the pipe: ignore EPIPE.
    child.stdin.on('error', () => {});
    child.stdin.end(opts.input ?? '');
  });
}

/** Like {@link run} but throws with the command line and stderr when the exit code is not 0. */
export async function runOk(
  cmd: string,
  args: readonly string[],
  opts: { input?: string; timeoutMs?: number } = {},
): Promise<string> {
  const r = await run(cmd, args, opts);
  if (r.code !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} → exit ${r.code}\n${r.stderr.trim()}`);
  }
  return r.stdout;
}

/** `ip netns exec <ns> cmd args…` (throws on failure). */
export function nsRun(ns: string, cmd: string, args: readonly string[], opts: { input?: string } = {}) {
  return runOk('ip', ['netns', 'exec', ns, cmd, ...args], opts);
}
