import { kubeProxyReplacement } from '../kubeproxy';
import type { Ruleset } from '../ruleset';
import type { Assumption, Outcome } from './types';

/**
 * A node whose Services are translated by Cilium's eBPF kube-proxy replacement (CILIUM_* chains,
 * no kube-proxy chain: kubeproxy/nodeAuthors.ts) is not traced as if netfilter were the whole
 * story: every outcome carries this assumption first, so no answer about a Service address there
 * reads as confident.
 */
export function withReplacement(ruleset: Ruleset, outcomes: Outcome[]): Outcome[] {
  const r = kubeProxyReplacement(ruleset);
  if (r === null) return outcomes;
  const a: Assumption = {
    code: 'trace/kube-proxy-replaced',
    message: `kube-proxy replacement: eBPF is not traced here. This node has Cilium's chains (${r.chain}) and none of kube-proxy's, so Cilium translates Service addresses in eBPF before or beside these rules; this outcome is only what the iptables rules do.`,
    line: null,
  };
  return outcomes.map((o) => ({ ...o, assumptions: [a, ...o.assumptions] }));
}
