import { formatIpv6, parseIpv6 } from '../net';
import { chooseRealServer, type ServerChoice } from './choice';
import { formatEndpoint } from './endpoint';
import type { ForwardMethod, IpvsProtocol, IpvsTable, RealServer, VirtualService } from './types';

/**
 * What IPVS does to a packet of one virtual service, as text a person (and the tracer) can use.
 * IPVS hooks NF_INET_LOCAL_IN (packets from elsewhere, after routing decided the VIP is local)
 * and NF_INET_LOCAL_OUT (packets this node sends) — ip_vs_core.c ip_vs_ops — and it only sees
 * a packet whose destination is local: in kube-proxy's IPVS mode every ClusterIP, external IP
 * and load-balancer IP is bound to the dummy interface kube-ipvs0 (pkg/proxy/ipvs/proxier.go,
 * defaultDummyDevice), which is what makes it local.
 */
export interface ServiceModel {
  readonly service: VirtualService;
  readonly choice: ServerChoice;
  /** One sentence on how the real server is chosen. */
  readonly scheduling: string;
  /** Session affinity (`persistent N`), or null. */
  readonly persistence: string | null;
  /** Per real server: does IPVS rewrite the destination (DNAT) and what it does instead. */
  readonly forwarding: readonly {
    readonly server: RealServer;
    readonly dnat: boolean;
    readonly text: string;
  }[];
}

export function modelService(service: VirtualService): ServiceModel {
  const choice = chooseRealServer(service);
  return {
    service,
    choice,
    scheduling: describeChoice(choice, service),
    persistence: describePersistence(service),
    forwarding: service.realServers.map((server) => forwarding(server)),
  };
}

function pct(x: number): string {
  const p = x * 100;
  return `${Number.isInteger(p) ? p : p.toFixed(2)}%`;
}

function describeChoice(choice: ServerChoice, service: VirtualService): string {
  switch (choice.kind) {
    case 'none':
      return choice.reason === 'no-real-servers'
        ? `${service.key} has no real server: IPVS drops a new connection and answers ICMP port unreachable (ip_vs_leave).`
        : choice.reason === 'all-weight-zero'
          ? `Every real server of ${service.key} has weight 0 (terminating endpoints): no new connection is accepted; IPVS drops it and answers ICMP port unreachable.`
          : `Every real server of ${service.key} has more active connections than its weight: ovf finds none and the connection is refused.`;
    case 'shares': {
      const parts = choice.shares.map((s) => `${formatEndpoint(s.server)} ${pct(s.share)}`).join(', ');
      const what = choice.scheduler.name === 'rr' ? 'in turn, equally' : 'in proportion to weight';
      return `${choice.scheduler.name} (${choice.scheduler.title}): new connections go to the real servers ${what} — ${parts}.`;
    }
    case 'pick-now': {
      const names = choice.candidates.map((s) => formatEndpoint(s)).join(' or ');
      const tie =
        choice.candidates.length > 1
          ? ' (a tie: the kernel takes the first in its own list order, which ipvsadm does not show)'
          : '';
      return `${choice.scheduler.name} (${choice.scheduler.title}) depends on ${choice.scheduler.dependsOn}; with the counts listed, the next new connection goes to ${names}${tie}.`;
    }
    case 'depends':
      return choice.scheduler === null
        ? service.scheduler === null
          ? `The scheduler of ${service.key} is not in this listing (--stats/--rate omit it): the choice among ${choice.eligible.length} real server(s) is not known.`
          : `"${service.scheduler}" is not a kernel scheduler: the choice among ${choice.eligible.length} real server(s) is not known.`
        : `${choice.scheduler.name} (${choice.scheduler.title}): the choice depends on ${choice.scheduler.dependsOn}; it cannot be computed from this listing.`;
  }
}

function describePersistence(service: VirtualService): string | null {
  const p = service.persistence;
  if (p === null) return null;
  const who = p.mask === null ? 'the same client IP' : `the same client network (mask ${p.mask})`;
  // ip_vs_core.c ip_vs_sched_persist: a connection template keyed by client address (masked)
  // and the service sends later connections to the template's real server while it lives; the
  // template's timer is the persistence timeout (ip_vs_conn.c).
  return `persistent ${p.timeout}: new connections from ${who} within ${p.timeout} s go to the same real server (kube-proxy: sessionAffinity ClientIP, timeoutSeconds ${p.timeout}); the scheduler only picks for a client's first connection, so its shares are per client, not per connection.`;
}

const FORWARD_TEXT: Readonly<Record<ForwardMethod, { dnat: boolean; text: string }>> = {
  // ip_vs_xmit.c: ip_vs_nat_xmit rewrites the destination; replies are un-NATed on the way back.
  Masq: {
    dnat: true,
    text: 'Masq (NAT): the destination is rewritten to the real server (DNAT); the source is kept.',
  },
  // ip_vs_dr_xmit: the frame is sent to the real server's MAC, the IP header is untouched.
  Route: {
    dnat: false,
    text: 'Route (direct routing): no DNAT — the packet keeps the VIP as destination and is sent to the real server, which must own the VIP.',
  },
  // ip_vs_tunnel_xmit: encapsulated in IPIP (or GUE) to the real server.
  Tunnel: {
    dnat: false,
    text: 'Tunnel (IPIP): no DNAT — the packet is encapsulated to the real server, which must own the VIP.',
  },
  // IP_VS_CONN_F_LOCALNODE → ip_vs_null_xmit: delivered here unchanged.
  Local: {
    dnat: false,
    text: 'Local: the real server is this node; the packet is delivered locally without rewriting.',
  },
};

function forwarding(server: RealServer): { server: RealServer; dnat: boolean; text: string } {
  if (server.forward === null)
    return {
      server,
      dnat: false,
      text: 'The forwarding method is not in this listing (kube-proxy always uses Masq).',
    };
  const f = FORWARD_TEXT[server.forward];
  return { server, ...f };
}

/**
 * Every virtual address of the table, canonical (IPv6 compressed), for the tracer to treat as a
 * local address of the node (kube-ipvs0). Firewall-mark services and names have no address.
 */
export function virtualAddresses(table: IpvsTable): ReadonlySet<string> {
  const out = new Set<string>();
  for (const s of table.services) if (s.endpoint?.address != null) out.add(s.endpoint.address);
  return out;
}

/** `address` as the table stores it: IPv6 compressed (`fd00:0::1` → `fd00::1`), IPv4 as is. */
export function canonicalAddress(address: string): string {
  if (address.indexOf(':') === -1) return address;
  const g = parseIpv6(address);
  return g === null ? address : formatIpv6(g);
}

/** True when `address` is a virtual address of the table (local on kube-ipvs0 in IPVS mode). */
export function isVirtualAddress(table: IpvsTable, address: string): boolean {
  return virtualAddresses(table).has(canonicalAddress(address));
}

/** The virtual service a packet to `address:port` over `protocol` hits, or null. */
export function findVirtualService(
  table: IpvsTable,
  protocol: IpvsProtocol,
  address: string,
  port: number,
): VirtualService | null {
  const want = canonicalAddress(address);
  return (
    table.services.find(
      (s) => s.protocol === protocol && s.endpoint?.address === want && s.endpoint.port === port,
    ) ?? null
  );
}

/** The firewall-mark service for `mark` (IPVS matches skb->mark exactly), or null. */
export function findFwmarkService(
  table: IpvsTable,
  mark: number,
  family: 'ipv4' | 'ipv6',
): VirtualService | null {
  return table.services.find((s) => s.fwmark === mark && s.family === family) ?? null;
}
