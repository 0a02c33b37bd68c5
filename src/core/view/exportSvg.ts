import { chainAuthorName } from '../kubeproxy';
import { escapeXml } from '../text';
import { NODE_FONT, verdictDetail } from './sizes';
import type { ChainGraph, EdgeRoute, GraphNode, GraphPositions, GraphRoutes, NodePosition } from './types';

/**
 * The chain graph as a standalone SVG document for slides: one rect + texts per laid-out node (the
 * lines and fonts of the canvas, sizes.ts), one path per edge along the layout's route (elk's,
 * around the nodes) or, without one, the cubic React Flow draws; each label in the box the layout
 * gave it, off every node. Pure string building, no DOM: it runs in tests and workers alike.
 * Colours follow the canvas (flow.css): the path in blue, the rest grey.
 */

export interface SvgExportOptions {
  /** Node and edge ids on the packet's path: drawn thick and coloured. */
  readonly pathNodes?: ReadonlySet<string>;
  readonly pathEdges?: ReadonlySet<string>;
  /** Word above the chain name per role (the UI passes its translated words). */
  readonly roleWord?: (role: GraphNode['role']) => string;
  /** A caption written at the top (e.g. "kube-proxy explorer — default/web"). */
  readonly title?: string;
  /** Edge routes and label boxes of the layout (`layoutGraphRoutes`). */
  readonly routes?: GraphRoutes | null;
  /** The verdict node's two lines in the UI's language (default: English from the node). */
  readonly verdictLines?: (node: GraphNode) => { to: string; detail: string };
  /**
   * The graph's prose (edge labels, node subtitles: `always`, `from …`, `policy DROP`, written in
   * English by labels.ts) in the UI's language; iptables words stay as they are. Default: as given.
   */
  readonly graphText?: (text: string) => string;
  /** The badge of a chain that sets kube-proxy's masquerade or drop mark (default "marks …"). */
  readonly markWord?: (mark: GraphNode['marks'][number]) => string;
}

/** How a node's words are written: the role word, the verdict lines, the prose, the mark badges. */
interface Words {
  readonly roleWord: (r: GraphNode['role']) => string;
  readonly verdictLines: (n: GraphNode) => { to: string; detail: string };
  readonly graphText: (text: string) => string;
  readonly markWord: (mark: GraphNode['marks'][number]) => string;
}

/** One colour per node role: the SVG export's node accents and the minimap's nodes. */
export const ROLE_COLOR: Record<GraphNode['role'], string> = {
  hook: '#475569',
  services: '#334155',
  other: '#94a3b8',
  external: '#7c3aed',
  service: '#0f766e',
  endpointChain: '#1d4ed8',
  endpoint: '#15803d',
  postrouting: '#c2410c',
  verdict: '#0f172a',
};
const VERDICT_COLOR = { ACCEPT: '#15803d', DROP: '#b91c1c', REJECT: '#b91c1c' } as const;
const PAD = 24;
const TITLE_H = 32;

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

function routeD(r: EdgeRoute): string {
  const p = r.points.map((q) => `${num(q.x)},${num(q.y)}`);
  if (r.shape === 'bezier' && p.length === 4) return `M${p[0]} C${p[1]} ${p[2]} ${p[3]}`;
  return `M${p.join(' L')}`;
}

type Line = readonly [text: string, size: number, attrs: string, lineHeight: number];

function nodeLines(n: GraphNode, { roleWord, verdictLines, graphText, markWord }: Words): Line[] {
  const F = NODE_FONT;
  if (n.verdict) {
    const w = verdictLines(n);
    return [
      [roleWord(n.role), F.role.size, `fill="${ROLE_COLOR.verdict}"`, F.role.line],
      [
        n.verdict.verdict,
        F.verdictTitle.size,
        `font-weight="700" fill="${VERDICT_COLOR[n.verdict.verdict]}"`,
        F.verdictTitle.line,
      ],
      [w.to, F.verdictSub.size, 'font-weight="600" fill="#0f172a"', F.verdictSub.line],
      [w.detail, F.verdictDetail.size, 'fill="#334155"', F.verdictDetail.line],
    ];
  }
  const lines: Line[] = [
    [
      `${n.table ? `${n.table} · ` : ''}${roleWord(n.role)}${n.author ? ` · ${chainAuthorName(n.author)}` : ''}`,
      F.role.size,
      `fill="${ROLE_COLOR[n.role]}"`,
      F.role.line,
    ],
    [
      n.title,
      F.title.size,
      'font-weight="600" font-family="ui-monospace, monospace" fill="#0f172a"',
      F.title.line,
    ],
  ];
  if (n.subtitle) lines.push([graphText(n.subtitle), F.subtitle.size, 'fill="#334155"', F.subtitle.line]);
  const badges = [...n.marks.map(markWord), ...n.verdicts];
  if (badges.length) lines.push([badges.join(' · '), F.badges.size, 'fill="#7c2d12"', F.badges.line]);
  return lines;
}

