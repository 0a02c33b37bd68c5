export { lowerToRuleset } from './lower';
export { lowerNftables } from './nftLower';
