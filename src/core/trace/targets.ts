import { formatEndpoint, type Ip, parseIp } from '../net';
import { enterChain, returnFromChain } from './chainEntry';
import type { CompiledRuleset, CRule, CTarget, NatPick } from './compiled';
import { keyValues } from './nftMatch';
import { hasPorts, pathStep } from './pathStep';
import type { PathStep } from './types';
import type { Walk, WalkContext } from './walk';

function record(w: Walk, ctx: WalkContext, rule: CRule, verdict: PathStep['verdict']): void {
  if (ctx.keepPaths) w.path = { head: pathStep(w, rule, rule.targetName, verdict), tail: w.path };
}

function natRange(w: Walk, nat: NatPick, line: number | null): void {
  if (nat.multi) {
    w.assume(
      'trace/nat-range-first',
      'The NAT target has a range: the first address and port are shown.',
      line,
    );
  }
}

function setDestination(w: Walk, ip: Ip, port: number): void {
  w.natHook = w.hook;
  w.natPlan = w.plan;
  if (ip.text !== w.dst.text || port !== w.dport) w.dnatBit = true;
  w.dst = ip;
  w.dport = port;
  w.dnat = formatEndpoint(ip, hasPorts(w) ? port : null);
}

/**
 * Applies a matched rule's target: records the PathStep and moves the walk (jump, goto, return,
 * end of the table, or a final verdict). NAT and MARK change the walk's private copy of the packet.
 */
export function applyTarget(w: Walk, rc: CompiledRuleset, ctx: WalkContext, rule: CRule): void {
  const t = rule.target;
  switch (t.kind) {
    case 'none':
    case 'continue':
      record(w, ctx, rule, 'continue');
      return;
    case 'MARK':
      // xt_mark.c mark_tg: skb->mark = (skb->mark & ~info->mask) ^ info->mark
      w.mark = ((w.mark & ~t.mask) ^ t.value) >>> 0;
      record(w, ctx, rule, 'continue');
      return;
    case 'NOTRACK':
      w.ct = 'untracked';
      record(w, ctx, rule, 'continue');
      return;
    case 'jump':
      record(w, ctx, rule, t.goto ? 'goto' : 'jump');
      if (!t.goto) pushReturn(w);
      enterChain(w, t.chain, rc, ctx);
      return;
    case 'RETURN':
      record(w, ctx, rule, 'return');
      returnFromChain(w, ctx);
      return;
    case 'ACCEPT':
      record(w, ctx, rule, 'ACCEPT');
      w.chain = null;
      return;
    case 'DROP':
    case 'REJECT':
      record(w, ctx, rule, t.kind);
      w.verdict = t.kind;
      return;
    case 'QUEUE':
    case 'NFQUEUE': {
      const bypass = t.kind === 'NFQUEUE' && t.bypass;
      record(w, ctx, rule, bypass ? 'ACCEPT' : 'DROP');
      w.assume(
        'trace/queue-verdict-unknown',
        bypass
          ? 'Queued to userspace with --queue-bypass: taken as accepted (no listener).'
          : 'Queued to a userspace program whose verdict is unknown: taken as dropped (what the kernel does when no program listens).',
        rule.line,
      );
      if (bypass) w.chain = null;
      else w.verdict = 'DROP';
      return;
    }
    case 'DNAT':
      natRange(w, t.nat, rule.line);
      setDestination(w, t.nat.ip ?? w.dst, t.nat.port ?? w.dport);
      record(w, ctx, rule, 'DNAT');
      w.chain = null;
      return;
    case 'REDIRECT': {
      // xt_REDIRECT: to 127.0.0.1 (::1) for locally generated packets, else to the incoming interface's
      // primary address, which the dump does not say.
      const fallback = rc.family === 'ipv6' ? '::1' : '127.0.0.1';
      const ip = parseIp(w.hook === 'OUTPUT' ? fallback : (ctx.firstLocal ?? fallback)) as Ip;
      if (w.hook !== 'OUTPUT') {
        w.assume(
          'trace/redirect-address',
          `REDIRECT: the incoming interface's address is taken as ${ip.text}.`,
          rule.line,
        );
      }
      setDestination(w, ip, t.port ?? w.dport);
      w.dnatBit = true;
      record(w, ctx, rule, 'DNAT');
      w.chain = null;
      return;
    }
    case 'SNAT': {
      natRange(w, t.nat, rule.line);
      const ip = t.nat.ip ?? w.src;
      const port = t.nat.port ?? w.sport;
      if (ip.text !== w.src.text || port !== w.sport) w.snatBit = true;
      w.natHook = w.hook;
      w.natPlan = w.plan;
      w.src = ip;
      w.sport = port;
      w.masquerade = true;
      w.snat = formatEndpoint(ip, t.nat.port);
      record(w, ctx, rule, 'SNAT');
      w.chain = null;
      return;
    }
    case 'MASQUERADE':
      // The new source is the outgoing interface's primary address (nf_nat_masquerade_ipv4), not in the dump.
      w.masquerade = true;
      w.snatBit = true;
      w.snat = null;
      w.natHook = w.hook;
      w.natPlan = w.plan;
      record(w, ctx, rule, 'MASQUERADE');
      w.chain = null;
      return;
    case 'vmap':
      applyVmap(w, rc, ctx, rule, t);
      return;
    case 'nat-map':
      applyNatMap(w, ctx, rule, t);
      return;
    case 'unknown-terminal':
      record(w, ctx, rule, 'ACCEPT');
      w.assume(
        'trace/unknown-target',
        `Target ${t.name} is not modelled: taken as accepting the packet.`,
        rule.line,
      );
      w.chain = null;
      return;
  }
}

