import { describe, expect, it } from 'vitest';
import { LongLineTally } from './longLines';

const tally = (...chunks: string[]) => {
  const t = new LongLineTally();
  for (const c of chunks) t.add(c);
  return t.dominated();
};

describe('LongLineTally', () => {
  it('answers like Monaco: more characters in lines of 10,000+ than in the others', () => {
    const long = 'x'.repeat(10_000);
    expect(tally('-A KUBE-SERVICES -j KUBE-SVC-X\n'.repeat(100))).toBe(false);
    expect(tally(`${long}\nshort\n`)).toBe(true);
    expect(tally(`${long}\n${'y'.repeat(9_999)}\n${'z'.repeat(9_999)}`)).toBe(false);
    expect(tally('')).toBe(false);
  });

  it('follows a line across chunks, and \\r\\n split between two chunks is one line end', () => {
    expect(tally('x'.repeat(6_000), 'x'.repeat(4_000), '\nab')).toBe(true);
    // A lone \r ends a line, as in Monaco.
    expect(tally(`${'x'.repeat(5_000)}\r`, `\n${'x'.repeat(5_000)}`)).toBe(false);
    expect(tally(`${'x'.repeat(5_000)}\r${'x'.repeat(5_000)}`)).toBe(false);
    expect(tally(`${'x'.repeat(5_000)}${'x'.repeat(5_000)}\r\n`)).toBe(true);
  });
});
