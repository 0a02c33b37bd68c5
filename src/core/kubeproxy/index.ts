export {
  type ChainAuthorId,
  chainAuthor,
  chainAuthorName,
  ruleAuthor,
} from './chainAuthors';
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
export { ipvsModeEvidence } from './ipvsMode';
export { analyzeKubeProxy } from './kube';
export type {
  EndpointChain,
  KubeChain,
  KubeChainRole,
  KubeProxyModel,
  KubeServicePort,
  PolicyChain,
  PolicyTarget,
  ServicePortName,
} from './kubeTypes';
export { kubeProxyReplacement } from './nodeAuthors';
export { dnatEndpoint } from './ruleFacts';
export type { ServiceGroup, ServiceTarget } from './serviceGroup';
export { findServiceGroups, indexServiceGroups } from './serviceGroups';
export type { DescribedService, ServicesDescription } from './services';
export { describeServices } from './services';
