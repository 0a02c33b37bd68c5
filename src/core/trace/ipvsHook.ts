import { formatEndpoint, type IpvsOutcome, lookupIpvs, type ServiceModel } from '../ipvs';
import { ipKey, parseIp } from '../net';
import { ROUTES } from './hooks';
import { isLocal } from './packet';
import type { IpvsHop } from './types';
import type { IpvsBranch, Walk, WalkContext } from './walk';

/**
 * Where IPVS sits among the tables of a hook (net/netfilter/ipvs/ip_vs_core.c, ip_vs_ops4): its
 * request hook (`ip_vs_in_hook`) is registered on NF_INET_LOCAL_IN at NF_IP_PRI_NAT_SRC - 1 (99:
 * after filter INPUT at 0 and security at 50, before nat INPUT at 100 — "after packet filtering,
 * forward packet through VS/DR, VS/TUN, or VS/NAT, so that filtering rules can be applied to IPVS")
 * and on NF_INET_LOCAL_OUT at NF_IP_PRI_NAT_DST + 2 (-98: after nat OUTPUT at -100, before filter
 * OUTPUT at 0) for connections the node opens itself. It never schedules in FORWARD.
 */
const IPVS_PRIORITY = { INPUT: 99, OUTPUT: -98 } as const;

/** True when IPVS acts before the table of priority `next` (undefined: the hook's end). */
export function ipvsDue(
  w: Walk,
  ctx: WalkContext,
  step: { readonly hook: string; readonly loopback: boolean; readonly ipvs?: boolean },
  next: number | undefined,
): boolean {
  if (w.ipvsSeen || step.loopback || step.ipvs === true) return false;
  if (step.hook !== 'INPUT' && step.hook !== 'OUTPUT') return false;
  if (ctx.ipvs === null && ctx.ipvsMode === null) return false;
  return next === undefined || next > IPVS_PRIORITY[step.hook];
}

const PROTO: Readonly<Record<number, string>> = { 6: 'tcp', 17: 'udp', 132: 'sctp' };

/**
 * IPVS on this packet (ip_vs_in): looks the virtual service up by protocol, destination and
 * port (then by firewall mark) and schedules a real server for the NEW connection. Sets
 * `w.split` to one branch per real server (their shares: exact for rr/wrr, else said as not
 * known), a REJECT when the service has no usable real server, or nothing when the destination
 * is no virtual service (the packet goes on to the node). With `ctx.sample` (simulate) one
 * branch is drawn and applied at once.
 */
export function actIpvs(w: Walk, ctx: WalkContext): void {
  w.ipvsSeen = true;
  const hook = w.hook === 'OUTPUT' ? 'OUTPUT' : 'INPUT';
  const vip = ctx.vips.has(ipKey(w.dst));
  if (ctx.ipvs === null) {
    if (!vip) return;
    // IPVS mode, the address is on kube-ipvs0 (KUBE-IPVS-IPS), the table was not pasted.
    w.ipvsHop = hop(hook, null, null, 'Not known: `ipvsadm -Ln` output was not given.', null);
    w.assume(
      'trace/ipvs-table-missing',
      `${w.dst.text} is an IPVS virtual address (kube-ipvs0): IPVS picks the real server here, after ${hook}; paste \`ipvsadm -Ln\` output to see which. Shown as delivered to the node, without DNAT.`,
      null,
    );
    return;
  }
  const found = lookupIpvs(ctx.ipvs, {
    family: w.dst.v6 ? 'ipv6' : 'ipv4',
    protocol: PROTO[w.proto] ?? String(w.proto),
    dst: w.dst.text,
    dport: w.dport,
    mark: w.mark,
  });
  if (found.kind === 'no-service') {
    if (vip)
      w.ipvsHop = hop(
        hook,
        null,
        null,
        `No IPVS virtual service has ${w.dst.text} port ${w.dport}: the packet goes on to the node itself.`,
        null,
      );
    return;
  }
  const { model, outcomes } = found;
  if (outcomes.length === 0) {
    // ip_vs_schedule finds no destination → ip_vs_leave: ICMP port unreachable, NF_DROP.
    w.ipvsHop = hop(hook, model, null, model.scheduling, null);
    w.verdict = 'REJECT';
    return;
  }
  const known = outcomes.every((o) => o.share !== null);
  const branches: IpvsBranch[] = outcomes.map((o) => ({
    probability: known ? (o.share as number) : 1 / outcomes.length,
    apply: (x) => schedule(x, ctx, hook, model, o, known, outcomes.length),
  }));
  if (ctx.sample === null) {
    w.split = branches;
    return;
  }
  let r = ctx.sample();
  for (const b of branches) {
    r -= b.probability;
    if (r < 0 || b === branches[branches.length - 1]) {
      b.apply(w);
      return;
    }
  }
}

function hop(
  h: 'INPUT' | 'OUTPUT',
  model: ServiceModel | null,
  o: IpvsOutcome | null,
  scheduling: string,
  share: number | null,
): IpvsHop {
  return {
    hook: h,
    service: model?.service.key ?? null,
    server: o === null ? null : formatEndpoint(o.server),
    forward: o === null ? null : (o.server.forward ?? 'Masq'),
    share,
    scheduling,
    persistence: model?.persistence ?? null,
  };
}

/** One scheduling decision applied: the hop, the DNAT (Masq) and the way on through the stack. */
function schedule(
  w: Walk,
  ctx: WalkContext,
  h: 'INPUT' | 'OUTPUT',
  model: ServiceModel,
  o: IpvsOutcome,
  known: boolean,
  count: number,
): void {
  w.ipvsHop = hop(h, model, o, model.scheduling, o.share);
  if (!known && count > 1)
    w.assume(
      'trace/ipvs-share-unknown',
      `${model.scheduling} Each real server is shown with an equal share; the real proportions are not known.`,
      null,
    );
  else if (model.choice.kind === 'pick-now')
    w.assume('trace/ipvs-counters', `${model.scheduling} (at the moment of the listing)`, null);
  if (model.persistence !== null) w.assume('trace/ipvs-persistence', model.persistence, null);
  const forward = o.server.forward ?? 'Masq';
  if (forward === 'Local') return; // ip_vs_null_xmit: NF_ACCEPT, delivered here unchanged
  if (o.dnat !== null) {
    const ip = parseIp(o.dnat.address);
    if (ip !== null) {
      w.dst = ip;
      w.dport = o.dnat.port;
      w.dnatBit = true;
      w.dnat = formatEndpoint(o.server);
    }
  }
  // ip_vs_xmit.c: a real server on this node (`local`) gets NF_ACCEPT and the packet goes on in
  // this hook; any other is sent on at once — ip_vs_nat_send_or_cont / ip_vs_send_or_cont call
  // NF_HOOK(NF_INET_LOCAL_OUT, …, dst_output): OUTPUT again, then POSTROUTING (ip_output), and
  // the rest of the INPUT hook (nat INPUT) never runs (NF_STOLEN). No FORWARD hook.
  if (o.dnat !== null && isLocal(w.dst, ctx)) return;
  w.plan = ROUTES.ipvsOut;
  w.planIdx = 0;
  w.tableIdx = 0;
  w.delivery = 'out'; // OUTPUT → POSTROUTING, no FORWARD, whichever hook IPVS took it in
  if (forward !== 'Masq')
    w.assume(
      'trace/ipvs-no-dnat',
      `${forward}: IPVS sends the packet to ${formatEndpoint(o.server)} without rewriting its destination (${w.dst.text} stays); that server must own the address.`,
      null,
    );
}
