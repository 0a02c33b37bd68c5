/**
 * What each Linux IPVS scheduler bases its choice of real server on, from the kernel sources
 * (net/netfilter/ipvs/ip_vs_<name>.c) and ipvsadm(8) "-s scheduling-method". Every scheduler
 * skips a real server whose weight is 0 or that is overloaded (IP_VS_DEST_F_OVERLOAD, set when
 * an upper connection threshold is reached); kube-proxy sets weight 0 on a terminating endpoint
 * (pkg/proxy/ipvs/graceful_termination.go) so that it gets no new connections while its
 * existing ones drain.
 */
export type SchedulerKind = 'shares' | 'connections' | 'hash' | 'locality' | 'weights';

export interface SchedulerInfo {
  readonly name: string;
  readonly title: string;
  readonly kind: SchedulerKind;
  /** What the choice of real server for a NEW connection depends on. */
  readonly dependsOn: string;
  /** Where the behaviour is stated. */
  readonly source: string;
}

const S = (name: string, title: string, kind: SchedulerKind, dependsOn: string, file = `ip_vs_${name}.c`) =>
  [name, { name, title, kind, dependsOn, source: `Linux net/netfilter/ipvs/${file}; ipvsadm(8)` }] as const;

export const SCHEDULERS: ReadonlyMap<string, SchedulerInfo> = new Map([
  S(
    'rr',
    'round robin',
    'shares',
    'only the order of arrival: each new connection goes to the next real server with weight > 0',
  ),
  S(
    'wrr',
    'weighted round robin',
    'shares',
    'the weights: over each cycle a real server gets new connections in proportion to its weight',
  ),
  S(
    'lc',
    'least connection',
    'connections',
    'connection counts: the real server with the lowest ActiveConn × 256 + InActConn',
  ),
  S(
    'wlc',
    'weighted least connection',
    'connections',
    'connection counts and weights: the lowest (ActiveConn × 256 + InActConn) / Weight',
  ),
  S(
    'sed',
    'shortest expected delay',
    'connections',
    'active connections and weights: the lowest (ActiveConn + 1) / Weight',
  ),
  S(
    'nq',
    'never queue',
    'connections',
    'active connections: an idle real server (ActiveConn 0) if there is one, otherwise the lowest (ActiveConn + 1) / Weight',
  ),
  S(
    'lblc',
    'locality-based least connection',
    'locality',
    "the packet's destination address: the real server last used for it, unless overloaded; otherwise as wlc",
  ),
  S(
    'lblcr',
    'locality-based least connection with replication',
    'locality',
    "the packet's destination address: a per-destination set of real servers, the least loaded of the set",
  ),
  S('dh', 'destination hashing', 'hash', "a hash of the packet's destination address (a static table)"),
  S(
    'sh',
    'source hashing',
    'hash',
    "a hash of the client's source address (and source port with the sh-port flag)",
  ),
  S(
    'mh',
    'maglev hashing',
    'hash',
    "a Maglev consistent hash of the client's source address (and source port with mh-port), weighted",
  ),
  S('fo', 'weighted failover', 'weights', 'the weights: the available real server with the highest weight'),
  S(
    'ovf',
    'weighted overflow',
    'weights',
    'weights and active connections: the highest-weight real server whose ActiveConn does not exceed its weight',
  ),
  S(
    'twos',
    'weighted random twos choice',
    'connections',
    'two random picks by weight, then the less loaded of the two',
  ),
]);

/** Names the kernel ships; anything else is reported (`ipvs/unknown-scheduler`). */
export const KNOWN_SCHEDULERS: ReadonlySet<string> = new Set(SCHEDULERS.keys());
