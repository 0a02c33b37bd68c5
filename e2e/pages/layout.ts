import { expect, type Locator, type Page } from '@playwright/test';

/** A box on the screen, in CSS pixels (Playwright's boundingBox). */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Where things are on the screen, as a user sees them: boxes inside the viewport, whether the page
 * scrolls, the nodes of the packet's path as drawn (clipped to the canvas), the graph's toolbar and
 * the overlays that must never cover them.
 */
export class LayoutPage {
  readonly toolbar: Locator;
  readonly story: Locator;
  readonly side: Locator;
  readonly minimap: Locator;
  /** The drawn canvas (React Flow's pane): what is outside it is clipped away. */
  readonly canvas: Locator;

  constructor(readonly page: Page) {
    this.toolbar = page.getByRole('toolbar', { name: 'Graph tools' });
    this.story = page.getByRole('region', { name: 'Trace result' });
    this.side = page.getByRole('complementary', { name: 'Packet and path' });
    this.minimap = page.getByTestId('graph-minimap');
    this.canvas = page.getByRole('region', { name: /^(Chain graph|链图)$/ }).locator('.react-flow');
  }

  /** The page's own scroll: how far it is scrolled and how much taller/wider it is than the window. */
  scroll(): Promise<{ top: number; height: number; width: number; innerHeight: number; innerWidth: number }> {
    return this.page.evaluate(() => {
      const g = globalThis as unknown as {
        document: { scrollingElement: { scrollTop: number; scrollHeight: number; scrollWidth: number } };
        innerHeight: number;
        innerWidth: number;
      };
      const s = g.document.scrollingElement;
      return {
        top: s.scrollTop,
        height: s.scrollHeight,
        width: s.scrollWidth,
        innerHeight: g.innerHeight,
        innerWidth: g.innerWidth,
      };
    });
  }

  /** Fails unless the element's whole box is inside the viewport. */
  async expectInViewport(locator: Locator, what: string): Promise<void> {
    await expect(locator, what).toBeVisible();
    const box = await locator.boundingBox();
    const size = this.page.viewportSize();
    expect(box, what).not.toBeNull();
    if (!box || !size) return;
    expect(box.x, `${what}: left`).toBeGreaterThanOrEqual(0);
    expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${what}: right`).toBeLessThanOrEqual(size.width + 0.5);
    expect(box.y + box.height, `${what}: bottom`).toBeLessThanOrEqual(size.height + 0.5);
  }

  /** The graph node the packet is on (the one with the marker). */
  packetNode(): Locator {
    return this.canvas.locator('.react-flow__node:has(.packet-here)');
  }

  /** The boxes of the path's nodes, each clipped to the canvas (the part a user can see). */
  async pathNodeBoxes(): Promise<Box[]> {
    const canvas = await this.canvas.boundingBox();
    if (!canvas) return [];
    const boxes: Box[] = [];
    for (const node of await this.canvas.locator('.react-flow__node:has(.on-path)').all()) {
      const b = await node.boundingBox();
      if (!b) continue;
      const x0 = Math.max(b.x, canvas.x);
      const y0 = Math.max(b.y, canvas.y);
      const x1 = Math.min(b.x + b.width, canvas.x + canvas.width);
      const y1 = Math.min(b.y + b.height, canvas.y + canvas.height);
      if (x1 > x0 && y1 > y0) boxes.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
    }
    return boxes;
  }

  /**
   * Every control, panel and strip that could lie over the graph: the toolbar, story strip, side
   * panel, minimap, stale note, and any React Flow panel inside the canvas but its attribution.
   */
  async overlayBoxes(): Promise<{ name: string; box: Box }[]> {
    const out: { name: string; box: Box }[] = [];
    const named: [string, Locator][] = [
      ['toolbar', this.toolbar],
      ['story strip', this.story],
      ['side panel', this.side],
      ['minimap', this.minimap],
      ['stale note', this.page.locator('.graph-stale')],
      ['header', this.page.locator('.app-header')],
    ];
    for (const [name, l] of named) {
      for (const el of await l.all()) {
        const box = await el.boundingBox();
        if (box) out.push({ name, box });
      }
    }
    for (const el of await this.canvas.locator('.react-flow__panel:not(.react-flow__attribution)').all()) {
      const box = await el.boundingBox();
      if (box) out.push({ name: 'panel in the canvas', box });
    }
    return out;
  }

  /** The chain name's size as drawn (CSS font size times the canvas zoom), in pixels. */
  async drawnTitlePx(node: Locator): Promise<number> {
    return node.locator('.chain-node-title').evaluate((el) => {
      const e = el as unknown as { offsetHeight: number; getBoundingClientRect(): { height: number } };
      const css = Number.parseFloat(
        (globalThis as unknown as { getComputedStyle(x: unknown): { fontSize: string } }).getComputedStyle(el)
          .fontSize,
      );
      return (css * e.getBoundingClientRect().height) / e.offsetHeight;
    });
  }
}
