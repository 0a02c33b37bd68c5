import { describe, expect, it } from 'vitest';
import { ruleId } from '../ruleset';
import { escapeXml } from '../text';
import { exportGraphSvg } from './exportSvg';
import type { ChainGraph, GraphNode } from './types';

const node = (
  id: string,
  role: GraphNode['role'],
  title: string,
  subtitle: string | null = null,
): GraphNode => ({
  id,
  role,
  column: 0,
  title,
  subtitle,
  table: role === 'endpoint' ? null : 'nat',
  chain: role === 'endpoint' ? null : title,
  line: 1,
  ruleCount: 1,
  marks: [],
  verdicts: [],
  hiddenEdges: 0,
});

const fromXml = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));

const graph: ChainGraph = {
  nodes: [
    node('nat/KUBE-SERVICES', 'services', 'KUBE-SERVICES'),
    node('nat/KUBE-SVC-LOLE4ISW44XBNF3G', 'service', 'KUBE-SVC-LOLE4ISW44XBNF3G', 'default/web:80'),
    node('ep/10.244.169.161:80', 'endpoint', '10.244.169.161:80', 'web-<1>&"2"'),
    node('nat/KUBE-UNPLACED', 'other', 'KUBE-UNPLACED'),
  ],
  edges: [
    {
      id: ruleId('nat', 'KUBE-SERVICES', 0),
      kind: 'jump',
      source: 'nat/KUBE-SERVICES',
      target: 'nat/KUBE-SVC-LOLE4ISW44XBNF3G',
      label: 'tcp dpt:80 → 10.104.247.10',
      line: 8,
      probability: null,
    },
    {
      id: ruleId('nat', 'KUBE-SVC-LOLE4ISW44XBNF3G', 0),
      kind: 'dnat',
      source: 'nat/KUBE-SVC-LOLE4ISW44XBNF3G',
      target: 'ep/10.244.169.161:80',
      label: 'p=0.333',
      line: 9,
      probability: 0.333,
    },
    {
      id: ruleId('nat', 'KUBE-SERVICES', 1),
      kind: 'jump',
      source: 'nat/KUBE-SERVICES',
      target: 'nat/KUBE-UNPLACED',
      label: 'x',
      line: 10,
      probability: null,
    },
  ],
  services: { total: 1, shown: 1 },
  focused: false,
};
const positions = {
  'nat/KUBE-SERVICES': { x: 0, y: 0, width: 200, height: 56 },
  'nat/KUBE-SVC-LOLE4ISW44XBNF3G': { x: 300, y: 100, width: 240, height: 56 },
  'ep/10.244.169.161:80': { x: 640, y: 40, width: 180, height: 56 },
};

