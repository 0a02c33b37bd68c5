import { type Document, isMap, isSeq, type Node, parseAllDocuments } from 'yaml';
import { span } from '../text/span';
import type { DiagnosticSink } from './codes';
import type { Collected } from './collect';
import { lineAt, lineHead, readShellCommand, readStatusLine } from './lines';
import { collectObject } from './objects';
import { readTableHeader } from './tableHeader';

/**
 * The `yaml` package parses about 1 MB/s here; past this a paste would freeze the worker for
 * seconds, so it is refused with a hint to paste `-o json` (read by JSON.parse, ~100× faster).
 */
export const MAX_YAML_CHARS = 8_000_000;

/** Aliases are expanded by `toJS`; a billion-laughs document stops here instead. */
const MAX_ALIAS_COUNT = 100;

/**
 * Reads the `-o yaml` block starting at `start` (an `apiVersion:`/`kind:` line): every document
 * (`---`), Lists split into items so each object points at its own node. The block runs to the
 * next shell prompt, table header or kubectl status line. YAML errors are reported at their
 * offsets; items that end before a document's first error are still read.
 * Returns the offset of the first line after the block.
 */
export function readYamlBlock(
  text: string,
  start: number,
  namespace: string | null,
  sink: DiagnosticSink,
  out: Collected,
): number {
  const end = blockEnd(text, start);
  out.formats.add('yaml');
  if (end - start > MAX_YAML_CHARS) {
    const message = `This YAML is ${Math.round((end - start) / 1e6)} MB; paste \`-o json\` instead (it reads much faster).`;
    sink.report('kubectl/yaml-too-large', message, lineAt(text, start));
    return end;
  }
  let docs: ReturnType<typeof parseAllDocuments>;
  try {
    docs = parseAllDocuments(text.slice(start, end), { prettyErrors: false, uniqueKeys: false });
  } catch {
    sink.report('kubectl/yaml-syntax', 'This YAML could not be parsed.', lineAt(text, start));
    return end;
  }
  if (!Array.isArray(docs)) return end;
  for (const doc of docs) {
    const firstError = doc.errors[0];
    const limit = firstError ? start + firstError.pos[0] : end;
    if (firstError) {
      const [from, to] = firstError.pos;
      // The parser may point one past the block's end (unexpected end of input): clamp.
      const at = span(Math.min(start + from, end), Math.min(start + to, end));
      sink.report('kubectl/yaml-syntax', `Invalid YAML: ${firstError.message}`, at);
    }
    for (const node of objectNodes(doc)) {
      const range = node.range;
      if (!range || start + range[1] > limit) continue;
      const value = toJS(node, doc);
      const at = span(start + range[0], start + range[1]);
      if (value !== undefined) collectObject(value, { at, namespace, sink, out }, 1);
    }
  }
  return end;
}

/** The document's objects: a List's items, a sequence's elements, or the document itself. */
function objectNodes(doc: Document): Node[] {
  const root = doc.contents;
  if (isMap(root)) {
    const kind = root.get('kind');
    const items = root.get('items', true);
    const listLike = typeof kind === 'string' && (kind === 'List' || kind.endsWith('List'));
    if (listLike && isSeq(items))
      return items.items.filter((n): n is Node => n !== null && typeof n === 'object');
    return [root];
  }
  if (isSeq(root)) return root.items.filter((n): n is Node => n !== null && typeof n === 'object');
  return root ? [root] : [];
}

function toJS(node: Node, doc: Document): unknown {
  try {
    return node.toJS(doc, { maxAliasCount: MAX_ALIAS_COUNT });
  } catch {
    return undefined;
  }
}

function blockEnd(text: string, start: number): number {
  let pos = lineAt(text, start).next;
  while (pos < text.length) {
    const line = lineAt(text, pos);
    const head = lineHead(text, line);
    if (readShellCommand(head) || readStatusLine(head) || readTableHeader(text, line)) break;
    pos = line.next;
  }
  return pos;
}
