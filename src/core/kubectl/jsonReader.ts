import { span } from '../text';
import type { DiagnosticSink } from './codes';
import type { Collected } from './collect';
import { scanJson } from './jsonScan';
import { isBlank, lineAt, lineHead, readShellCommand } from './lines';
import { asFields, field, str } from './objectFields';
import { collectObject } from './objects';
import { readTableHeader } from './tableHeader';

/**
 * Reads the `-o json` document that starts at `start` (a `{` or `[`). `JSON.parse` decodes it;
 * `scanJson` supplies the offsets: each item of a List points at its own `{`. On a syntax
 * error the exact offset is reported, the complete items before it are still read, and the
 * rest of the broken block (up to a blank line, prompt or table header) is skipped.
 * Returns the offset of the first line after that JSON document (its end).
 */
export function readJsonBlock(
  text: string,
  start: number,
  namespace: string | null,
  sink: DiagnosticSink,
  out: Collected,
): number {
  const scan = scanJson(text, start);
  out.formats.add('json');
  const ctxAt = (s: number, e: number) => ({ at: span(s, e), namespace, sink, out });
  if (scan.error === null) {
    const value = parse(text.slice(start, scan.end));
    const root = asFields(value);
    const kind = str(field(root, 'kind'));
    const items = Array.isArray(value) ? value : field(root, 'items');
    const listLike = Array.isArray(value) || kind === 'List' || !!kind?.endsWith('List');
    if (scan.isList && listLike && Array.isArray(items) && items.length === scan.items.length) {
      items.forEach((item, i) => {
        const at = scan.items[i] as { start: number; end: number };
        collectObject(item, ctxAt(at.start, at.end), 1);
      });
    } else {
      collectObject(value, ctxAt(start, scan.end));
    }
    return lineAt(text, lineStartOf(text, scan.end)).next;
  }
  const at = scan.error.offset;
  sink.report(
    'kubectl/json-syntax',
    `Invalid JSON: ${scan.error.message}`,
    span(at, Math.min(at + 1, text.length)),
  );
  for (const item of scan.items) {
    const value = parse(text.slice(item.start, item.end));
    if (value !== undefined) collectObject(value, ctxAt(item.start, item.end), 1);
  }
  return skipBrokenBlock(text, lineAt(text, lineStartOf(text, at)).next);
}

/** `JSON.parse` that cannot throw; `undefined` on failure (the scanner already validated). */
function parse(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

function lineStartOf(text: string, offset: number): number {
  return offset <= 0 ? 0 : text.lastIndexOf('\n', offset - 1) + 1;
}

function skipBrokenBlock(text: string, from: number): number {
  let pos = from;
  while (pos < text.length) {
    const line = lineAt(text, pos);
    const head = lineHead(text, line);
    if (isBlank(head) || readShellCommand(head) || readTableHeader(text, line)) break;
    pos = line.next;
  }
  return pos;
}
