import { cellsByOffsets, isBlank, lineAt, lineHead, readTableHeader } from '../kubectl';
import { tabwrite } from '../text';

/** Rewrites one piece of text; `column` is the table column it sits in (`NAMESPACE`, `NAME`…), if any. */
export type CellRewrite = (text: string, column: string | null) => string;

/**
 * Applies `rewrite` to kubectl output while keeping its tables readable by column offsets:
 * kubectl pads cells with Go text/tabwriter (padding 3), and a redacted cell is usually not as long
 * as the original, so every padded table is re-rendered from its rewritten cells with the same
 * tabwriter rules (gen/tabwriter.ts). Rows that do not line up with their header, collapsed
 * (single-space) tables and all other lines (JSON, YAML, prompts) are rewritten line by line.
 * Never throws; linear in the text.
 */
export function rewriteKubectl(text: string, rewrite: CellRewrite): string {
  let out = '';
  let pos = 0;
  while (pos < text.length) {
    const line = lineAt(text, pos);
    const header = readTableHeader(text, line);
    if (header?.aligned) {
      const rows: string[][] = [header.columns.map((c) => c.name)];
      const ends: string[] = [text.slice(line.end, line.next)];
      let next = line.next;
      let ok = true;
      while (next < text.length) {
        const row = lineAt(text, next);
        if (isBlank(lineHead(text, row)) || readTableHeader(text, row)) break;
        const cells = cellsByOffsets(text, row, header);
        if (!cells) {
          ok = false;
          break;
        }
        rows.push(cells.map((c, i) => rewrite(c.text, header.columns[i]?.name ?? null)));
        ends.push(text.slice(row.end, row.next));
        next = row.next;
      }
      if (ok) {
        const lines = tabwrite(rows).split('\n');
        out += lines.map((l, i) => l + (ends[i] ?? '')).join('');
        pos = next;
        continue;
      }
    }
    out += rewrite(text.slice(line.start, line.end), null) + text.slice(line.end, line.next);
    pos = line.next;
  }
  return out;
}
