import { type Document, isMap, isSeq, type Node, parseAllDocuments, visit } from 'yaml';
import type { Span } from '../text';
import { span } from '../text';
import type { DiagnosticSink } from './codes';
import type { Collected } from './collect';
import { lineAt, lineHead, readShellCommand, readStatusLine } from './lines';
import { collectObject } from './objects';
import { readTableHeader } from './tableHeader';

/**
 * The `yaml` package parses about 1 MB/s here; past this a paste would freeze the worker for
 * seconds, so it is refused with a hint to paste `-o json` (read by JSON.parse, ~100× faster).
 */
const MAX_YAML_CHARS = 8_000_000;

/**
 * Aliases are expanded by `toJS`; a billion-laughs document stops here instead. The `yaml`
 * package counts, per anchor, its uses times the aliases nested in it (Alias.resolve) and throws
 * past this. kubectl never writes anchors or aliases: only hand-made YAML has them.
 */
export const MAX_ALIAS_COUNT = 100;

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
      const at = span(start + range[0], start + range[1]);
      const value = toJS(node, doc, start, at, sink);
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

/**
 * The node as plain values; `undefined`, with a diagnostic, when its aliases expand past the cap
 * or cannot be resolved (`*a` before any `&a`).
 */
function toJS(node: Node, doc: Document, base: number, at: Span, sink: DiagnosticSink): unknown {
  try {
    return node.toJS(doc, { maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    const aliases = aliasesIn(node);
    const where = aliases.first ? span(base + aliases.first[0], base + aliases.first[1]) : at;
    if (e instanceof ReferenceError && /alias count/i.test(e.message)) {
      const message = `This object has ${aliases.count} YAML aliases (*name) that would expand past the cap of ${MAX_ALIAS_COUNT} copies (a “billion laughs” document): it was not read. kubectl never writes aliases.`;
      sink.report('kubectl/yaml-alias-limit', message, where);
    } else {
      const why = e instanceof Error ? e.message : String(e);
      sink.report('kubectl/yaml-syntax', `Invalid YAML: ${why.slice(0, 200)}`, where);
    }
    return undefined;
  }
}

/** How many alias nodes `node` holds, and the range of the first (linear in the node). */
function aliasesIn(node: Node): { count: number; first: readonly [number, number] | null } {
  let count = 0;
  let first: readonly [number, number] | null = null;
  visit(node, {
    Alias(_key, alias) {
      count++;
      if (first === null && alias.range) first = [alias.range[0], alias.range[1]];
    },
  });
  return { count, first };
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
