/** Public surface of the `ipvsadm -Ln` reader and the IPVS model (pure; no tracer wiring here). */
export { chooseRealServer, eligibleServers, type ServerChoice, type Share } from './choice';
export { IPVS_CODES, type IpvsCode, type IpvsDiagnostic } from './codes';
export { formatEndpoint } from './endpoint';
export { type IpvsLookup, type IpvsOutcome, type IpvsPacket, lookupIpvs } from './lookup';
export {
  canonicalAddress,
  findFwmarkService,
  findVirtualService,
  isVirtualAddress,
  modelService,
  type ServiceModel,
  virtualAddresses,
} from './model';
export { type NodePaste, splitNodePaste } from './nodePaste';
export { type IpvsParseResult, parseIpvsadm } from './parseIpvsadm';
export { SCHEDULERS, type SchedulerInfo, type SchedulerKind } from './schedulers';
export type {
  Endpoint,
  ForwardMethod,
  IpFamily,
  IpvsCounters,
  IpvsListing,
  IpvsProtocol,
  IpvsTable,
  Persistence,
  RealServer,
  VirtualService,
} from './types';