/**
 * `KEY vmap @map`: the element's verdict, applied as the statement would be (nft_lookup with a
 * verdict map sets the verdict register). A miss is silent: the rule ends without a verdict and the
 * chain goes on (the kernel's trace prints nothing for it).
 */
function applyVmap(
  w: Walk,
  rc: CompiledRuleset,
  ctx: WalkContext,
  rule: CRule,
  t: Extract<CTarget, { kind: 'vmap' }>,
): void {
  const values = keyValues(t.key, w, ctx, rule.line);
  const hit = values.some((v) => v === null) ? null : t.index.lookup(values);
  const v = hit?.value;
  if (v == null || v.kind !== 'verdict') return;
  const say = (target: string, verdict: PathStep['verdict']) => {
    if (ctx.keepPaths) w.path = { head: pathStep(w, rule, target, verdict), tail: w.path };
  };
  switch (v.verdict) {
    case 'jump':
    case 'goto': {
      const chain = t.resolve(v.chain ?? '');
      say(chain.name, v.verdict);
      if (v.verdict === 'jump') pushReturn(w);
      enterChain(w, chain, rc, ctx);
      return;
    }
    case 'accept':
      say('ACCEPT', 'ACCEPT');
      w.chain = null;
      return;
    case 'drop':
      say('DROP', 'DROP');
      w.verdict = 'DROP';
      return;
    case 'return':
      say('RETURN', 'return');
      returnFromChain(w, ctx);
      return;
    default:
      say(v.verdict, 'continue');
  }
}

/** `dnat ip to KEY map { … }`: the element's `address . port`; a miss breaks the rule (NFT_BREAK). */
function applyNatMap(w: Walk, ctx: WalkContext, rule: CRule, t: Extract<CTarget, { kind: 'nat-map' }>): void {
  const values = keyValues(t.key, w, ctx, rule.line);
  const hit = values.some((v) => v === null) ? null : t.index.lookup(values);
  const v = hit?.value;
  if (v == null || v.kind !== 'data') return;
  const ip = parseIp(v.parts[0] ?? '');
  if (ip === null) return;
  const portText = v.parts[1];
  const port = portText === undefined ? null : Number(portText);
  if (t.nat === 'DNAT') {
    setDestination(w, ip, port ?? w.dport);
    record(w, ctx, rule, 'DNAT');
  } else {
    if (ip.text !== w.src.text) w.snatBit = true;
    w.natHook = w.hook;
    w.natPlan = w.plan;
    w.src = ip;
    if (port !== null) w.sport = port;
    w.masquerade = true;
    w.snat = formatEndpoint(ip, port);
    record(w, ctx, rule, 'SNAT');
  }
  w.chain = null;
}

/** A `jump` (not a `goto`) remembers where to return to: the caller's place, trail and depth. */
function pushReturn(w: Walk): void {
  if (w.chain === null) return;
  w.stack = {
    chain: w.chain,
    ruleIdx: w.ruleIdx,
    cands: w.cands,
    candPos: w.candPos,
    segEnd: w.segEnd,
    trail: w.trail,
    depth: w.depth,
    parent: w.stack,
  };
}
