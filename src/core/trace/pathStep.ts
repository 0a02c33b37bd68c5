import type { CRule } from './compiled';
import type { PathStep, StepPacket } from './types';
import type { Walk } from './walk';

/*
 * The PathSteps a walk records: by targets (a matched rule) and by chainEntry (a built-in policy).
 */

const PROTO_NAME: Readonly<Record<number, StepPacket['proto']>> = {
  1: 'icmp',
  6: 'tcp',
  17: 'udp',
  58: 'icmp',
  132: 'sctp',
};

/**
 * The walk's packet as a StepPacket. Only paths that are kept pay for it (simulate with keepPaths
 * false never calls pathStep); a step that changed nothing shares the previous step's object.
 */
function stepPacket(w: Walk): StepPacket {
  const ported = hasPorts(w);
  const sport = ported && w.sport >= 0 ? w.sport : null;
  const dport = ported ? w.dport : null;
  // MASQUERADE leaves Walk.snat null (the new address is not in the dump); SNAT sets it.
  const masquerade = w.masquerade && w.snat === null;
  const prev = w.path?.head.packet;
  if (
    prev !== undefined &&
    prev.src === w.src.text &&
    prev.dst === w.dst.text &&
    prev.sport === sport &&
    prev.dport === dport &&
    prev.mark === w.mark &&
    prev.ct === w.ct &&
    prev.dnat === w.dnatBit &&
    prev.snat === w.snatBit &&
    prev.masquerade === masquerade
  )
    return prev;
  return {
    src: w.src.text,
    dst: w.dst.text,
    sport,
    dport,
    proto: PROTO_NAME[w.proto] ?? null,
    mark: w.mark,
    ct: w.ct,
    dnat: w.dnatBit,
    snat: w.snatBit,
    masquerade,
  };
}

/** A PathStep for the rule just matched (or for a policy when `rule` is null). */
export function pathStep(
  w: Walk,
  rule: CRule | null,
  target: string,
  verdict: PathStep['verdict'],
): PathStep {
  return {
    table: w.table,
    chain: rule === null ? (w.root?.name ?? w.hook) : rule.chain,
    // A policy points at its chain's `:NAME POLICY` line (null when the text did not declare it).
    line: rule === null ? (w.root?.declLine ?? null) : rule.line,
    ruleId: rule === null ? null : rule.id,
    target,
    verdict,
    hook: w.hook,
    packet: stepPacket(w),
  };
}

/** TCP, UDP and SCTP carry ports; the rest do not. */
export function hasPorts(w: Walk): boolean {
  return w.proto === 6 || w.proto === 17 || w.proto === 132;
}
