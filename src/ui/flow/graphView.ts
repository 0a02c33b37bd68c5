import { create } from 'zustand';

/**
 * How the canvas is framed, a UI-only state kept outside the app store (nothing to share or save):
 * follow the packet, show the whole graph, show the minimap. Read by the toolbar, the canvas and the
 * minimap, which sit in different parts of the page.
 */
export interface GraphViewState {
  /** Pan so the packet's current node stays in view while it moves. */
  readonly follow: boolean;
  /** Show the whole graph (orientation) instead of the packet's path at a readable zoom. */
  readonly whole: boolean;
  /** The small overview map beside the graph. */
  readonly minimap: boolean;
}

// The minimap starts shown only where there is room for it beside the story (a 1600 px wide window).
const roomy = typeof innerWidth === 'number' && innerWidth >= 1600;

export const useGraphView = create<GraphViewState>()(() => ({ follow: true, whole: false, minimap: roomy }));

export function setGraphView(patch: Partial<GraphViewState>): void {
  useGraphView.setState(patch);
}
