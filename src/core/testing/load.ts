import { parseIptablesSave } from '../iptables';
import type { KubectlData } from '../kubectl';
import { parseKubectl } from '../kubectl';
import { lowerNftables, lowerToRuleset } from '../lower';
import { parseNftables } from '../nftables';
import type { Ruleset } from '../ruleset';

/**
 * TEST-ONLY: how the model tests read fixture texts — through the real readers
 * (`parseIptablesSave` → `lowerToRuleset`, `parseKubectl`), so the model is tested on exactly what
 * the app computes.
 */
export function loadRuleset(text: string): Ruleset {
  return lowerToRuleset(parseIptablesSave(text).result).result;
}

/** TEST-ONLY: an nftables text (listing, `nft -j` JSON or transaction) → Ruleset, as the app reads it. */
export function loadNftRuleset(text: string): Ruleset {
  return lowerNftables(parseNftables(text).result).result;
}

/**
 * kubectl text → KubectlData. `namespace` stands for the `-n` the user ran kubectl with: a table
 * without NAMESPACE column does not say it.
 */
export function loadKubectl(text: string, namespace: string | null = null): KubectlData {
  const data = parseKubectl(text).result;
  if (namespace === null) return data;
  return {
    ...data,
    services: data.services.map((s) => ({ ...s, namespace: s.namespace ?? namespace })),
    endpoints: data.endpoints.map((e) => ({ ...e, namespace: e.namespace ?? namespace })),
  };
}
