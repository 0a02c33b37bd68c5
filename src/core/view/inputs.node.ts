/** TEST-ONLY: the graph tests' inputs, shared with the kube-proxy model's tests (core/testing). */
export { fixtureRuleset, seedGrepExcerpt, WEB, WEB_EXAMPLE_TEXT, webRuleset } from '../testing/inputs.node';
