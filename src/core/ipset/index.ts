/** Public surface of the `ipset list` / `ipset save` reader and the set-match test (pure). */
export { IPSET_CODES, type IpsetCode, type IpsetDiagnostic } from './codes';
export { dimensionsOf } from './element';
export { KUBE_SETS, type KubeSetInfo, kubeSetInfo } from './kubeSets';
export { parseSetFlags, type SetFlag, type SetMatch, type SetPacket, testSet } from './match';
export { type IpsetParseResult, parseIpset } from './parseIpset';
export type { Dimension, Element, IpSet, IpsetHeader, IpsetMember, IpsetTable, SetFamily } from './types';
