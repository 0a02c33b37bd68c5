export { lowerToRuleset } from './lower';