function nodeSvg(n: GraphNode, p: NodePosition, onPath: boolean, lines: readonly Line[]) {
  const color = n.verdict ? VERDICT_COLOR[n.verdict.verdict] : ROLE_COLOR[n.role];
  const cx = num(p.x + 10);
  const out = [
    `<g class="node role-${n.role}" data-id="${escapeXml(n.id)}">`,
    `<rect x="${num(p.x)}" y="${num(p.y)}" width="${num(p.width)}" height="${num(p.height)}" rx="6" fill="#fff" stroke="${onPath ? '#1d4ed8' : color}" stroke-width="${onPath ? 3 : 1.5}"/>`,
  ];
  // Line by line, as the canvas stacks them (padding 6 + border 2 on top); baseline near the line's foot.
  let y = p.y + 8;
  for (const [text, size, attrs, lh] of lines) {
    out.push(
      `<text x="${cx}" y="${num(y + (lh + size) / 2 - 2)}" font-size="${size}" ${attrs}>${escapeXml(text)}</text>`,
    );
    y += lh;
  }
  out.push('</g>');
  return out.join('');
}

/** English verdict lines, from the node's own subtitle and detail (the UI passes translated ones). */
const englishVerdict = (n: GraphNode) => ({ to: n.subtitle ?? '', detail: verdictDetail(n) });

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
  const words: Words = {
    roleWord: opts.roleWord ?? ((r) => r),
    verdictLines: opts.verdictLines ?? englishVerdict,
    graphText: opts.graphText ?? ((text) => text),
    markWord: opts.markWord ?? ((m) => `marks ${m}`),
  };
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
  // Routes bend around nodes and labels sit between them: the view holds those too.
  for (const r of placed.length ? Object.values(opts.routes ?? {}) : []) {
    for (const q of r.label
      ? [...r.points, r.label, { x: r.label.x + r.label.width, y: r.label.y + r.label.height }]
      : r.points) {
      minX = Math.min(minX, q.x);
      minY = Math.min(minY, q.y);
      maxX = Math.max(maxX, q.x);
      maxY = Math.max(maxY, q.y);
    }
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
    const route = opts.routes?.[e.id];
    const fallback = curve(a, b);
    const d = route ? routeD(route) : fallback.d;
    const stroke = on ? '#1d4ed8' : e.kind === 'dnat' ? '#15803d' : '#94a3b8';
    const dash =
      e.kind === 'flow' ? ' stroke-dasharray="2 4"' : e.kind === 'dnat' ? ' stroke-dasharray="6 3"' : '';
    out.push(
      `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${on ? 3 : 1.2}"${dash} marker-end="url(#arrow)" data-id="${escapeXml(e.id)}"/>`,
    );
    if (e.label) {
      const box = route?.label;
      const mx = box ? box.x + box.width / 2 : fallback.mx;
      const my = box ? box.y + box.height / 2 + 4 : fallback.my - 3;
      labels.push(
        `<text x="${num(mx)}" y="${num(my)}" font-size="12" font-family="ui-monospace, monospace" text-anchor="middle" fill="${on ? '#1d4ed8' : '#334155'}" paint-order="stroke" stroke="#f8fafc" stroke-width="3">${escapeXml(words.graphText(e.label))}</text>`,
      );
    }
  }
  for (const n of placed)
    out.push(nodeSvg(n, positions[n.id]!, opts.pathNodes?.has(n.id) ?? false, nodeLines(n, words)));
  out.push(...labels, '</svg>');
  return out.join('\n');
}
