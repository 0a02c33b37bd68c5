import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../fixtures';
import { runCli } from './memoryIo';

/**
 * The package's bin as `prepare` builds it (vite.cli.config.ts), built afresh into a temporary
 * directory outside the checkout: there is no node_modules above it, so it must run on its own,
 * as it does from a packed tarball.
 */
let dir = '';
let bin = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kpe-bin-'));
  const vite = join('node_modules', 'vite', 'bin', 'vite.js');
  const built = spawnSync(
    process.execPath,
    [vite, 'build', '--config', 'vite.cli.config.ts', '--outDir', dir],
    {
      encoding: 'utf8',
    },
  );
  expect(built.stderr).not.toMatch(/error/i);
  expect(built.status).toBe(0);
  bin = join(dir, 'kube-proxy-explorer.mjs');
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const run = (args: readonly string[], input?: string) =>
  spawnSync(bin, args, { input, encoding: 'utf8', maxBuffer: 1 << 26 });

const dump = fixturePath('iptables/k8s-overall-rules.iptables-save.txt');

describe('the built bin', () => {
  it('is an executable ES module with a shebang', () => {
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(statSync(bin).mode & 0o111).not.toBe(0);
  });

  it('holds no React, Monaco or elkjs', () => {
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    expect(files.length).toBeGreaterThan(1);
    for (const f of files) {
      const code = readFileSync(join(f.parentPath, f.name), 'utf8');
      expect(code).not.toContain('Symbol.for("react.');
      expect(code).not.toContain('Cannot construct an ELK');
      expect(code).not.toMatch(/from "(react|react-dom|monaco-editor|elkjs|@xyflow\/react)[/"]/);
    }
  });

  it('prints what the CLI prints in-process (parse, trace, services), piped', async () => {
    const kubectl = fixturePath('kubectl/overall-get-svc-ep-A.txt');
    for (const argv of [
      ['parse', dump],
      ['trace', dump, '--from', 'pod', '--src', '10.0.0.2', '--dst', '172.30.0.44', '--dport', '80'],
      ['services', kubectl, '--iptables', dump],
    ]) {
      const child = run(argv);
      const inProcess = await runCli(argv);
      expect(child.stdout).toBe(inProcess.stdout);
      expect(child.status).toBe(inProcess.code);
    }
  });

  it('reads stdin, prints text on --text and sets the exit codes', () => {
    const garbage = '\uFEFF*filter\r:INPUT ACCEPT [0:0]\r-A INPUT -j\rthis is garbage\r';
    const bad = run(['parse', '-', '--text'], garbage);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('<stdin>:4:1: error: ');
    const usage = run(['frobnicate']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('unknown command');
    expect(run(['gen', '--services', '3', '--seed', '1']).stdout).toMatch(/^-A KUBE-SERVICES /m);
  });

  it('stops quietly when the reader of its output goes away (`| head`)', () => {
    // A 300-Service dump is megabytes: far more than a pipe buffer, so writes hit the closed pipe.
    const piped = spawnSync('sh', ['-c', `"${bin}" gen --services 300 --seed 1 | head -c 1`], {
      encoding: 'utf8',
    });
    expect(piped.stdout).toBe('#');
    expect(piped.stderr).toBe('');
  });
});
