export { encodeBase64url } from './base64url';
export type { DecodeError } from './codec';
export { decodeScenario, encodeScenario } from './codec';
export { migrateToCurrent } from './migrations';
export { redactScenario } from './redact';
export type { Scenario } from './scenario';
export { CURRENT_SCENARIO_VERSION, emptyScenario } from './scenario';
export { validateScenario } from './validate';
