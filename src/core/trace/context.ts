import { virtualAddresses } from '../ipvs';
import { ipKey, parseIp } from '../net';
import type { Diagnostic } from '../text';
import { localKeySet } from './packet';
import { ipsetsByName } from './setMatch';
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
    /** `ipvsModeEvidence(ruleset)`: why the rules look like kube-proxy's IPVS mode, or null. */
    readonly ipvsMode: string | null;
    readonly cuts?: WalkContext['cuts'];
  },
): WalkContext {
  const vips = virtualAddressKeys(env);
  const localKeys = localKeySet(env);
  for (const k of vips) localKeys.add(k);
  return {
    localKeys,
    firstLocal: env.localAddresses.find((a) => parseIp(a) !== null) ?? null,
    ipsets: ipsetsByName(env.ipsets),
    ipvs: env.ipvs ?? null,
    vips,
    ...opts,
  };
}

/**
 * The IPVS virtual addresses (ipKey): those of `env.ipvs` and the members of kube-proxy's
 * KUBE-IPVS-IPS set (pkg/proxy/ipvs/ipset.go: "every address bound to kube-ipvs0"). kube-proxy
 * binds each to the dummy interface kube-ipvs0 (proxier.go defaultDummyDevice), so the node's
 * routing takes them as local: a packet to one goes to INPUT, where IPVS takes it.
 */
function virtualAddressKeys(env: TraceEnv): Set<string> {
  const keys = new Set<string>();
  const add = (text: string) => {
    const ip = parseIp(text);
    if (ip !== null) keys.add(ipKey(ip));
  };
  if (env.ipvs !== undefined) for (const a of virtualAddresses(env.ipvs)) add(a);
  for (const set of env.ipsets ?? []) {
    if (set.name !== 'KUBE-IPVS-IPS' && set.name !== 'KUBE-6-IPVS-IPS') continue;
    for (const m of set.members ?? []) if (!m.nomatch) add(m.text);
  }
  return keys;
}
