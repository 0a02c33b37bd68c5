export { KUBECTL_CODES } from './codes';
export { isBlank, lineAt, lineHead } from './lines';
export { parseKubectl } from './parseKubectl';
export { cellsByOffsets } from './tableCells';
export { readTableHeader } from './tableHeader';
export type { EndpointAddress, EndpointsInfo, KubectlData, ServiceInfo, ServicePortInfo } from './types';
