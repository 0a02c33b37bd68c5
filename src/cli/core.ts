// The core entry points the CLI runs (one place, so the commands import nothing else from core).
export { parseIptablesSave } from '../core/iptables/parse';
export { parseKubectl } from '../core/kubectl/parseKubectl';
export { analyzeKubeProxy } from '../core/kubeproxy/kube';
export { describeServices } from '../core/kubeproxy/services';
export { lowerToRuleset } from '../core/lower/lower';
export { simulate } from '../core/trace/simulate';
export { trace } from '../core/trace/trace';
