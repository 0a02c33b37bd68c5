import { parseKubectl } from '../../core/kubectl';
import type { Diagnostic } from '../../core/text';
import type { Outcome } from '../../core/trace';
import { detectThisNode, type PathPods, placeOf, podPlacesOf } from '../../core/view';
import type { CliIo } from '../io';
import { readInput } from '../io';

/**
 * `cli trace --kubectl <file> [--this-node NAME]`: kubectl's pods and nodes (`get pod -o wide`,
 * `get svc,ep`, json/yaml) name each DNAT endpoint's pod and node, in the JSON (`endpoint`) and in
 * the words; the node is `--this-node`, else the one a pasted pod puts on a `--node-ip`.
 */
export interface TracePods extends PathPods {
  readonly text: string;
  readonly diagnostics: readonly Diagnostic[];
}

export async function readTracePods(
  io: CliIo,
  file: string | undefined,
  thisNode: string | undefined,
  nodeIps: readonly string[],
): Promise<TracePods | null> {
  if (file === undefined) return null;
  const text = await readInput(io, file);
  const parsed = parseKubectl(text);
  const places = podPlacesOf(parsed.result);
  return {
    text,
    diagnostics: parsed.diagnostics,
    places,
    thisNode: thisNode ?? detectThisNode(places, nodeIps),
  };
}

/** The endpoint a DNAT outcome reaches: `{ ip, port, pod, node }`, pod and node only where kubectl names them. */
function endpointObject(dnat: string, pods: PathPods): Record<string, unknown> {
  const colon = dnat.lastIndexOf(':');
  const ip = dnat.startsWith('[') ? dnat.slice(1, dnat.indexOf(']')) : dnat.slice(0, colon);
  const port = Number(dnat.slice(colon + 1));
  const place = placeOf(pods.places, dnat);
  return {
    ip,
    port,
    ...(place?.pod ? { pod: place.pod } : {}),
    ...(place?.node ? { node: place.node } : {}),
  };
}

/** The outcomes as the JSON prints them: with `--kubectl`, each DNAT outcome gains `endpoint`. */
export function outcomesJson(outcomes: readonly Outcome[], pods: PathPods | null): readonly unknown[] {
  if (pods === null) return outcomes;
  return outcomes.map((o) => (o.dnat === null ? o : { ...o, endpoint: endpointObject(o.dnat, pods) }));
}
