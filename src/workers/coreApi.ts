/**
 * The core entry points the worker runs, in one place (the worker's whole dependency on core/).
 * Import this only from the worker side: elk's layout bundle is large.
 */

export { parseIptablesSave } from '../core/iptables/parse';
export { parseKubectl } from '../core/kubectl/parseKubectl';
export { analyzeKubeProxy } from '../core/kubeproxy/kube';
export { indexServiceGroups } from '../core/kubeproxy/serviceGroups';
export { lowerToRuleset } from '../core/lower/lower';
export { simulate } from '../core/trace/simulate';
export { trace } from '../core/trace/trace';
export { buildChainGraph } from '../core/view/build';
export { layoutGraph, layoutGraphRoutes } from '../core/view/layout';
export { suggestPacket } from '../core/view/suggestPacket';
