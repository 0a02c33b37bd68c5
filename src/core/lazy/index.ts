export { textKey } from './dispatch';

export { openLazyRuleset } from './open';

export { scanIptablesSave } from './scan';
