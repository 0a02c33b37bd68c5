import { NODE_FONT } from '../../core/view';

/**
 * The lowest zoom at which a chain name is drawn at least `px` pixels tall: 12 px on a screen,
 * 16 px in presenter mode (issue 8). Whole nodes scale with the zoom, so nothing is cut inside
 * a fixed box. `titlePx` is the name's CSS size as drawn (`titleFontPx`); the layout's size
 * (core/view/sizes.ts) until a node is drawn.
 */
export function readableZoom(presenting: boolean, titlePx: number | null): number {
  const px = presenting ? 16 : 12;
  const size = titlePx !== null && Number.isFinite(titlePx) && titlePx > 0 ? titlePx : NODE_FONT.title.size;
  return px / size;
}

/** The box around some laid-out nodes, or null when none of them has a position. */
export function boundsOf(
  ids: readonly string[],
  positions: Readonly<Record<string, { x: number; y: number; width: number; height: number }>>,
): { x: number; y: number; width: number; height: number } | null {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const id of ids) {
    const p = positions[id];
    if (!p) continue;
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x + p.width);
    y1 = Math.max(y1, p.y + p.height);
  }
  return x0 === Number.POSITIVE_INFINITY ? null : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
