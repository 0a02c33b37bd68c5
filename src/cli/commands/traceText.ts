import { indexServiceGroups } from '../../core/kubeproxy';
import type { Ruleset } from '../../core/ruleset';
import type { Packet, TraceResult } from '../../core/trace';
import { describePath, describePathAuthors, endpointWithPlace, type PathPods } from '../../core/view';
import type { CliDiagnostic } from '../json';
import type { SourceFiles } from '../text/diagnostics';
import { formatTrace } from '../text/traceText';

export interface TraceTextInput {
  readonly ruleset: Ruleset;
  readonly packet: Packet;
  readonly traced: TraceResult;
  readonly endpointCounts: Readonly<Record<string, number>> | undefined;
  readonly diagnostics: readonly CliDiagnostic[];
  readonly read?: ReadCoverage;
  /** `--kubectl`: pods and nodes that name each DNAT endpoint. */
  readonly pods?: PathPods | null;
  /** Why the rules look like kube-proxy's IPVS mode (said first), or null. */
  readonly ipvsMode?: string | null;
}

/**
 * The terminal view of `cli trace`: each outcome's path in the words the app's path list shows
 * (core/view describePath), with the Service each KUBE-SVC/SEP chain belongs to. The Service
 * groups are indexed only here, for people at a terminal: the JSON path does not pay for them.
 */
/** How much of the file a trace read (`cli trace` reads only the rules the packet meets). */
export interface ReadCoverage {
  readonly rules: number;
  readonly of: number;
  readonly whole: boolean;
}

export function traceText(t: TraceTextInput, files: SourceFiles): string {
  const labels = new Map<string, string>();
  for (const g of indexServiceGroups(t.ruleset, null)) {
    if (g.label) for (const c of g.chains) labels.set(c, g.label);
  }
  const serviceOf = (chain: string) => labels.get(chain) ?? null;
  const pods = t.pods ?? undefined;
  const outcomes = t.traced.outcomes.map((outcome) => ({
    outcome,
    steps: describePath(t.ruleset, t.packet, outcome, serviceOf, 'en', pods),
    ...(pods && outcome.dnat ? { dnat: endpointWithPlace(outcome.dnat, pods.places) } : {}),
    authors: describePathAuthors(t.ruleset, outcome).map((n) => n.text),
  }));
  const text = formatTrace(
    {
      packet: t.packet,
      outcomes,
      assumptions: t.traced.assumptions,
      ...(t.traced.standard ? { standard: t.traced.standard } : {}),
      endpointCounts: t.endpointCounts,
      diagnostics: t.diagnostics,
      ipvsMode: t.ipvsMode ?? null,
    },
    files,
  );
  if (!t.read || t.read.whole) return text;
  return `${text}Read ${t.read.rules.toLocaleString('en')} of ${t.read.of.toLocaleString('en')} rules (those this packet meets); \`parse\` checks the whole file.\n`;
}
