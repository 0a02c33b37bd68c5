import { readFileSync } from 'node:fs';
import type { CliIo } from '../../src/cli/io';
import { main } from '../../src/cli/main';

/** The result of one in-process CLI run. */
export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly files: Map<string, string>;
}

/**
 * Runs `main` with captured output; `stdin` answers `-`, real files are read from disk.
 * `terminal` makes stdout look like a terminal (text mode); by default it is a pipe (JSON).
 */
export async function runCli(argv: readonly string[], stdin = '', terminal = false): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const files = new Map<string, string>();
  const io: CliIo = {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    readFile: async (path) => (path === '-' ? stdin : readFileSync(path, 'utf8')),
    writeFile: async (path, text) => {
      files.set(path, text);
    },
    isTerminal: terminal,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr, files };
}

export interface JsonDiagnostic {
  severity: string;
  code: string;
  line: number;
  column: number;
}
