import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex } from './lineIndex';

describe('LineIndex', () => {
  it('maps offsets to 1-based lines and columns and back', () => {
    const text = '*nat\n:PREROUTING ACCEPT [0:0]\n-A PREROUTING -j KUBE-SERVICES\nCOMMIT\n';
    const index = new LineIndex(text);
    expect(index.lineCount).toBe(5);
    expect(index.position(0)).toEqual({ line: 1, column: 1 });
    expect(index.position(text.indexOf('-A'))).toEqual({ line: 3, column: 1 });
    expect(index.position(text.indexOf('KUBE-SERVICES'))).toEqual({ line: 3, column: 18 });
    expect(index.offset(4)).toBe(text.indexOf('COMMIT'));
    expect(index.lineText(2)).toBe(':PREROUTING ACCEPT [0:0]');
  });

  it('keeps a \\r before \\n out of the line text (CRLF dumps)', () => {
    const index = new LineIndex('*nat\r\nCOMMIT\r\n');
    expect(index.lineText(1)).toBe('*nat');
    expect(index.position(6)).toEqual({ line: 2, column: 1 });
  });

  it('clamps offsets and lines outside the text', () => {
    const index = new LineIndex('a\nb');
    expect(index.position(-5)).toEqual({ line: 1, column: 1 });
    expect(index.position(99)).toEqual({ line: 2, column: 2 });
    expect(index.offset(0)).toBe(0);
    expect(index.offset(9)).toBe(2);
    expect(new LineIndex('').lineCount).toBe(1);
  });

  it('agrees with splitting the text on \\n, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', '\n', '\r', ' ') }), (text) => {
        const index = new LineIndex(text);
        const lines = text.split('\n');
        expect(index.lineCount).toBe(lines.length);
        let offset = 0;
        lines.forEach((line, i) => {
          expect(index.offset(i + 1)).toBe(offset);
          expect(index.position(offset)).toEqual({ line: i + 1, column: 1 });
          offset += line.length + 1;
        });
      }),
    );
  });
});
