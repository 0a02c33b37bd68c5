import { chainAuthorName } from '../kubeproxy';
import type { GraphEdge, GraphNode } from './types';

/**
 * Box sizes of nodes and edge labels, estimated from their text: layout (elk, columns) and the
 * canvas (ui/flow/flow.css, which sets the same fonts and line heights) agree on them, so a chain
 * name at 15 px (13.5 px drawn at a zoom of 0.9) and the DNAT target on its own line fit without
 * ellipsis. Widths are upper bounds per character (DejaVu/ui-monospace 0.6 em; sans digits 0.64 em),
 * so text is never cut, at the price of a little slack.
 */

/** The node's fonts and line heights in px (flow.css `.chain-node…` must say the same). */
export const NODE_FONT = {
  /** Horizontal chrome: padding 10 + 10, border 2 + 6 (the role colour on the left). */
  padX: 28,
  /** Vertical chrome: padding 6 + 6, borders 2 + 2. */
  padY: 16,
  role: { size: 11, line: 16 },
  title: { size: 15, line: 20 },
  subtitle: { size: 13, line: 18 },
  badges: { size: 11, line: 20 },
  verdictTitle: { size: 20, line: 26 },
  verdictSub: { size: 14, line: 20 },
  verdictDetail: { size: 13, line: 18 },
} as const;

/** Edge labels: 12 px monospace, padding 1 × 4 (flow.css `.edge-label`). */
const LABEL_FONT = { size: 12, line: 18, padX: 10 } as const;

const MONO = 0.61;
const SANS = 0.64;
const MIN_WIDTH = 240;
const MAX_WIDTH = 520;
const VERDICT_WIDTH = 340;

const textWidth = (text: string, size: number, em: number) => Math.ceil(text.length * size * em);

/** The role word's length in English (en.ts `node.role.*`), for the role line "FILTER · SERVICE PORTALS · 3 RULES". */
const ROLE_CHARS: Readonly<Record<GraphNode['role'], number>> = {
  hook: 13,
  services: 15,
  external: 14,
  service: 7,
  endpointChain: 14,
  endpoint: 12,
  postrouting: 11,
  other: 5,
  verdict: 7,
};

/** The role line: uppercase 11 px with 0.03 em spacing (≈ 0.72 em a character), plus the packet dot's room. */
function roleWidth(n: Pick<GraphNode, 'role' | 'table' | 'ruleCount' | 'author'>): number {
  const rules = n.ruleCount > 0 ? ` · ${n.ruleCount.toLocaleString('en')} rules`.length : 0;
  const author = n.author ? ` · ${chainAuthorName(n.author)}`.length : 0;
  const chars = (n.table ? n.table.length + 3 : 0) + ROLE_CHARS[n.role] + rules + author;
  return Math.ceil(chars * NODE_FONT.role.size * 0.72) + 16;
}

function badgesWidth(n: Pick<GraphNode, 'marks' | 'verdicts' | 'hiddenEdges'>): number {
  const words = [
    ...n.marks.map((m) => (m === 'masquerade' ? 'marks masquerade' : 'marks drop')),
    ...n.verdicts,
    ...(n.hiddenEdges > 0 ? [`+${n.hiddenEdges} hidden`] : []),
  ];
  return words.reduce((w, t) => w + textWidth(t, NODE_FONT.badges.size, SANS) + 14, 0);
}

/** The second line of a verdict node's detail, as the canvas and the export print it (English sizing). */
export function verdictDetail(n: GraphNode): string {
  const v = n.verdict;
  if (!v) return '';
  if (v.line === 0) return `${v.table ?? ''} ${v.chain ?? ''} · ${v.rule}`;
  return `line ${v.line}: ${v.comment ?? v.rule}`;
}

/** Node box size; layout and rendering must agree on it. */
export function nodeSize(
  node: Pick<GraphNode, 'role' | 'title' | 'subtitle' | 'marks' | 'verdicts' | 'hiddenEdges'> &
    Partial<Pick<GraphNode, 'verdict' | 'table' | 'ruleCount' | 'author'>>,
): { width: number; height: number } {
  const F = NODE_FONT;
  if (node.role === 'verdict') {
    const detail = verdictDetail(node as GraphNode);
    const inner = VERDICT_WIDTH - F.padX;
    const lines = (text: string, size: number) =>
      Math.min(3, Math.max(1, Math.ceil(textWidth(text, size, SANS) / inner)));
    return {
      width: VERDICT_WIDTH,
      height:
        F.padY +
        F.role.line +
        F.verdictTitle.line +
        F.verdictSub.line * lines(node.subtitle ?? '', F.verdictSub.size) +
        F.verdictDetail.line * lines(detail, F.verdictDetail.size),
    };
  }
  const text = Math.max(
    textWidth(node.title ?? '', F.title.size, MONO),
    textWidth(node.subtitle ?? '', F.subtitle.size, SANS),
    badgesWidth(node),
    roleWidth({
      role: node.role,
      table: node.table ?? null,
      ruleCount: node.ruleCount ?? 0,
      ...(node.author ? { author: node.author } : {}),
    }),
  );
  const width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, text + F.padX + 4));
  const badges = node.marks.length + node.verdicts.length + (node.hiddenEdges > 0 ? 1 : 0) > 0;
  const height =
    F.padY +
    F.role.line +
    F.title.line +
    (node.subtitle ? F.subtitle.line : 0) +
    (badges ? F.badges.line : 0);
  return { width, height };
}

/** Size of an edge's label box (0 × 0 for no label). */
export function labelSize(edge: Pick<GraphEdge, 'label'>): { width: number; height: number } {
  if (!edge.label) return { width: 0, height: 0 };
  return { width: textWidth(edge.label, LABEL_FONT.size, MONO) + LABEL_FONT.padX, height: LABEL_FONT.line };
}
