export {
  chainMark,
  chainRole,
  isMarkChain,
  isPolicyRole,
  isServicePortRole,
  KUBE_CHAIN,
} from './chainNames';
export {
  base32Encode,
  endpointHost,
  endpointString,
  portProtoHash,
  SERVICE_CHAIN_PREFIX,
  serviceChainName,
  servicePortEndpointChainName,
  servicePortNameString,
} from './hash';
export { analyzeKubeProxy } from './kube';
export type {
  KubeChainRole,
  KubeProxyModel,
  KubeServicePort,
  PolicyChain,
  ServicePortName,
} from './kubeTypes';
export { dnatEndpoint } from './ruleFacts';
export type { ServiceGroup, ServiceTarget } from './serviceGroup';
export { findServiceGroups, indexServiceGroups } from './serviceGroups';
export { describeServices } from './services';
