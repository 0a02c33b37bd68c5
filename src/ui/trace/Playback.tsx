import { formatShare } from '../../core/view';
import { useAppState, useAppStore } from '../../state/context';
import { useT } from '../useT';

const SPEEDS = [0.5, 1, 1.5, 2, 4];

/** An arrow drawn beside a button's words and kept out of its accessible name ("Step back", not "◀ Step back"). */
function Glyph({ children }: { children: string }) {
  return (
    <span className="glyph" aria-hidden="true">
      {children}
    </span>
  );
}

/** Play/pause, step back/forward, speed, and which outcome to animate (seeded draw or the user's pick). */
export function Playback() {
  const traced = useAppState((s) => s.traced);
  const outcomeIndex = useAppState((s) => s.outcomeIndex);
  const choice = useAppState((s) => s.outcomeChoice);
  const playhead = useAppState((s) => s.playhead);
  const playing = useAppState((s) => s.playing);
  const speed = useAppState((s) => s.speed);
  const outcomes = traced?.result.outcomes ?? [];
  const length = outcomes[outcomeIndex]?.path.length ?? 0;
  const s = useAppStore().getState;
  const tr = useT();
  if (outcomes.length === 0) return null;
  return (
    <div className="playback">
      <div className="playback-buttons">
        <button type="button" onClick={() => s().step(-1)} disabled={playhead <= 0}>
          <Glyph>◀</Glyph> {tr('play.back')}
        </button>
        <button type="button" onClick={() => (playing ? s().pause() : s().play())}>
          <Glyph>{playing ? '❚❚' : '▶'}</Glyph> {playing ? tr('play.pause') : tr('play.play')}
        </button>
        <button type="button" onClick={() => s().step(1)} disabled={playhead >= length - 1}>
          {tr('play.forward')} <Glyph>▶</Glyph>
        </button>
        <label>
          {tr('play.speed')}
          <select value={speed} onChange={(e) => s().setSpeed(Number(e.target.value))}>
            {SPEEDS.map((v) => (
              <option key={v} value={v}>
                {v}×
              </option>
            ))}
          </select>
        </label>
        <span className="playback-position" aria-live="off">
          {tr('play.position', { n: Math.min(playhead + 1, length), total: length })}
        </span>
      </div>
      {outcomes.length > 1 && (
        <div className="outcome-picker">
          <label>
            {tr('play.outcome')}
            <select value={outcomeIndex} onChange={(e) => s().chooseOutcome(Number(e.target.value))}>
              {outcomes.map((o, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one trace's outcomes never reorder; the index is their identity
                <option key={`${i}-${o.dnat}`} value={i}>
                  {formatShare(o.probability)} — {o.verdict}
                  {o.dnat ? tr('play.outcomeTo', { endpoint: o.dnat }) : ''}
                  {o.masquerade ? tr('play.masqueraded') : ''}
                </option>
              ))}
            </select>
          </label>
          <span className="outcome-choice">
            {choice?.kind === 'seeded' ? tr('play.seeded', { seed: choice.seed }) : tr('play.user')}
          </span>
          <button type="button" onClick={() => s().redraw()}>
            {tr('play.redraw')}
          </button>
        </div>
      )}
    </div>
  );
}
