import { findFwmarkService, findVirtualService, modelService, type ServiceModel } from './model';
import type { IpvsProtocol, IpvsTable, RealServer } from './types';

/** The packet fields IPVS looks a service up by (ip_vs_core.c ip_vs_in → ip_vs_service_find). */
export interface IpvsPacket {
  readonly family: 'ipv4' | 'ipv6';
  /** Lower- or upper-case: `tcp`, `UDP`, `sctp`; anything else never hits an IPVS service. */
  readonly protocol: string;
  readonly dst: string;
  readonly dport: number;
  /** skb->mark when known; firewall-mark services are looked up by it. */
  readonly mark?: number | null;
}

/** One possible real server for a NEW connection, and what IPVS writes into the packet. */
export interface IpvsOutcome {
  readonly server: RealServer;
  /** Exact share of new connections (rr/wrr), or null when it cannot be computed. */
  readonly share: number | null;
  /** The new destination for Masq (DNAT); null for Route/Tunnel/Local (the VIP is kept). */
  readonly dnat: { readonly address: string; readonly port: number } | null;
}

export type IpvsLookup =
  | { readonly kind: 'no-service' }
  | { readonly kind: 'service'; readonly model: ServiceModel; readonly outcomes: readonly IpvsOutcome[] };

const PROTOCOLS: Readonly<Record<string, IpvsProtocol>> = { tcp: 'TCP', udp: 'UDP', sctp: 'SCTP' };

/**
 * What IPVS does with a NEW connection's first packet at LOCAL_IN/LOCAL_OUT. The kernel looks
 * for a service by protocol, address and port first, then by firewall mark (ip_vs_service_find:
 * `__ip_vs_service_find` then `__ip_vs_svc_fwm_find` when skb->mark is set). Outcomes: the real
 * servers a new connection may go to, with exact shares for rr/wrr, the picked ones for
 * lc/wlc/… (share null when several tie), every eligible one with share null otherwise, and
 * none when the connection is refused.
 */
export function lookupIpvs(table: IpvsTable, packet: IpvsPacket): IpvsLookup {
  const protocol = PROTOCOLS[packet.protocol.toLowerCase()];
  let service = protocol === undefined ? null : findVirtualService(table, protocol, packet.dst, packet.dport);
  if (service === null && packet.mark != null && packet.mark !== 0)
    service = findFwmarkService(table, packet.mark, packet.family);
  if (service === null) return { kind: 'no-service' };
  const model = modelService(service);
  const choice = model.choice;
  const servers: { server: RealServer; share: number | null }[] =
    choice.kind === 'shares'
      ? choice.shares.map((s) => ({ server: s.server, share: s.share }))
      : choice.kind === 'pick-now'
        ? choice.candidates.map((server) => ({ server, share: choice.candidates.length === 1 ? 1 : null }))
        : choice.kind === 'depends'
          ? choice.eligible.map((server) => ({ server, share: null }))
          : [];
  const outcomes = servers.map(({ server, share }) => {
    const masq = server.forward === 'Masq' || server.forward === null; // kube-proxy only uses Masq
    // A real server port of 0 (firewall-mark services) keeps the packet's port: ip_vs_schedule
    // creates the connection with `dest->port ? dest->port : vport` (ip_vs_core.c).
    const port = server.port === 0 || server.port === null ? packet.dport : server.port;
    const dnat = masq && server.address !== null ? { address: server.address, port } : null;
    return { server, share, dnat };
  });
  return { kind: 'service', model, outcomes };
}
