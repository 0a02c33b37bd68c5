import type { ServiceGroup, ServiceTarget } from '../kubeproxy';
import type { Ruleset } from '../ruleset';
import type { Origin, Outcome } from '../trace';

/**
 * The compare wire types (CLI JSON, worker protocol): add fields, never rename.
 *
 * Words: dump A and dump B are two dumps of one cluster (iptables and nftables mode, before and
 * after an upgrade); a probe is one packet (an address of a Service port, from one origin) sent
 * through both; an outcome here is what the packet's client sees of it, without the path.
 */

/** What a comparison reads of one dump: the pipeline's Ruleset and Service groups. */
export interface ComparedDump {
  readonly ruleset: Ruleset;
  readonly groups: readonly ServiceGroup[];
}

export type DumpSide = 'a' | 'b';

/** One outcome as compared: the tracer's outcomes merged on (verdict, dnat, masquerade). */
export interface OutcomeSummary {
  readonly verdict: Outcome['verdict'];
  /** `ip:port` the destination became, or null. */
  readonly dnat: string | null;
  readonly masquerade: boolean;
  readonly probability: number;
}

/** An address of a Service port a probe is sent to. */
export interface ProbeTarget {
  readonly kind: ServiceTarget['kind'];
  /** The address sent to: the target's IP, or for a NodePort the node IP the comparison used. */
  readonly ip: string;
  readonly port: number;
  readonly proto: ServiceTarget['proto'];
}

export type ServiceDifference =
  | {
      /** The Service port has rules (or kubectl data) in one dump only. */
      readonly kind: 'only-in';
      readonly side: DumpSide;
      readonly message: string;
    }
  | {
      /** A probe whose outcomes differ between the dumps. */
      readonly kind: 'outcomes';
      readonly target: ProbeTarget;
      readonly origin: Origin;
      readonly a: readonly OutcomeSummary[];
      readonly b: readonly OutcomeSummary[];
      readonly message: string;
    };

export interface ServiceComparison {
  /** `ns/name:port` (the Service groups' label; the chain hash when no dump names the owner). */
  readonly service: string;
  readonly equivalent: boolean;
  readonly differences: readonly ServiceDifference[];
  /** How many probes were traced through both dumps. */
  readonly probes: number;
}

/** The addresses the probes were sent from (the same for both dumps). */
export interface ProbeSources {
  readonly nodeIp: string;
  readonly pod: string;
  readonly external: string;
}

export interface Comparison {
  readonly services: readonly ServiceComparison[];
  readonly sources: ProbeSources;
  /** True when every Service port is equivalent. */
  readonly equivalent: boolean;
}
