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

/** Version 1 is the first format: no steps yet. Add `{ from: 1, to: 2, migrate }` here when v2 comes. */
const MIGRATIONS: readonly Migration[] = [];

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
