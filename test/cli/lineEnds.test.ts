import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../fixtures';
import { runCli } from './memoryIo';

/**
 * A dump saved on Windows (CRLF), by a classic-Mac tool (lone CR) or with a UTF-8 BOM reads as the
 * app reads it (src/cli/input.ts): the same JSON as the LF text, diagnostics' line:col included.
 */
const BOM = '\uFEFF';
const variants = (lf: string): [string, string][] => [
  ['CRLF', lf.replace(/\n/g, '\r\n')],
  ['CR only', lf.replace(/\n/g, '\r')],
  ['BOM + LF', BOM + lf],
  ['BOM + CRLF', BOM + lf.replace(/\n/g, '\r\n')],
  ['BOM + CR only', BOM + lf.replace(/\n/g, '\r')],
];

// A real dump with a broken rule and a stray line near the end: diagnostics at known lines.
const dump = `${readFileSync(fixturePath('iptables/k8s-overall-rules.iptables-save.txt'), 'utf8')}*filter\n-A INPUT -j\nnot a rule\nCOMMIT\n`;
const kubectl = readFileSync(fixturePath('kubectl/overall-get-svc-ep-A.txt'), 'utf8');
const traceArgs = ['--from', 'pod', '--src', '10.0.0.2', '--dst', '172.30.0.44', '--dport', '80'];

describe('input line ends and BOM', () => {
  it('the LF dump has errors at known lines (what the variants must reproduce)', async () => {
    const run = await runCli(['parse', '-'], dump);
    const lines = dump.split('\n').length - 1;
    const errors = (
      JSON.parse(run.stdout) as { diagnostics: { severity: string; line: number }[] }
    ).diagnostics
      .filter((d) => d.severity === 'error')
      .map((d) => d.line);
    expect(errors).toEqual([lines - 2, lines - 1]);
  });

  for (const [name, text] of variants(dump)) {
    it(`parse and trace of a ${name} dump print the LF dump's JSON`, async () => {
      for (const argv of [
        ['parse', '-'],
        ['trace', '-', ...traceArgs, '--connections', '50'],
      ]) {
        const lf = await runCli(argv, dump);
        const other = await runCli(argv, text);
        expect(other.stdout).toBe(lf.stdout);
        expect(other.code).toBe(lf.code);
      }
    });
  }

  for (const [name, text] of variants(kubectl)) {
    it(`services of a ${name} kubectl text print the LF text's JSON`, async () => {
      const lf = await runCli(['services', '-'], kubectl);
      const other = await runCli(['services', '-'], text);
      expect(JSON.parse(lf.stdout).services.length).toBeGreaterThan(0);
      expect(other.stdout).toBe(lf.stdout);
    });
  }
});
