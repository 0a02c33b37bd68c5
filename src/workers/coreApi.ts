/**
 * The core entry points the worker runs, in one place (the worker's whole dependency on core/).
 * Import this only from the worker side: elk's layout bundle is large.
 */
export { buildChainGraph } from '../core/graph/build';
export { layoutGraph, layoutGraphRoutes } from '../core/graph/layout';
export { indexServiceGroups } from '../core/graph/services';
export { suggestPacket } from '../core/graph/suggestPacket';
export { parseIptablesSave } from '../core/iptables/parse';
export { parseKubectl } from '../core/kubectl/parseKubectl';
export { analyzeKubeProxy } from '../core/model/kube';
export { lowerToRuleset } from '../core/model/lower';
export { simulate } from '../core/trace/simulate';
export { trace } from '../core/trace/trace';
