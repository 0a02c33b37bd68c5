import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateIptablesSave } from '../../src/sim/generate';
import { overallClusterSpec } from '../../src/sim/overallSpec';
import { randomClusterSpec } from '../../src/sim/randomSpec';

// The real parser is the referee: `iptables-restore --test` parses and builds the ruleset without
// committing anything. Needs the binary and root; skipped elsewhere.
const BINARY = '/usr/sbin/iptables-restore';
const usable = existsSync(BINARY) && typeof process.getuid === 'function' && process.getuid() === 0;

function restoreTest(text: string, noflush: boolean): { status: number | null; stderr: string } {
  const args = noflush ? ['--test', '--noflush'] : ['--test'];
  const res = spawnSync(BINARY, args, { input: text, encoding: 'utf8' });
  return { status: res.status, stderr: res.stderr };
}

describe.skipIf(!usable)('generated dumps pass iptables-restore --test', () => {
  const specs = [
    ['overall', overallClusterSpec()],
    [
      'random 150 (nfacct, random-fully)',
      randomClusterSpec({ services: 150, seed: 11, nfacct: true, randomFully: true }),
    ],
  ] as const;
  for (const [name, spec] of specs) {
    it(`${name}: iptables-save flavour`, () => {
      expect(restoreTest(generateIptablesSave(spec, { flavour: 'iptables-save' }), false)).toEqual({
        status: 0,
        stderr: '',
      });
    });
    it(`${name}: restore-input flavour`, () => {
      expect(restoreTest(generateIptablesSave(spec, { flavour: 'restore-input' }), true)).toEqual({
        status: 0,
        stderr: '',
      });
    });
  }

  it('rejects a broken rule (the referee is awake)', () => {
    const broken = '*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -m no-such-module -j ACCEPT\nCOMMIT\n';
    expect(restoreTest(broken, false).status).not.toBe(0);
  });
});
