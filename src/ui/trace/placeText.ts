import type { EndpointPlace, PodPlaces } from '../../core/view';
import { placeOf } from '../../core/view';
import type { Translate } from '../../i18n';

/**
 * `pod web-… on k8s-node2` in the language on screen (`web-… on k8s-node2` when `bare`: the words
 * around it already say "pod"), or null when kubectl names neither.
 */
export function placeText(
  place: EndpointPlace | null | undefined,
  tr: Translate,
  bare = false,
): string | null {
  if (!place) return null;
  if (place.pod !== null && place.node !== null)
    return tr(bare ? 'place.bareOnNode' : 'place.podOnNode', { pod: place.pod, node: place.node });
  if (place.pod !== null) return bare ? place.pod : tr('place.pod', { pod: place.pod });
  return place.node !== null ? tr('place.onNode', { node: place.node }) : null;
}

/** `10.244.169.161:80 (pod web-… on k8s-node2)`, or the endpoint alone when kubectl names neither. */
export function endpointText(endpoint: string, places: PodPlaces, tr: Translate): string {
  const place = placeText(placeOf(places, endpoint), tr);
  return place === null ? endpoint : tr('place.endpoint', { endpoint, place });
}
