import { iptablesRestoreSection } from './iptablesRestore';
import { lazySection } from './lazy';
import { longRuleSection } from './longRule';
import { parseModelSection } from './parseModel';
import { startupSection } from './startup';
import { traceSection } from './trace';
import type { BenchSection } from './types';

/**
 * The sections `npm run bench` runs, in order. To add figures, write a `BenchSection` in its own
 * file here and append it.
 */
export const SECTIONS: readonly BenchSection[] = [
  parseModelSection,
  lazySection,
  traceSection,
  iptablesRestoreSection,
  longRuleSection,
  startupSection,
];
