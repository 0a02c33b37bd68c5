import { type GenRule, type GenTable, P, T } from './genRule';
import { kubeProxyMarkText, restoreText } from './restoreText';
import { type SaveHeader, saveText } from './saveText';
import type { ClusterSpec } from './spec';
import { type SyncOptions, syncProxyRules } from './syncRules';

export type GenFlavour = 'iptables-save' | 'restore-input';

export interface GenerateOptions extends SyncOptions {
  /**
   * `restore-input`: exactly the text kube-proxy pipes into `iptables-restore --noflush` (filter
   * and nat, its argument order, no built-in chains). `iptables-save`: what `iptables-save` prints
   * on the node afterwards (mangle/filter/nat with built-in chains, kube-proxy's and kubelet's
   * jump rules and canary chains, normalised arguments). Both are valid iptables-restore input.
   */
  readonly flavour: GenFlavour;
  /** Restore input only: the mark text (default kube-proxy's `%#08x`, e.g. `0x00004000`). */
  readonly markText?: string;
  readonly header?: SaveHeader;
}

const DEFAULT_SAVE_HEADER: SaveHeader = {
  program: 'iptables-save v1.8.9 (nf_tables)',
  date: 'Mon Jan  6 12:00:00 2025',
};

function jump(chain: string, target: string, comment: string | null, ctNew: boolean): GenRule {
  const parts = [];
  if (ctNew) parts.push(P.ctstate('NEW'));
  if (comment !== null) parts.push(P.comment(comment));
  return { chain, parts, target: T.jump(target) };
}

/**
 * The rules kube-proxy (`iptablesJumpChains`, EnsureRule with Prepend) and kubelet
 * (KUBE-FIREWALL, canaries) keep outside the restore input, in the order seen on nodes.
 */
function addNodeScaffolding(filter: GenTable, nat: GenTable, kubeFirewall: boolean): GenTable {
  const lbFirewall = 'kubernetes load balancer firewall';
  const external = 'kubernetes externally-visible service portals';
  const portals = 'kubernetes service portals';
  const filterJumps: GenRule[] = [
    jump('INPUT', 'KUBE-PROXY-FIREWALL', lbFirewall, true),
    jump('INPUT', 'KUBE-NODEPORTS', 'kubernetes health check service ports', false),
    jump('INPUT', 'KUBE-EXTERNAL-SERVICES', external, true),
    ...(kubeFirewall ? [jump('INPUT', 'KUBE-FIREWALL', null, false)] : []),
    jump('FORWARD', 'KUBE-PROXY-FIREWALL', lbFirewall, true),
    jump('FORWARD', 'KUBE-FORWARD', 'kubernetes forwarding rules', false),
    jump('FORWARD', 'KUBE-SERVICES', portals, true),
    jump('FORWARD', 'KUBE-EXTERNAL-SERVICES', external, true),
    jump('OUTPUT', 'KUBE-PROXY-FIREWALL', lbFirewall, true),
    jump('OUTPUT', 'KUBE-SERVICES', portals, true),
    ...(kubeFirewall ? [jump('OUTPUT', 'KUBE-FIREWALL', null, false)] : []),
  ];
  filter.rules.unshift(...filterJumps);
  nat.rules.unshift(
    jump('PREROUTING', 'KUBE-SERVICES', portals, false),
    jump('OUTPUT', 'KUBE-SERVICES', portals, false),
    jump('POSTROUTING', 'KUBE-POSTROUTING', 'kubernetes postrouting rules', false),
  );
  // ipt.Monitor's canaries (kube-proxy) and kubelet's, in mangle, nat and filter.
  const canaries = ['KUBE-KUBELET-CANARY', 'KUBE-PROXY-CANARY'];
  filter.chains.push(...canaries);
  nat.chains.push(...canaries);
  return { name: 'mangle', chains: [...canaries], rules: [] };
}

/**
 * Generates the iptables rules kube-proxy keeps on the spec's node (see GenerateOptions.flavour).
 * Deterministic: the same spec and options always give the same text. Returns the whole text,
 * newline-terminated.
 */
export function generateIptablesSave(spec: ClusterSpec, options: GenerateOptions): string {
  const { filter, nat } = syncProxyRules(spec, options);
  if (options.flavour === 'restore-input') {
    return restoreText([filter, nat], options.markText ?? kubeProxyMarkText(spec.masqueradeBit));
  }
  const mangle = addNodeScaffolding(filter, nat, spec.localhostNodePorts);
  return saveText([mangle, filter, nat], 2 ** spec.masqueradeBit, options.header ?? DEFAULT_SAVE_HEADER);
}
