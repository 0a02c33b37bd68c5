import { describe, expect, it } from 'vitest';
import { trace } from '../trace';
import { WEB, webRuleset } from './inputs.node';
import { endpointBars } from './probabilities';
import { chainRulesFrom, lookupForTrace, ruleFrom } from './ruleLookup';
import { describePath } from './steps';

const ruleset = webRuleset();
const packet = {
  origin: 'pod',
  src: '10.244.36.7',
  dst: '10.104.247.10',
  proto: 'tcp',
  sport: null,
  dport: 80,
} as const;
const result = trace(ruleset, packet, { localAddresses: ['192.168.231.121'], conntrack: 'new' });

describe('lookupForTrace', () => {
  it('holds the path rules and the whole lottery and KUBE-SEP chains, not the Ruleset', () => {
    const lookup = lookupForTrace(ruleset, result);
    for (const o of result.outcomes)
      for (const step of o.path) if (step.ruleId) expect(ruleFrom(lookup, step.ruleId)).not.toBeNull();
    expect(chainRulesFrom(lookup, 'nat', WEB.svc)).toEqual(ruleset.tables.nat!.chains[WEB.svc]!.rules);
    expect(chainRulesFrom(lookup, 'nat', 'KUBE-SERVICES')).toBeNull();
    expect(Object.keys(lookup.rules).length).toBeLessThan(ruleset.ruleCount);
  });

  it('gives describePath and endpointBars the same answers as the whole Ruleset', () => {
    const lookup = lookupForTrace(ruleset, result);
    const counts = { [WEB.endpoints[0]!]: 3, [WEB.endpoints[1]!]: 1 };
    expect(endpointBars(lookup, result, counts)).toEqual(endpointBars(ruleset, result, counts));
    for (const o of result.outcomes)
      expect(describePath(lookup, packet, o)).toEqual(describePath(ruleset, packet, o));
  });
});
