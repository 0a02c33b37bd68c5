import { describe, expect, it } from 'vitest';
import type { Packet, TraceEnv } from '../../core/trace';
import { trace } from '../../core/trace';
import { WEB, webRuleset } from '../../core/view/inputs.node';
import { translator } from '../../i18n/t';
import { changeSentences, envelopeAt, markText, sentPacket } from './envelopeFields';

const tr = translator('en');
const env: TraceEnv = { localAddresses: [WEB.nodeIp] };
// From the node's external interface to the NodePort: KUBE-MARK-MASQ, then DNAT, then masquerade.
const packet: Packet = {
  origin: 'external',
  src: '203.0.113.9',
  dst: WEB.nodeIp,
  proto: 'tcp',
  sport: null,
  dport: WEB.nodePort,
};

describe('the packet envelope along the web NodePort path', () => {
  const outcome = trace(webRuleset(), packet, env).outcomes.find((o) => o.dnat === WEB.endpoints[1])!;
  const sent = sentPacket(packet, env);
  const at = (i: number) => envelopeAt(outcome, sent, i, tr)!;
  const dnatIndex = outcome.path.findIndex((s) => s.verdict === 'DNAT');
  const markIndex = outcome.path.findIndex((s) => s.chain === 'KUBE-MARK-MASQ');

  it('says the destination was rewritten at the KUBE-SEP DNAT step', () => {
    const view = at(dnatIndex);
    expect(view.step.chain).toBe(WEB.seps[1]);
    const dst = view.rows.find((r) => r.field === 'dst')!;
    expect(dst).toEqual({
      field: 'dst',
      before: `${WEB.nodeIp}:${WEB.nodePort}`,
      value: WEB.endpoints[1],
    });
    expect(changeSentences(view.rows, tr)).toContain(
      `dst changed: ${WEB.nodeIp}:${WEB.nodePort} → ${WEB.endpoints[1]}`,
    );
    expect(view.rows.find((r) => r.field === 'ct')).toMatchObject({ value: "new, DNAT'ed", before: 'new' });
  });

  it('names the 0x4000 bit after KUBE-MARK-MASQ', () => {
    expect(markIndex).toBeGreaterThan(-1);
    expect(markIndex).toBeLessThan(dnatIndex);
    const mark = at(markIndex).rows.find((r) => r.field === 'mark')!;
    expect(mark).toEqual({ field: 'mark', before: '0x0', value: '0x4000 (marked for masquerade)' });
    expect(at(markIndex + 1).rows.find((r) => r.field === 'mark')!.before).toBeNull();
  });

  it('starts from the packet as sent and ends masqueraded', () => {
    expect(at(0).rows.find((r) => r.field === 'src')!.value).toBe('203.0.113.9');
    const last = at(outcome.path.length - 1);
    expect(last.step.target).toBe('MASQUERADE');
    expect(last.rows.find((r) => r.field === 'src')).toMatchObject({
      before: '203.0.113.9',
      value: "the outgoing interface's address (MASQUERADE)",
    });
  });

  it('clamps the playhead to the path', () => {
    expect(at(999).index).toBe(outcome.path.length - 1);
  });
});

describe('markText', () => {
  it('names kube-proxy bits and keeps the rest in hex', () => {
    expect(markText(0, tr)).toBe('0x0');
    expect(markText(0x8000, tr)).toBe('0x8000 (marked for drop)');
    expect(markText(0xc001, tr)).toBe('0xc001 (marked for masquerade, marked for drop)');
  });
});
