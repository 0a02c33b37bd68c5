import { CURRENT_SCENARIO_VERSION } from './scenario';

/**
 * Each step turns the JSON of one scenario version into the next. Steps are small and pure; a
 * version number is never reused, and a frozen link per version stays a test fixture forever
 * (test/share/links/), so a link made today opens in every later version.
 */
export interface Migration {
  readonly from: number;
  readonly to: number;
  readonly migrate: (raw: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * 1 → 2 (issue 9): a v1 link had no lesson and no note. Nothing else changed meaning, so the
 * step only adds the two fields (as null) and keeps every v1 field as it was.
 */
const MIGRATIONS: readonly Migration[] = [
  { from: 1, to: 2, migrate: (raw) => ({ ...raw, lesson: null, note: null }) },
];

/** Runs the chain from `version` up to the current one; `null` when no chain leads there. */
export function migrateToCurrent(
  version: number,
  raw: Record<string, unknown>,
  migrations: readonly Migration[] = MIGRATIONS,
  current: number = CURRENT_SCENARIO_VERSION,
): Record<string, unknown> | null {
  let v = version;
  let data = raw;
  while (v !== current) {
    const step = migrations.find((m) => m.from === v);
    if (!step || step.to <= v) return null;
    data = { ...step.migrate(data), version: step.to };
    v = step.to;
  }
  return data;
}
