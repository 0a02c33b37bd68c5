import { useMemo } from 'react';
import { describePath, type StepView } from '../../core/view';
import { useAppState } from '../../state/context';
import { useLang } from '../useT';
import { useChosenOutcome, usePathPods, useServiceLabels } from './hooks';

// The path list and the story strip both show these words: describe a path once per
// (outcome, language, Service labels), not once per component. Outcomes are immutable values.
const cache = new WeakMap<object, { key: unknown[]; steps: StepView[] }>();

/** The chosen outcome's steps in plain words (core/view/steps.ts describePath), or [] before a packet. */
export function usePathSteps(): StepView[] {
  const traced = useAppState((s) => s.traced);
  const outcome = useChosenOutcome();
  const serviceOf = useServiceLabels();
  const lang = useLang();
  const pods = usePathPods();
  return useMemo(() => {
    if (!traced || !outcome) return [];
    const key = [traced, serviceOf, lang, pods];
    const hit = cache.get(outcome);
    if (hit?.key.every((k, i) => k === key[i])) return hit.steps;
    const steps = describePath(traced.rules, traced.packet, outcome, serviceOf, lang, pods);
    cache.set(outcome, { key, steps });
    return steps;
  }, [traced, outcome, serviceOf, lang, pods]);
}
