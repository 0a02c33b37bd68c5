import { useMemo } from 'react';
import { useAppState } from '../../state/context';
import { useT } from '../useT';
import { type EnvelopeView, envelopeAt, sentPacket } from './envelopeFields';

/** The envelope at the playhead of the outcome on screen (null before a trace). */
export function useEnvelope(): (EnvelopeView & { readonly total: number }) | null {
  const traced = useAppState((s) => s.traced);
  const outcome = useAppState((s) => s.traced?.result.outcomes[s.outcomeIndex] ?? null);
  const playhead = useAppState((s) => s.playhead);
  const tr = useT();
  const sent = useMemo(() => (traced ? sentPacket(traced.packet, traced.env) : null), [traced]);
  return useMemo(() => {
    if (!outcome || !sent || outcome.path.length === 0) return null;
    const view = envelopeAt(outcome, sent, playhead, tr);
    return view ? { ...view, total: outcome.path.length } : null;
  }, [outcome, sent, playhead, tr]);
}
