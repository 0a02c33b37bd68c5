import { useAppState } from '../../state/context';
import { GraphMinimap, PacketCaption } from '../flow/ChainGraph';
import { useChosenOutcome } from '../trace/hooks';
import { PacketEnvelope } from '../trace/PacketEnvelope';
import { Playback } from '../trace/Playback';
import { StandardAnswer } from '../trace/StandardAnswer';
import { usePathSteps } from '../trace/usePathSteps';
import { Verdict } from '../trace/Verdict';
import { useT } from '../useT';

/** The current step in plain words (the same words as its line in the path list). */
function CurrentStep() {
  const steps = usePathSteps();
  const playhead = useAppState((s) => s.playhead);
  const view = steps[playhead];
  if (!view) return null;
  return (
    <p className={`story-step tone-${view.tone}`} data-testid="current-step">
      {view.words}
    </p>
  );
}

/**
 * The story strip under the graph (issue 8): the verdict, the playback controls, where the packet
 * is and the current step in words, so all of it and the graph are on screen at once after
 * "Send packet"; the packet envelope beside them. The minimap sits at its end, outside the canvas.
 */
export function StoryStrip() {
  const tr = useT();
  const outcome = useChosenOutcome();
  const traced = useAppState((s) => s.traced !== null);
  return (
    <section id="story-strip" tabIndex={-1} className="story-strip" aria-label={tr('story.label')}>
      <div className="story-main">
        {outcome ? (
          <>
            <div className="story-left">
              <div className="story-head">
                <Verdict outcome={outcome} />
                <Playback />
              </div>
              <StandardAnswer />
              <div className="story-now">
                <PacketCaption />
                <CurrentStep />
              </div>
            </div>
            {/* The packet envelope (issue 8 §9): the headers as this step leaves them, beside the story. */}
            <PacketEnvelope />
          </>
        ) : (
          <p className="hint">{traced ? tr('path.noOutcome') : tr('story.hint')}</p>
        )}
      </div>
      <GraphMinimap />
    </section>
  );
}
