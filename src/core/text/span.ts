/**
 * A half-open range `[start, end)` of UTF-16 code-unit offsets into the text the user pasted.
 * Every position inside `src/core` is an offset; only the editor layer converts to line/column.
 */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Builds a span; `end` is clamped so that a span is never inverted. */
export function span(start: number, end: number): Span {
  return { start, end: Math.max(start, end) };
}
