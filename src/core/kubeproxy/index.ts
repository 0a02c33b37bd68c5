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
export type {
  EndpointChain,
  KubeChain,
  KubeProxyModel,
  KubeServicePort,
  PolicyChain,
  PolicyTarget,
  ServicePortName,
} from './kubeTypes';
export type { ServiceGroup, ServiceTarget } from './serviceGroups';
export { findServiceGroups, indexServiceGroups } from './serviceGroups';
export type { DescribedService, ServicesDescription } from './services';
export { describeServices } from './services';
