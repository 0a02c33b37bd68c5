/**
 * Input texts as the app reads them. A dropped or picked file goes through `Blob.text()`, whose
 * UTF-8 decode drops a leading byte order mark (WHATWG Encoding, "UTF-8 decode"); the editor is
 * Monaco, whose text buffer also drops the BOM and takes `\r\n`, `\n` and a lone `\r` as line ends
 * (monaco-editor pieceTreeTextBufferBuilder.js: line starts and EOL normalisation), so a pasted or
 * typed text reaches the analysis with the editor's line ends. Node's `readFile(…, 'utf8')` keeps
 * both the BOM and a lone `\r`, and the core ends a line only at `\n` (core/text/lineIndex.ts): a
 * classic-Mac file would be one line of garbage. The CLI therefore drops the BOM and writes every
 * line end as `\n`, so the same dump gives the same lines, columns and JSON whatever it was saved
 * with.
 */

const BOM = 0xfeff;

/** Drops a leading UTF-8 BOM and turns `\r\n` and a lone `\r` into `\n`; other text is unchanged. */
export function asEditorReads(text: string): string {
  const body = text.charCodeAt(0) === BOM ? text.slice(1) : text;
  // indexOf first: most dumps have no `\r` at all, and a 40 MB replace would copy for nothing.
  return body.indexOf('\r') === -1 ? body : body.replace(/\r\n?/g, '\n');
}