describe('exportGraphSvg', () => {
  const svg = exportGraphSvg(graph, positions, {
    pathNodes: new Set(['nat/KUBE-SERVICES']),
    pathEdges: new Set(['nat/KUBE-SERVICES#0']),
    roleWord: (r) => (r === 'service' ? '服务' : r),
    title: 'default/web',
  });
  it('is a standalone SVG document with a viewBox around every placed node', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="-24 -56 868 236"')).toBe(true);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });
  it('draws a rect and the verbatim title per placed node, skipping unplaced ones', () => {
    expect(svg.match(/<rect /g)).toHaveLength(1 + 3); // background + 3 nodes
    expect(svg).toContain('>KUBE-SVC-LOLE4ISW44XBNF3G</text>');
    expect(svg).toContain('>nat · 服务</text>');
    expect(svg).not.toContain('KUBE-UNPLACED');
  });
  it('draws one path per edge between placed nodes, from right side to left side', () => {
    const paths = [...svg.matchAll(/<path d="([^"]+)"[^>]*data-id="([^"]+)"/g)];
    expect(paths.map((p) => p[2])).toEqual(['nat/KUBE-SERVICES#0', 'nat/KUBE-SVC-LOLE4ISW44XBNF3G#0']);
    expect(paths[0]![1]).toBe('M200,28 C250,28 250,128 300,128');
    expect(svg).toContain('>tcp dpt:80 → 10.104.247.10</text>');
  });
  it('highlights the path', () => {
    expect(svg).toMatch(
      /stroke="#1d4ed8" stroke-width="3" marker-end="url\(#arrow\)" data-id="nat\/KUBE-SERVICES#0"/,
    );
    expect(svg).toMatch(/stroke="#15803d" stroke-width="1.2"[^>]*data-id="nat\/KUBE-SVC-LOLE4ISW44XBNF3G#0"/);
  });
  it('writes edge labels, subtitles and mark badges in the words it is given (the UI language)', () => {
    const marked: ChainGraph = {
      ...graph,
      nodes: graph.nodes.map((n) => (n.role === 'services' ? { ...n, marks: ['masquerade' as const] } : n)),
      edges: graph.edges.map((e, i) => (i === 0 ? { ...e, label: 'always' } : e)),
    };
    const english = exportGraphSvg(marked, positions);
    expect(english).toContain('>always</text>');
    expect(english).toContain('>marks masquerade</text>');
    const zh = exportGraphSvg(marked, positions, {
      graphText: (t) => t.replace(/^always\b/, '总是匹配').replace(/^default\//, '默认/'),
      markWord: (m) => (m === 'masquerade' ? '打地址伪装标记' : '打丢弃标记'),
    });
    expect(zh).toContain('>总是匹配</text>');
    expect(zh).toContain('>默认/web:80</text>');
    expect(zh).toContain('>打地址伪装标记</text>');
    expect(zh).not.toContain('>always</text>');
    expect(zh).not.toContain('marks masquerade');
  });
  it('escapes text from the user', () => {
    expect(svg).toContain('web-&#60;1&#62;&#38;&#34;2&#34;');
    expect(escapeXml(`<a b='c'>&`)).toBe('&#60;a b=&#39;c&#39;&#62;&#38;');
  });
  it('keeps hostile names from a dump or kubectl as text in every place they reach', () => {
    const hostile = [
      '[x](javascript:alert(1))',
      '<img src=x onerror=alert(1)>',
      '*',
      '`',
      ']]>',
      '&amp;',
      '&',
    ];
    const evil = hostile.join(' ');
    const g: ChainGraph = {
      ...graph,
      nodes: graph.nodes.map((n) => ({
        ...n,
        id: `${n.id}${evil}`,
        title: evil,
        subtitle: evil,
        verdicts: [evil],
      })),
      edges: graph.edges.map((e) => ({
        ...e,
        id: `${e.id}${evil}`,
        source: `${e.source}${evil}`,
        target: `${e.target}${evil}`,
        label: evil,
      })),
    };
    const pos = Object.fromEntries(Object.entries(positions).map(([id, p]) => [`${id}${evil}`, p]));
    const out = exportGraphSvg(g, pos, { title: evil, roleWord: () => evil });
    // Only our own elements; text and attributes hold no markup, no CDATA end, no bare `&`.
    const tags = out.match(/<[^>]*>/g) ?? [];
    for (const t of tags) expect(t).toMatch(/^<\/?(svg|defs|marker|path|rect|text|g)\b/);
    const text = out.replace(/<[^>]*>/g, '');
    expect(text).not.toMatch(/[<>]/);
    expect(out).not.toContain(']]>');
    expect(out.replace(/&#\d+;/g, '')).not.toContain('&');
    for (const t of tags) expect(t.slice(1).replace(/="[^"]*"/g, '')).not.toMatch(/["'<]|onerror/);
    expect(fromXml(out)).toContain(`>${evil}</text>`);
  });
  it('returns a small empty document for an empty graph', () => {
    const empty = exportGraphSvg({ ...graph, nodes: [], edges: [] }, {});
    expect(empty).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    expect(empty).not.toContain('fill="none"');
  });
});
