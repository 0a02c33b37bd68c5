import { describe, expect, it } from 'vitest';
import { textLines, wordsOf } from './words';

describe('wordsOf', () => {
  it('splits on runs of spaces and tabs and keeps offsets', () => {
    const text = '  -> 10.0.0.1:80\t Masq    1';
    expect(wordsOf(text, 0, text.length)).toEqual([
      { text: '->', start: 2, end: 4 },
      { text: '10.0.0.1:80', start: 5, end: 16 },
      { text: 'Masq', start: 18, end: 22 },
      { text: '1', start: 26, end: 27 },
    ]);
    expect(wordsOf(text, 5, 16).map((w) => w.text)).toEqual(['10.0.0.1:80']);
    expect(wordsOf('   ', 0, 3)).toEqual([]);
  });
});

describe('textLines', () => {
  it('yields every line without its \\r\\n, with the start of the next', () => {
    expect([...textLines('a\r\nbb\n\nc')]).toEqual([
      { start: 0, end: 1, next: 3 },
      { start: 3, end: 5, next: 6 },
      { start: 6, end: 6, next: 7 },
      { start: 7, end: 8, next: 8 },
    ]);
    expect([...textLines('')]).toEqual([]);
  });
});
