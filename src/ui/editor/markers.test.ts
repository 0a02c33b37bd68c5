import { describe, expect, it } from 'vitest';
import { readFixture } from '../../../test/fixtures';
import { parseIptablesSave } from '../../core/iptables';
import { type Diagnostic, diagnostic, span } from '../../core/text';
import { diagnosticsToMarkers, MARKER_SEVERITY, MAX_MARKERS } from './markers';

const d = (start: number, end: number, severity: Diagnostic['severity'] = 'error'): Diagnostic =>
  diagnostic('iptables', severity, 'test/code', 'message', span(start, end));

describe('diagnosticsToMarkers', () => {
  const text = '*nat\n:KUBE-SERVICES - [0:0]\n-A KUBE-SERVICES -j\nCOMMIT\n';

  it('turns offsets into 1-based line/column ranges', () => {
    const start = text.indexOf('-j');
    const { markers } = diagnosticsToMarkers(text, [d(start, start + 2)]);
    expect(markers).toEqual([
      expect.objectContaining({
        startLineNumber: 3,
        startColumn: 18,
        endLineNumber: 3,
        endColumn: 20,
        severity: 8,
      }),
    ]);
  });

  it('widens an empty span to one character, or to the whole line at its end', () => {
    const mid = text.indexOf('KUBE-SERVICES -j');
    expect(diagnosticsToMarkers(text, [d(mid, mid)]).markers[0]).toMatchObject({
      startColumn: 4,
      endColumn: 5,
    });
    const eol = text.indexOf('\nCOMMIT');
    expect(diagnosticsToMarkers(text, [d(eol, eol)]).markers[0]).toMatchObject({
      startLineNumber: 3,
      startColumn: 1,
      endColumn: 20,
    });
  });

  it('puts errors first and caps the count', () => {
    const many = Array.from({ length: MAX_MARKERS + 5 }, (_, i) =>
      d(0, 1, i === MAX_MARKERS + 4 ? 'error' : 'info'),
    );
    const { markers, omitted } = diagnosticsToMarkers(text, many);
    expect(markers).toHaveLength(MAX_MARKERS);
    expect(omitted).toBe(5);
    expect(markers[0]!.severity).toBe(MARKER_SEVERITY.error);
  });

  it('points at the broken option of a real dump', () => {
    const dump = readFixture('iptables/k8s-overall-rules.iptables-save.txt');
    const rule = '-A KUBE-SERVICES -m comment --comment "kubernetes service nodeports;';
    const at = dump.indexOf(rule);
    expect(at).toBeGreaterThan(0);
    const broken = `${dump.slice(0, at)}-A KUBE-SERVICES -d 10.0.0.1/33 -j ACCEPT\n${dump.slice(at)}`;
    const { diagnostics } = parseIptablesSave(broken);
    const { markers } = diagnosticsToMarkers(broken, diagnostics);
    const line = broken.slice(0, at).split('\n').length;
    expect(markers.some((m) => m.startLineNumber === line && m.severity === MARKER_SEVERITY.error)).toBe(
      true,
    );
  });
});
