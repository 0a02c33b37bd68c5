/**
 * Plain-text tables for the terminal summaries: columns padded to their widest cell, two spaces
 * apart, numbers right-aligned. No colours and no box characters, so the output stays readable
 * when copied into a ticket or read by a screen reader.
 */

export type Cell = string | number;

/** Rows under a header line; numeric cells are right-aligned, the last column is not padded. */
export function formatTable(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i] ?? '').length)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === 'number'));
  const line = (cells: readonly Cell[]) =>
    header
      .map((_, i) => {
        const text = String(cells[i] ?? '');
        const width = widths[i] as number;
        if (numeric[i]) return text.padStart(width);
        return i === header.length - 1 ? text : text.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  return [header, ...rows].map((r) => `${line(r)}\n`).join('');
}

/** `1 rule`, `2 rules`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
