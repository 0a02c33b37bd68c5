import { DUMP_SCENARIOS } from './dumpScenarios';
import { GENERATED_SCENARIOS } from './generatedScenarios';
import type { GalleryScenario } from './types';

export type { GalleryScenario } from './types';
export { galleryToScenario } from './types';

/** The workshop gallery, in teaching order: ClusterIP, NodePort, LoadBalancer, traffic policy, affinity, failures, history. */
export const GALLERY: readonly GalleryScenario[] = [
  ...(GENERATED_SCENARIOS.slice(0, 2) as GalleryScenario[]),
  ...(DUMP_SCENARIOS.slice(0, 1) as GalleryScenario[]),
  ...GENERATED_SCENARIOS.slice(2),
  ...DUMP_SCENARIOS.slice(1),
];

/** The gallery scenario with `id`, or null. */
export function findGalleryScenario(id: string): GalleryScenario | null {
  return GALLERY.find((g) => g.id === id) ?? null;
}
