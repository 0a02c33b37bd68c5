import type { ChainGraph, GraphNode, GraphPositions, NodePosition } from './types';

/**
 * The chain graph as a standalone SVG document for slides: one rect + texts per laid-out node, one
 * cubic path per edge (right side of the source to the left side of the target, the shape React
 * Flow draws), edge labels at the curve's midpoint. Pure string building, no DOM: it runs in tests
 * and workers alike. Colours follow the canvas (flow.css): the path in blue, the rest grey.
 */

export interface SvgExportOptions {
  /** Node and edge ids on the packet's path: drawn thick and coloured. */
  readonly pathNodes?: ReadonlySet<string>;
  readonly pathEdges?: ReadonlySet<string>;
  /** Word above the chain name per role (the UI passes its translated words). */
  readonly roleWord?: (role: GraphNode['role']) => string;
  /** A caption written at the top (e.g. "kube-proxy explorer — default/web"). */
  readonly title?: string;
}

const ROLE_COLOR: Record<GraphNode['role'], string> = {
  hook: '#475569',
  services: '#334155',
  other: '#94a3b8',
  external: '#7c3aed',
  service: '#0f766e',
  endpointChain: '#1d4ed8',
  endpoint: '#15803d',
  postrouting: '#c2410c',
};
const PAD = 24;
const TITLE_H = 32;

/** Escapes text for SVG character data and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const num = (n: number) => String(Math.round(n * 10) / 10);

/** React Flow's bezier between two horizontal handles: control points pulled half the distance out. */
function curve(a: NodePosition, b: NodePosition): { d: string; mx: number; my: number } {
  const sx = a.x + a.width;
  const sy = a.y + a.height / 2;
  const tx = b.x;
  const ty = b.y + b.height / 2;
  const pull = Math.max(Math.abs(tx - sx) / 2, 25);
  const d = `M${num(sx)},${num(sy)} C${num(sx + pull)},${num(sy)} ${num(tx - pull)},${num(ty)} ${num(tx)},${num(ty)}`;
  // Midpoint of a symmetric cubic: the average of the ends (t = 0.5 gives (P0+3P1+3P2+P3)/8).
  return { d, mx: (sx + tx) / 2, my: (sy + ty) / 2 };
}

function nodeSvg(n: GraphNode, p: NodePosition, onPath: boolean, roleWord: (r: GraphNode['role']) => string) {
  const color = ROLE_COLOR[n.role];
  const x = num(p.x);
  const cx = num(p.x + 8);
  const lines = [
    `<g class="node role-${n.role}" data-id="${escapeXml(n.id)}">`,
    `<rect x="${x}" y="${num(p.y)}" width="${num(p.width)}" height="${num(p.height)}" rx="6" fill="#fff" stroke="${onPath ? '#1d4ed8' : color}" stroke-width="${onPath ? 3 : 1.5}"/>`,
    `<text x="${cx}" y="${num(p.y + 15)}" font-size="10" fill="${color}">${escapeXml(roleWord(n.role))}</text>`,
    `<text x="${cx}" y="${num(p.y + 31)}" font-size="13" font-weight="600" font-family="ui-monospace, monospace" fill="#0f172a">${escapeXml(n.title)}</text>`,
  ];
  if (n.subtitle) {
    lines.push(
      `<text x="${cx}" y="${num(p.y + 46)}" font-size="11" fill="#475569">${escapeXml(n.subtitle)}</text>`,
    );
  }
  lines.push('</g>');
  return lines.join('');
}

/**
 * A complete `<svg …>` document (UTF-8 text, xmlns set, viewBox around every positioned node with
 * a margin). Nodes without a position and edges touching them are left out, as on the canvas.
 * Returns a small empty SVG for an empty graph.
 */
export function exportGraphSvg(
  graph: ChainGraph,
  positions: GraphPositions,
  opts: SvgExportOptions = {},
): string {
  const roleWord = opts.roleWord ?? ((r: GraphNode['role']) => r);
  const placed = graph.nodes.filter((n) => positions[n.id]);
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const n of placed) {
    const p = positions[n.id]!;
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x + p.width);
    maxY = Math.max(maxY, p.y + p.height);
  }
  if (placed.length === 0) [minX, minY, maxX, maxY] = [0, 0, 0, 0];
  const top = opts.title ? TITLE_H : 0;
  const vx = minX - PAD;
  const vy = minY - PAD - top;
  const w = maxX - minX + 2 * PAD;
  const h = maxY - minY + 2 * PAD + top;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${num(vx)} ${num(vy)} ${num(w)} ${num(h)}" width="${num(w)}" height="${num(h)}" font-family="system-ui, sans-serif">`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#64748b"/></marker></defs>',
    `<rect x="${num(vx)}" y="${num(vy)}" width="${num(w)}" height="${num(h)}" fill="#f8fafc"/>`,
  ];
  if (opts.title) {
    out.push(
      `<text x="${num(minX)}" y="${num(vy + PAD + 6)}" font-size="16" font-weight="700" fill="#0f172a">${escapeXml(opts.title)}</text>`,
    );
  }
  const labels: string[] = [];
  for (const e of graph.edges) {
    const a = positions[e.source];
    const b = positions[e.target];
    if (!a || !b) continue;
    const on = opts.pathEdges?.has(e.id) ?? false;
    const { d, mx, my } = curve(a, b);
    const stroke = on ? '#1d4ed8' : e.kind === 'dnat' ? '#15803d' : '#94a3b8';
    out.push(
      `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${on ? 3 : 1.2}" marker-end="url(#arrow)" data-id="${escapeXml(e.id)}"/>`,
    );
    if (e.label) {
      labels.push(
        `<text x="${num(mx)}" y="${num(my - 3)}" font-size="10" text-anchor="middle" fill="${on ? '#1d4ed8' : '#334155'}" paint-order="stroke" stroke="#f8fafc" stroke-width="3">${escapeXml(e.label)}</text>`,
      );
    }
  }
  for (const n of placed)
    out.push(nodeSvg(n, positions[n.id]!, opts.pathNodes?.has(n.id) ?? false, roleWord));
  out.push(...labels, '</svg>');
  return out.join('\n');
}
