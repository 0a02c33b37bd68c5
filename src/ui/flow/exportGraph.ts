import type { ChainGraph, GraphPositions } from '../../core/view';
import { exportGraphSvg, type SvgExportOptions } from '../../core/view';

/** Saves a Blob under `name` through an object URL and a temporary `<a download>`. */
function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started from the click; the URL may go once the event loop turns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads the graph as `kube-proxy-graph.svg`. */
export function downloadSvg(graph: ChainGraph, positions: GraphPositions, opts: SvgExportOptions): void {
  const svg = exportGraphSvg(graph, positions, opts);
  download(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }), 'kube-proxy-graph.svg');
}

/**
 * Downloads the graph as `kube-proxy-graph.png`: the SVG as a blob: image (allowed by the CSP's
 * img-src blob:) drawn on a canvas at `scale`× for sharp slides. Rejects if the image cannot load
 * or the canvas is too large for the browser.
 */
export async function downloadPng(
  graph: ChainGraph,
  positions: GraphPositions,
  opts: SvgExportOptions,
  scale = 2,
): Promise<void> {
  const svg = exportGraphSvg(graph, positions, opts);
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    // Browsers cap canvas area (Chromium ~268 M pixels, 32767 per side): shrink the scale to fit.
    const side = Math.max(img.naturalWidth, img.naturalHeight, 1);
    const s = Math.min(scale, 16384 / side);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(img.naturalWidth * s));
    canvas.height = Math.max(1, Math.round(img.naturalHeight * s));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!png) throw new Error('the canvas could not be encoded');
    download(png, 'kube-proxy-graph.png');
  } finally {
    URL.revokeObjectURL(url);
  }
}
