import './trace.css';
import { memo, type RefObject, useEffect, useRef } from 'react';
import { chainAuthorName } from '../../core/kubeproxy';
import type { StepView } from '../../core/view';
import type { Language, Translate } from '../../i18n';
import { explainCodeZh } from '../../i18n/codesZh';
import { useAppState, useAppStore } from '../../state/context';
import { useLang, useT } from '../useT';
import { useChosenOutcome } from './hooks';
import { usePathSteps } from './usePathSteps';

/** In 简体中文, the explanation of `code` followed by the English `message`; else the message alone. */
function Explained({ code, message, lang }: { code: string; message: string; lang: Language }) {
  const zh = lang === 'zh-CN' ? explainCodeZh(code) : null;
  if (zh === null) return <>{message}</>;
  return (
    <>
      {zh}{' '}
      <span lang="en" className="diag-detail">
        {message}
      </span>
    </>
  );
}

/** The tracer's assumptions (conntrack state, ipsets, unknown modules…), listed beside the result. */
function Assumptions() {
  const result = useAppState((s) => s.traced?.result ?? null);
  const outcome = useChosenOutcome();
  const select = useAppState((s) => s.setHighlightedLine);
  const tr = useT();
  const lang = useLang();
  if (!result) return null;
  const items = [...result.assumptions, ...(outcome?.assumptions ?? [])].filter(
    (a, i, all) =>
      all.findIndex((b) => b.code === a.code && b.line === a.line && b.message === a.message) === i,
  );
  const problems = result.diagnostics.filter((d) => d.severity !== 'info');
  return (
    <section className="assumptions" aria-label={tr('assume.region')}>
      <h3>{tr('assume.title')}</h3>
      {items.length === 0 && problems.length === 0 ? (
        <p>{tr('assume.nothing')}</p>
      ) : (
        <ul>
          {items.map((a) => (
            <li key={`${a.code}-${a.line}-${a.message}`}>
              <Explained code={a.code} message={a.message} lang={lang} />
              {a.line !== null && (
                <button type="button" className="link" onClick={() => select(a.line)}>
                  {tr('assume.line', { line: a.line })}
                </button>
              )}
            </li>
          ))}
          {problems.map((d) => (
            <li key={`${d.code}-${d.span.start}`} className="assumption-problem">
              <Explained code={d.code} message={d.message} lang={lang} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * One step of the path list. Memoized: a playback tick changes two rows' `place`, and a path of
 * 1,000 steps (the tracer's bound on a deep jump chain) re-rendered every row at every tick.
 */
const StepItem = memo(function StepItem({
  v,
  place,
  currentRef,
  tr,
  lang,
}: {
  v: StepView;
  place: 'done' | 'current' | 'ahead';
  currentRef: RefObject<HTMLLIElement | null>;
  tr: Translate;
  lang: Language;
}) {
  const store = useAppStore();
  return (
    <li
      ref={place === 'current' ? currentRef : undefined}
      className={`step tone-${v.tone}${place === 'current' ? ' current' : ''}${place === 'ahead' ? ' ahead' : ''}`}
      aria-current={place === 'current' ? 'step' : undefined}
      data-chain={v.step.chain}
    >
      <button
        type="button"
        className="step-button"
        onClick={() => {
          const s = store.getState();
          s.seek(v.index);
          if (v.step.ruleId && v.step.line !== null) s.selectRule(v.step.ruleId, v.step.line);
        }}
      >
        <span className="step-where">
          <code className="step-chain">{v.step.chain}</code>
          {v.author !== null && v.author !== 'kube-proxy' && (
            <span className="step-owner">{chainAuthorName(v.author, lang)}</span>
          )}
          <span className="step-hook">
            {v.step.table} · {v.step.hook}
            {v.step.line !== null ? tr('path.line', { line: v.step.line }) : ''}
          </span>
        </span>
        <span className="step-words">{v.words}</span>
        <span className="step-header">
          <span className={v.changed === 'src' ? 'changed changed-src' : undefined}>
            {tr('env.short.src')} {v.src}
          </span>
          {' → '}
          <span className={v.changed === 'dst' ? 'changed changed-dst' : undefined}>
            {tr('env.short.dst')} {v.dst}
          </span>
          {v.changed === 'src' && (
            <span className="change-word change-src">
              {' '}
              ({v.tone === 'masquerade' ? tr('path.changeMasquerade') : 'SNAT'})
            </span>
          )}
          {v.changed === 'dst' && <span className="change-word change-dst"> (DNAT)</span>}
        </span>
      </button>
    </li>
  );
});

/** A loop-free path can be 10,000 jumps deep (issue 12): the list shows its first and last steps. */
const LISTED_EACH_END = 500;

/** The steps to list, with the count of those left out between the two ends (a number). */
function listed(steps: readonly StepView[]): (StepView | number)[] {
  if (steps.length <= 2 * LISTED_EACH_END + 1) return [...steps];
  return [
    ...steps.slice(0, LISTED_EACH_END),
    steps.length - 2 * LISTED_EACH_END,
    ...steps.slice(steps.length - LISTED_EACH_END),
  ];
}

/**
 * The chosen outcome's path as an ordered list, in the side panel beside the graph (aria-label "Packet path"): each matched rule in
 * plain words, its chain, the header as it changes (DNAT blue, masquerade orange). Clicking a
 * step moves the playhead there and reveals the rule in the editor; during playback the current
 * rule's line is highlighted.
 */
export function PacketPath() {
  const store = useAppStore();
  const traced = useAppState((s) => s.traced);
  const playhead = useAppState((s) => s.playhead);
  const outcome = useChosenOutcome();
  const tr = useT();
  const lang = useLang();
  const steps = usePathSteps();
  const current = useRef<HTMLLIElement | null>(null);
  const list = useRef<HTMLOListElement | null>(null);

  const line = steps[playhead]?.step.line ?? 0;
  useEffect(() => {
    if (line > 0) store.getState().setHighlightedLine(line);
  }, [store, line]);
  useEffect(() => {
    // Keep the current step in view inside the list only (scrollIntoView would scroll the page too).
    const item = current.current;
    const box = list.current;
    if (playhead < 0 || !item || !box) return;
    const top = item.offsetTop; // the list is the item's offsetParent (position: relative)
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + item.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = top + item.offsetHeight - box.clientHeight;
    }
  }, [playhead]);

  if (!traced) {
    return (
      <section className="packet-path-section" aria-label={tr('path.result')}>
        <p className="hint">{tr('path.hintSend')}</p>
      </section>
    );
  }
  if (!outcome) {
    return (
      <section className="packet-path-section" aria-label={tr('path.result')}>
        <p className="hint">{tr('path.noOutcome')}</p>
        <Assumptions />
      </section>
    );
  }
  return (
    <section className="packet-path-section" aria-label={tr('path.result')}>
      {/* The verdict is in the story strip (ui/app/StoryStrip.tsx), beside the playback controls. */}
      <ol className="packet-path" aria-label={tr('path.list')} ref={list}>
        {listed(steps).map((v) =>
          typeof v === 'number' ? (
            <li key="gap" className="step-gap">
              {tr('path.notListed', { n: v.toLocaleString('en') })}
            </li>
          ) : (
            <StepItem
              key={v.index}
              v={v}
              place={v.index === playhead ? 'current' : v.index > playhead ? 'ahead' : 'done'}
              currentRef={current}
              tr={tr}
              lang={lang}
            />
          ),
        )}
      </ol>
      <Assumptions />
    </section>
  );
}
