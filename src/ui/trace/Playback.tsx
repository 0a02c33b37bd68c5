import { formatShare } from '../../core/graph/probabilities';
import { useStore } from '../../state/store';

const SPEEDS = [0.5, 1, 1.5, 2, 4];

/** Play/pause, step back/forward, speed, and which outcome to animate (seeded draw or the user's pick). */
export function Playback() {
  const traced = useStore((s) => s.traced);
  const outcomeIndex = useStore((s) => s.outcomeIndex);
  const choice = useStore((s) => s.outcomeChoice);
  const playhead = useStore((s) => s.playhead);
  const playing = useStore((s) => s.playing);
  const speed = useStore((s) => s.speed);
  const outcomes = traced?.result.outcomes ?? [];
  const length = outcomes[outcomeIndex]?.path.length ?? 0;
  const s = useStore.getState;
  if (outcomes.length === 0) return null;
  return (
    <div className="playback">
      <div className="playback-buttons">
        <button type="button" onClick={() => s().step(-1)} disabled={playhead <= 0}>
          ◀ Step back
        </button>
        <button type="button" onClick={() => (playing ? s().pause() : s().play())}>
          {playing ? '❚❚ Pause' : '▶ Play'}
        </button>
        <button type="button" onClick={() => s().step(1)} disabled={playhead >= length - 1}>
          Step forward ▶
        </button>
        <label>
          Speed
          <select value={speed} onChange={(e) => s().setSpeed(Number(e.target.value))}>
            {SPEEDS.map((v) => (
              <option key={v} value={v}>
                {v}×
              </option>
            ))}
          </select>
        </label>
        <span className="playback-position" aria-live="off">
          Step {Math.min(playhead + 1, length)} of {length}
        </span>
      </div>
      {outcomes.length > 1 && (
        <div className="outcome-picker">
          <label>
            Outcome to animate
            <select value={outcomeIndex} onChange={(e) => s().chooseOutcome(Number(e.target.value))}>
              {outcomes.map((o, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one trace's outcomes never reorder; the index is their identity
                <option key={`${i}-${o.dnat}`} value={i}>
                  {formatShare(o.probability)} — {o.verdict}
                  {o.dnat ? ` to ${o.dnat}` : ''}
                  {o.masquerade ? ', masqueraded' : ''}
                </option>
              ))}
            </select>
          </label>
          <span className="outcome-choice">
            {choice?.kind === 'seeded'
              ? `Drawn at random with seed ${choice.seed}, weighted by the probabilities.`
              : 'Chosen by you (click an endpoint in the graph to pick another).'}
          </span>
          <button type="button" onClick={() => s().redraw()}>
            Draw again
          </button>
        </div>
      )}
    </div>
  );
}
