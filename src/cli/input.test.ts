import { describe, expect, it } from 'vitest';
import { asEditorReads } from './input';

describe('asEditorReads', () => {
  it('drops a leading BOM only', () => {
    expect(asEditorReads('\uFEFF*nat\n')).toBe('*nat\n');
    expect(asEditorReads('*nat \uFEFF\n')).toBe('*nat \uFEFF\n');
  });

  it('reads CRLF, lone CR and LF line ends as LF', () => {
    expect(asEditorReads('a\r\nb\rc\nd\r')).toBe('a\nb\nc\nd\n');
    expect(asEditorReads('a\r\r\nb')).toBe('a\n\nb');
  });

  it('returns a text without BOM or CR unchanged', () => {
    const text = '*filter\n:INPUT ACCEPT [0:0]\nCOMMIT\n';
    expect(asEditorReads(text)).toBe(text);
    expect(asEditorReads('')).toBe('');
  });
});
