import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Command } from './args';
import { type CliIo, processIo, UsageError } from './io';

/**
 * A command's name and summary; its module is loaded only when it runs, so `cli parse` compiles
 * the iptables reader and not the tracer, the kubectl readers or the generator (Node compiles
 * every byte it imports: a 3 kB parse is mostly start-up).
 */
export interface CommandEntry {
  readonly name: string;
  readonly summary: string;
  load(): Promise<Command>;
}

/** The CLI's commands (`npx kube-proxy-explorer <command> …`, `npm run --silent cli -- <command> …`). */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'parse',
    summary: 'parse an iptables-save dump and list its tables, chains and diagnostics',
    load: async () => (await import('./commands/parse')).parseCommand,
  },
  {
    name: 'services',
    summary: 'describe the Services of kubectl output (with --iptables: their chains)',
    load: async () => (await import('./commands/services')).servicesCommand,
  },
  {
    name: 'trace',
    summary: 'send a packet through a dump and print its outcomes (and a sampled simulation)',
    load: async () => (await import('./commands/trace')).traceCommand,
  },
  {
    name: 'compare',
    summary: 'compare two dumps of one cluster Service by Service (iptables vs nftables, upgrades)',
    load: async () => (await import('./commands/compare')).compareCommand,
  },
  {
    name: 'gen',
    summary: 'generate a kube-proxy dump (and kubectl output) for a seeded random cluster',
    load: async () => (await import('./commands/gen')).genCommand,
  },
];

const HELP = `Usage: cli <command> [options]
       (npx kube-proxy-explorer <command> …; in a checkout also npm run --silent cli -- <command> …)

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(10)}${c.summary}`).join('\n')}

Run \`cli <command> --help\` for a command's options. Files are read as UTF-8 (a BOM is dropped;
CRLF and CR line ends read as LF, as in the app's editor); "-" reads stdin.
JSON when stdout is a pipe or a file, a readable summary at a terminal (--json / --text force either).
Exit codes: 0 ok, 1 the input has error diagnostics (JSON still printed), 2 usage error.
`;

/**
 * Runs the CLI with `argv` (without node and script) against `io`; resolves to the exit code
 * (0 ok, 1 error diagnostics, 2 usage). Never throws: unexpected failures print to stderr, code 2.
 */
export async function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(HELP);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  try {
    if (!command) throw new UsageError(`unknown command "${name}"`);
    return await (await command.load()).run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(
        `cli${command ? ` ${command.name}` : ''}: ${error.message}\n${command ? `Run \`cli ${command.name} --help\`.` : HELP}\n`,
      );
      return 2;
    }
    io.stderr(
      `cli: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return 2;
  }
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  // `… | head`: the reader has gone; stop quietly, as tools killed by SIGPIPE do, instead of an
  // unhandled EPIPE stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
