import { BUILTIN_CHAINS, type Ruleset } from '../ruleset';
import { registerRuleSource } from '../trace';
import { ChainStore, DISPATCH_MIN } from './chains';
import { lazyRuleset } from './facade';
import { type ScannedTable, scanIptablesSave } from './scan';

/** A text opened lazily: its Ruleset (read on demand) and the store that reads it. */
export interface LazyRuleset {
  readonly ruleset: Ruleset;
  readonly store: ChainStore;
}

/**
 * kube-proxy's jump targets (trace/implied.ts KUBE_PROXY_JUMPS): when a table lacks a built-in
 * chain, the tracer implies jumps to those of them the table has — including a chain only jumped
 * to (lowering makes it, origin 'referenced'). The lazy Ruleset has no referenced chains, so a text
 * that could have such a one is left to the full pipeline.
 */
const KUBE_TARGETS = [
  'KUBE-PROXY-FIREWALL',
  'KUBE-NODEPORTS',
  'KUBE-EXTERNAL-SERVICES',
  'KUBE-FIREWALL',
  'KUBE-FORWARD',
  'KUBE-SERVICES',
  'KUBE-POSTROUTING',
];

function mayReferenceKubeTarget(text: string, t: ScannedTable): boolean {
  if (BUILTIN_CHAINS[t.name].every((hook) => t.byName.has(hook))) return false;
  for (const name of KUBE_TARGETS) {
    if (t.byName.has(name)) continue;
    for (const flag of [' -j ', ' -g ']) {
      const at = text.indexOf(flag + name, t.start);
      if (at !== -1 && at < t.close) return true;
    }
  }
  return false;
}

/**
 * Opens `text` for lazy reading: one scan (scan.ts), then rules are read when the tracer (or
 * anyone) reads them. Returns the reason instead when the text is not in the shape the lazy
 * reader takes: run the full pipeline then. Never throws.
 */
export function openLazyRuleset(text: string): LazyRuleset | { readonly reason: string } {
  const scanned = scanIptablesSave(text);
  if (!scanned.ok) return { reason: scanned.reason };
  const scan = scanned.scan;
  for (const t of scan.tables)
    if (mayReferenceKubeTarget(text, t)) return { reason: `*${t.name} may jump to a chain it lacks` };
  const store = new ChainStore(scan);
  const ruleset = lazyRuleset(store);
  registerRuleSource(ruleset, {
    keys(table, chain) {
      const c = scan.tables.find((t) => t.name === table)?.byName.get(chain);
      if (c === undefined || (scan.count[c] as number) < DISPATCH_MIN) return null;
      return store.indexKeys(c);
    },
  });
  return { ruleset, store };
}
