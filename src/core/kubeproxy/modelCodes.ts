import type { Severity } from '../text';

/**
 * Stable diagnostic codes of the kube-proxy analysis (wire format: never rename a code).
 * Tests and the UI key on the code; messages may change.
 */
export const MODEL_CODES = {
  /** kubectl lists an endpoint with no KUBE-SEP, or a KUBE-SEP has no kubectl endpoint (info when kubectl truncated the list or the Service uses a Local traffic policy). */
  endpointsMismatch: 'model/endpoints-mismatch',
  /** A KUBE-SVC/SVL/EXT/FW/XLB/SEP chain of a Service kubectl does not know (warning), or a KUBE-SVC/SEP no rule jumps to in a full dump (info). */
  staleChain: 'model/stale-chain',
  /** A ClusterIP/NodePort/LoadBalancer Service with a cluster IP and ready endpoints but no KUBE-SERVICES rule. */
  serviceWithoutRules: 'model/service-without-rules',
  /** A comment names a Service port whose hash is not the chain's name (info: kube-proxy versions differ). */
  hashMismatch: 'model/hash-mismatch',
  /** The cluster IP or port kubectl shows differs from the one in the Service's KUBE-SERVICES rule. */
  clusterIpMismatch: 'model/cluster-ip-mismatch',
  /** A KUBE-SVC/SEP chain whose Service port could not be found (no comment, no kubectl hash). */
  ownerUnknown: 'model/owner-unknown',
  /** A policy chain's cascade leaves probability unassigned (its last KUBE-SEP rule has a statistic match). */
  probabilityGap: 'model/probability-gap',
  /** A KUBE-SEP chain with rules but no DNAT. */
  sepWithoutDnat: 'model/sep-without-dnat',
  /** Cilium's chains and no kube-proxy chain: kube-proxy replacement (eBPF), not traced here. */
  kubeProxyReplaced: 'model/kube-proxy-replaced',
} as const;

export type ModelCode = (typeof MODEL_CODES)[keyof typeof MODEL_CODES];

/** Default severity of each code (some are lowered to info case by case, as documented above). */
export const MODEL_CODE_SEVERITY: Readonly<Record<ModelCode, Severity>> = {
  'model/endpoints-mismatch': 'warning',
  'model/stale-chain': 'warning',
  'model/service-without-rules': 'warning',
  'model/hash-mismatch': 'info',
  'model/cluster-ip-mismatch': 'warning',
  'model/owner-unknown': 'info',
  'model/probability-gap': 'warning',
  'model/sep-without-dnat': 'info',
  'model/kube-proxy-replaced': 'warning',
};
