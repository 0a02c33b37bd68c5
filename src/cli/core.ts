// The core entry points the CLI runs (one place, so the commands import nothing else from core).
export { analyzeTexts } from '../core/analyze';
export { parseIptablesSave } from '../core/iptables';
export { parseKubectl } from '../core/kubectl';
export { describeServices, indexServiceGroups } from '../core/kubeproxy';
export { simulate, trace } from '../core/trace';
export { describePath } from '../core/view';
