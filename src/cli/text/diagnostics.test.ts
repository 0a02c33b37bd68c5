import { describe, expect, it } from 'vitest';
import type { CliDiagnostic } from '../json';
import { formatDiagnostics } from './diagnostics';

const d = (severity: CliDiagnostic['severity'], line: number, code = 'iptables/x'): CliDiagnostic => ({
  severity,
  code,
  source: 'iptables',
  line,
  column: 2,
  message: `problem at ${line}`,
});

describe('formatDiagnostics', () => {
  it('says so when there is nothing', () => {
    expect(formatDiagnostics([], { iptables: 'node.txt' })).toBe('No diagnostics.\n');
  });

  it('prints file:line:col, errors first, under a count', () => {
    const text = formatDiagnostics([d('warning', 1), d('error', 7), d('info', 3)], { iptables: 'node.txt' });
    expect(text).toBe(
      [
        'Diagnostics (1 error, 1 warning, 1 note):',
        '  node.txt:7:2: error: problem at 7 [iptables/x]',
        '  node.txt:1:2: warning: problem at 1 [iptables/x]',
        '  node.txt:3:2: info: problem at 3 [iptables/x]',
        '',
      ].join('\n'),
    );
  });

  it('names stdin and a kubectl file by their source', () => {
    const kubectl: CliDiagnostic = { ...d('error', 2), source: 'kubectl' };
    const text = formatDiagnostics([d('error', 1), kubectl], { iptables: '-', kubectl: 'svc.txt' });
    expect(text).toContain('  <stdin>:1:2: error');
    expect(text).toContain('  svc.txt:2:2: error');
  });

  it('lists at most `limit` and counts the rest', () => {
    const many = Array.from({ length: 7 }, (_, i) => d('error', i + 1));
    const text = formatDiagnostics(many, { iptables: 'x' }, 5);
    expect(text.match(/: error: /g)).toHaveLength(5);
    expect(text).toContain('… and 2 more (--json lists them all)');
    expect(text).toContain('(7 errors, 0 warnings, 0 notes)');
  });
});
