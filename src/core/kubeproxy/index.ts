export type { ServiceChainKind } from './hash';
export {
  base32Encode,
  endpointString,
  portProtoHash,
  SERVICE_CHAIN_PREFIX,
  serviceChainName,
  servicePortEndpointChainName,
  servicePortNameString,
} from './hash';
export { analyzeKubeProxy } from './kube';
export type { KubeProxyModel, KubeServicePort, PolicyChain, ServicePortName } from './kubeTypes';
export type { ServiceGroup, ServiceTarget } from './serviceGroups';
export { findServiceGroups, indexServiceGroups } from './serviceGroups';
export { describeServices } from './services';
