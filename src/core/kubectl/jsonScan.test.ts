import { describe, expect, it } from 'vitest';
import { scanJson } from './jsonScan';

describe('scanJson', () => {
  it('finds the end of the first value and the spans of a List’s items', () => {
    const text = '{"kind": "List", "items": [{"a": [1, {"b": 2}]}, {"c": "}"}], "x": {"items": [3]}} tail';
    const scan = scanJson(text, 0);
    expect(scan.error).toBeNull();
    expect(text.slice(scan.end)).toBe(' tail');
    expect(scan.isList).toBe(true);
    expect(scan.items.map((s) => text.slice(s.start, s.end))).toEqual(['{"a": [1, {"b": 2}]}', '{"c": "}"}']);
  });

  it('treats the elements of a root array as items', () => {
    const text = '[ {"a": 1} , "s", 2.5e3, null ]';
    const scan = scanJson(text, 0);
    expect(scan.items.map((s) => text.slice(s.start, s.end))).toEqual(['{"a": 1}', '"s"', '2.5e3', 'null']);
  });

  it('a single object is not a list', () => {
    const scan = scanJson('{"kind": "Service", "spec": {"ports": [{"port": 80}]}}', 0);
    expect(scan).toMatchObject({ error: null, isList: false, items: [] });
  });

  it('reports exact error offsets', () => {
    const at = (s: string) => scanJson(s, 0).error?.offset;
    expect(at('{"a": x}')).toBe(6);
    expect(at('{"a":1,}')).toBe(7);
    expect(at('{"a":')).toBe(5);
    expect(at('[1 2]')).toBe(3);
    expect(at('{"a": "b\nc"}')).toBe(8);
    expect(at('{"a": "\\q"}')).toBe(7);
    expect(at('{"a": "\\u12"}')).toBe(7);
    expect(at('{"a" 1}')).toBe(5);
    expect(at('{"a": "unterminated')).toBe(19);
  });

  it('keeps the items that completed before a truncation', () => {
    const text = '{"items": [{"n": 1}, {"n": 2}, {"n": ';
    const scan = scanJson(text, 0);
    expect(scan.error?.offset).toBe(text.length);
    expect(scan.items.map((s) => text.slice(s.start, s.end))).toEqual(['{"n": 1}', '{"n": 2}']);
  });
});
