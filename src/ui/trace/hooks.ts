import { useMemo } from 'react';
import type { Outcome } from '../../core/trace';
import {
  type AuthorNote,
  describePathAuthors,
  detectThisNode,
  type PathPods,
  type PodPlaces,
} from '../../core/view';
import { useAppState } from '../../state/context';
import { useLang } from '../useT';

/** Chain name → Service label (`default/web:80`) from the analysis' Service groups. */
export function useServiceLabels(): (chain: string) => string | null {
  const groups = useAppState((s) => s.groups);
  return useMemo(() => {
    const map = new Map<string, string>();
    for (const g of groups) if (g.label) for (const c of g.chains) map.set(c, g.label);
    return (chain: string) => map.get(chain) ?? null;
  }, [groups]);
}

/** Endpoint IP → pod name, where the kubectl text named the pods (json/yaml targetRef). */
export function usePodNames(): ReadonlyMap<string, string> {
  const pods = useAppState((s) => s.pods);
  return useMemo(() => new Map(Object.entries(pods)), [pods]);
}

/** kubectl's pods and nodes by IP (empty without a pod or endpoint listing). */
export function usePlaces(): PodPlaces {
  return useAppState((s) => s.places);
}

/** The node detected from the pasted pods and the packet form's node IP, or null. */
export function useDetectedNode(): string | null {
  const places = usePlaces();
  const nodeIp = useAppState((s) => s.packetForm.nodeIp.trim());
  return useMemo(() => detectThisNode(places, nodeIp ? [nodeIp] : []), [places, nodeIp]);
}

/** What the path's words know of pods and nodes: the places, and this node (picked, else detected). */
export function usePathPods(): PathPods {
  const places = usePlaces();
  const picked = useAppState((s) => s.thisNode);
  const detected = useDetectedNode();
  return useMemo(() => ({ places, thisNode: picked ?? detected }), [places, picked, detected]);
}

/** The outcome being shown (or null). */
export function useChosenOutcome(): Outcome | null {
  return useAppState((s) => s.traced?.result.outcomes[s.outcomeIndex] ?? null);
}

/** `ip` of an `ip:port` / `[v6]:port` endpoint text. */
export function endpointIp(endpoint: string): string {
  return endpoint.startsWith('[')
    ? endpoint.slice(1, endpoint.indexOf(']'))
    : (endpoint.split(':')[0] ?? endpoint);
}

/** Who else acts on the chosen outcome's packet (CNI plugins, Docker, firewalls), in words. */
export function useAuthorNotes(outcome: Outcome): AuthorNote[] {
  const rules = useAppState((s) => s.traced?.rules ?? null);
  const lang = useLang();
  return useMemo(() => (rules ? describePathAuthors(rules, outcome, lang) : []), [rules, outcome, lang]);
}
