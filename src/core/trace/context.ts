import { ipKey, parseIp } from '../net';
import type { Diagnostic } from '../text';
import { localKeySet } from './packet';
import type { TraceEnv } from './types';
import type { WalkContext } from './walk';

/** `env.recent` (address text → seconds since last seen) keyed as the recent match looks entries up. */
export function recentFromEnv(env: TraceEnv): Map<string, Map<string, number[]>> {
  const out = new Map<string, Map<string, number[]>>();
  for (const [list, entries] of Object.entries(env.recent ?? {})) {
    const m = new Map<string, number[]>();
    for (const [addr, age] of Object.entries(entries ?? {})) {
      const ip = parseIp(addr);
      if (ip !== null && Number.isFinite(age)) m.set(ipKey(ip), [Math.max(0, age)]);
    }
    out.set(list, m);
  }
  return out;
}

/** The read-only context of one trace or simulate call. */
export function makeContext(
  env: TraceEnv,
  opts: {
    readonly sample: (() => number) | null;
    readonly keepPaths: boolean;
    readonly recentLookup: WalkContext['recentLookup'];
    readonly nthBase: ReadonlyMap<string, number> | null;
    readonly userInIface: boolean;
    readonly userOutIface: boolean;
    readonly diagnostics: Diagnostic[];
    readonly cuts?: WalkContext['cuts'];
  },
): WalkContext {
  return {
    localKeys: localKeySet(env),
    firstLocal: env.localAddresses.find((a) => parseIp(a) !== null) ?? null,
    ...opts,
  };
}
