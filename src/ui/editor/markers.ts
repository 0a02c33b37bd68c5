import type { Diagnostic, Severity } from '../../core/text';
import { LineIndex } from '../../core/text';

/**
 * Diagnostics → Monaco markers: the one place where core offsets become 1-based line/column
 * (DESIGN.md "Parsers"). Kept free of Monaco imports so it is unit-tested in Node; the numbers
 * are Monaco's `MarkerSeverity` values.
 */

/** `monaco.MarkerSeverity`: Hint 1, Info 2, Warning 4, Error 8. */
export const MARKER_SEVERITY: Readonly<Record<Severity, number>> = { info: 2, warning: 4, error: 8 };

/** More markers than this make Monaco sluggish and help nobody: the rest are counted, not drawn. */
export const MAX_MARKERS = 1000;

export interface MarkerData {
  readonly severity: number;
  readonly message: string;
  readonly code: string;
  readonly source: string;
  readonly startLineNumber: number;
  readonly startColumn: number;
  readonly endLineNumber: number;
  readonly endColumn: number;
}

/**
 * Converts the diagnostics of one text to markers, errors first, at most `MAX_MARKERS`. An empty
 * span is widened to the character at it (or, at a line end, to the whole line) so it stays visible.
 * @returns the markers and how many diagnostics were left out.
 */
export function diagnosticsToMarkers(
  text: string,
  diagnostics: readonly Diagnostic[],
  index: LineIndex = new LineIndex(text),
): { markers: MarkerData[]; omitted: number } {
  const rank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
  const sorted = [...diagnostics].sort((a, b) => rank[a.severity] - rank[b.severity]);
  const shown = sorted.slice(0, MAX_MARKERS);
  const markers = shown.map((d): MarkerData => {
    const start = index.position(d.span.start);
    let end = index.position(Math.max(d.span.start, d.span.end));
    if (end.line === start.line && end.column === start.column) {
      const lineLength = index.lineText(start.line).length;
      end =
        start.column <= lineLength
          ? { line: start.line, column: start.column + 1 }
          : { line: start.line, column: lineLength + 1 };
      if (end.column === start.column) return marker(d, start.line, 1, start.line, lineLength + 1);
    }
    return marker(d, start.line, start.column, end.line, end.column);
  });
  return { markers, omitted: diagnostics.length - shown.length };
}

function marker(d: Diagnostic, sl: number, sc: number, el: number, ec: number): MarkerData {
  return {
    severity: MARKER_SEVERITY[d.severity],
    message: d.message,
    code: d.code,
    source: d.source,
    startLineNumber: sl,
    startColumn: sc,
    endLineNumber: el,
    endColumn: ec,
  };
}
