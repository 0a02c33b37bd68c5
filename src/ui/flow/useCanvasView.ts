import { useReactFlow, useStoreApi } from '@xyflow/react';
import { useEffect, useMemo, useRef } from 'react';
import { pathHighlight } from '../../core/view';
import { useAppState } from '../../state/context';
import type { Overlay } from './derive';
import { boundsOf, readableZoom } from './readableZoom';

const PAD = 0.1;

/** The CSS font size of a drawn chain name (flow.css may change it), or null before one is drawn. */
function titleFontPx(root: ParentNode | null | undefined): number | null {
  const title = root?.querySelector('.chain-node-title');
  return title ? Number.parseFloat(getComputedStyle(title).fontSize) : null;
}
const DURATION = 300;

/**
 * Frames the canvas (issue 8, "readable by default"): the packet's path at a zoom where chain names
 * are readable (readableZoom), not the whole dump; before a packet, the entry hooks. When the path
 * does not fit at that zoom, the packet's node is placed left of centre and "follow" keeps it in
 * view. "Whole graph" fits everything (orientation). A Service chosen in the finder (centerRequest)
 * is centred. `size` (the canvas' pixel size) and presenter mode re-frame: a projector needs a
 * higher zoom.
 */
export function useCanvasView(overlay: Overlay, initialized: boolean, size: string): void {
  const { fitView, setCenter, setViewport, getZoom, getViewport } = useReactFlow();
  const flow = useStoreApi();
  const graph = useAppState((s) => s.graph);
  const positions = useAppState((s) => s.positions);
  const centerRequest = useAppState((s) => s.centerRequest);
  const { follow, whole } = useAppState((s) => s.canvas);
  const presenting = useAppState((s) => s.presenting);

  // Changes with the packet or the chosen outcome (not with the playhead).
  const pathNodes = useMemo(() => [...pathHighlight(overlay.places).nodes], [overlay.places]);
  const here = overlay.places[overlay.playhead]?.node ?? null;
  const hereRef = useRef(here);
  hereRef.current = here;

  // Frame: on a new graph, packet, outcome, mode or canvas size (not on every step).
  useEffect(() => {
    void size;
    if (!initialized || !graph || !positions) return;
    const handle = requestAnimationFrame(() => {
      const { width, height, domNode } = flow.getState();
      if (width === 0 || height === 0) return;
      if (whole) {
        void fitView({ padding: 0.05, duration: DURATION });
        return;
      }
      const floor = readableZoom(presenting, titleFontPx(domNode));
      const ids =
        pathNodes.length > 0
          ? pathNodes
          : graph.nodes.filter((n) => n.role === 'hook' || n.role === 'services').map((n) => n.id);
      const box = boundsOf(ids, positions);
      if (!box) return;
      const fit = Math.min(width / (box.width * (1 + 2 * PAD)), height / (box.height * (1 + 2 * PAD)));
      if (fit >= floor) {
        void fitView({
          nodes: ids.map((id) => ({ id })),
          padding: PAD,
          minZoom: floor,
          maxZoom: Math.max(floor * 1.5, 1),
          duration: DURATION,
        });
        return;
      }
      // Too long to read whole at that zoom: the packet's node a quarter in from the left, so the way
      // ahead (to the right) is on screen; before a packet, the entry hooks' top-left corner.
      const at = hereRef.current ? positions[hereRef.current] : undefined;
      const x = at ? width * 0.25 - (at.x + at.width / 2) * floor : 24 - box.x * floor;
      const y = at ? height / 2 - (at.y + at.height / 2) * floor : 24 - box.y * floor;
      void setViewport({ x, y, zoom: floor }, { duration: DURATION });
    });
    return () => cancelAnimationFrame(handle);
  }, [initialized, graph, positions, pathNodes, whole, presenting, size, flow, fitView, setViewport]);

  // Follow: pan only when the packet's node leaves the view (re-centring every step would jitter).
  useEffect(() => {
    const p = here ? positions?.[here] : undefined;
    if (!follow || whole || !p) return;
    const { width, height, domNode } = flow.getState();
    if (width === 0) return;
    const { x, y, zoom } = getViewport();
    const margin = 16;
    const left = p.x * zoom + x;
    const top = p.y * zoom + y;
    const inside =
      left >= margin &&
      top >= margin &&
      left + p.width * zoom <= width - margin &&
      top + p.height * zoom <= height - margin;
    if (inside) return;
    const zoomTo = Math.max(getZoom(), readableZoom(presenting, titleFontPx(domNode)));
    void setCenter(p.x + p.width / 2, p.y + p.height / 2, { zoom: zoomTo, duration: DURATION });
  }, [here, follow, whole, positions, presenting, flow, getViewport, getZoom, setCenter]);

  // A Service chosen in the finder: centre its chain at a readable zoom, once per request (seq);
  // waits for the graph to draw it (the worker may still be refocusing).
  const served = useRef(0);
  useEffect(() => {
    if (!centerRequest || centerRequest.seq === served.current) return;
    const p = positions?.[centerRequest.nodeId];
    if (!p) return;
    const seq = centerRequest.seq;
    // After the frame effect's own frame (a refocused graph re-frames too): the later call wins.
    const handle = requestAnimationFrame(() => {
      served.current = seq;
      const zoomTo = Math.max(getZoom(), readableZoom(presenting, titleFontPx(flow.getState().domNode)));
      void setCenter(p.x + p.width / 2, p.y + p.height / 2, { zoom: zoomTo, duration: DURATION });
    });
    return () => cancelAnimationFrame(handle);
  }, [centerRequest, positions, presenting, flow, getZoom, setCenter]);
}
