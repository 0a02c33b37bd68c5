import type { Outcome, Packet, PathStep, StepPacket, TraceEnv } from '../../core/trace';
import type { MessageKey, Translate } from '../../i18n/t';

/**
 * The packet envelope (Packet Tracer's PDU view) as words: each header as the step at the playhead
 * leaves it, and what that step changed. Pure, so the panel and the card on the graph marker say
 * the same thing.
 */

/** kube-proxy's mark bits (proxier.go: masqueradeMark 0x4000 by default, KUBE-MARK-DROP 0x8000). */
const MASQ_MARK = 0x4000;
const DROP_MARK = 0x8000;

export type EnvelopeField = 'src' | 'dst' | 'proto' | 'mark' | 'ct';
const ENVELOPE_FIELDS: readonly EnvelopeField[] = ['src', 'dst', 'proto', 'mark', 'ct'];

export interface EnvelopeRow {
  readonly field: EnvelopeField;
  readonly value: string;
  /** The value before this step when the step changed it, else null. */
  readonly before: string | null;
}

export interface EnvelopeView {
  /** Index of the step shown (the playhead, clamped to the path). */
  readonly index: number;
  readonly step: PathStep;
  readonly rows: readonly EnvelopeRow[];
}

/** The packet as the user sent it: what the first rule sees (the tracer's defaults for the rest). */
export function sentPacket(packet: Packet, env: TraceEnv): StepPacket {
  const ported = packet.proto !== 'icmp';
  return {
    src: packet.src,
    dst: packet.dst,
    sport: ported ? packet.sport : null,
    dport: ported ? packet.dport : null,
    proto: packet.proto,
    mark: (packet.mark ?? 0) >>> 0,
    ct: env.conntrack ?? 'new',
    dnat: false,
    snat: false,
    masquerade: false,
  };
}

function hostPort(host: string, port: number | null): string {
  if (port === null) return host;
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** `0x4000 (marked for masquerade)`; kube-proxy's bits named, the rest in hex. */
export function markText(mark: number, tr: Translate): string {
  const words: string[] = [];
  if (mark & MASQ_MARK) words.push(tr('env.markMasq'));
  if (mark & DROP_MARK) words.push(tr('env.markDrop'));
  const hex = `0x${(mark >>> 0).toString(16)}`;
  return words.length > 0 ? `${hex} (${words.join(tr('env.listSep'))})` : hex;
}

const CT_WORD: Readonly<Record<StepPacket['ct'], MessageKey>> = {
  new: 'env.ct.new',
  established: 'env.ct.established',
  related: 'env.ct.related',
  invalid: 'env.ct.invalid',
  untracked: 'env.ct.untracked',
};

/** One header of a StepPacket as text. */
function fieldText(p: StepPacket, field: EnvelopeField, tr: Translate): string {
  switch (field) {
    case 'src':
      return p.masquerade ? tr('env.masqSrc') : hostPort(p.src, p.sport);
    case 'dst':
      return hostPort(p.dst, p.dport);
    case 'proto':
      return p.proto === null ? '?' : p.proto.toUpperCase();
    case 'mark':
      return markText(p.mark, tr);
    case 'ct':
      return [
        tr(CT_WORD[p.ct]),
        ...(p.dnat ? [tr('env.dnatted')] : []),
        ...(p.snat ? [tr('env.snatted')] : []),
      ].join(tr('env.listSep'));
  }
}

/** Every header of `now`, with its value before when it changed since `before`. */
function envelopeRows(now: StepPacket, before: StepPacket, tr: Translate): EnvelopeRow[] {
  return ENVELOPE_FIELDS.map((field) => {
    const value = fieldText(now, field, tr);
    const was = fieldText(before, field, tr);
    return { field, value, before: was === value ? null : was };
  });
}

/** The envelope at `playhead` of `outcome`, or null when the trace has no packets on its steps. */
export function envelopeAt(
  outcome: Outcome,
  sent: StepPacket,
  playhead: number,
  tr: Translate,
): EnvelopeView | null {
  const index = Math.max(0, Math.min(playhead, outcome.path.length - 1));
  const step = outcome.path[index];
  if (step?.packet === undefined) return null;
  const before = index > 0 ? (outcome.path[index - 1]?.packet ?? sent) : sent;
  return { index, step, rows: envelopeRows(step.packet, before, tr) };
}

/** "dst changed: 10.96.0.10:80 → 10.244.1.5:8080" for each changed row (screen-reader text). */
export function changeSentences(rows: readonly EnvelopeRow[], tr: Translate): string[] {
  return rows
    .filter((r) => r.before !== null)
    .map((r) =>
      tr('env.changed', { field: tr(`env.short.${r.field}`), before: r.before ?? '', after: r.value }),
    );
}
