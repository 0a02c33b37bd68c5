/**
 * Aligns rows as kubectl's printer does: Go `text/tabwriter` with minwidth 6, tabwidth 4, padding 3,
 * pad character ' ' (k8s.io/cli-runtime printers.GetNewTabWriter). Every cell but the last of a row
 * is padded to its column's width (widest cell + padding, at least minwidth); the last cell is not.
 * Returns the lines joined with `\n` (no trailing newline).
 */
export function tabwrite(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      if (i < row.length - 1) widths[i] = Math.max(widths[i] ?? 0, Math.max(6, cell.length + 3));
    });
  }
  return rows
    .map((row) => row.map((cell, i) => (i < row.length - 1 ? cell.padEnd(widths[i] ?? 0) : cell)).join(''))
    .join('\n');
}
