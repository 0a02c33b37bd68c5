import { expect, test } from './fixtures';
import { intersects, LayoutPage } from './pages/layout';
import { PacketPage } from './pages/packet';
import { PresenterPage } from './pages/presenter';
import { SharePage } from './pages/share';
import { POD_TO_CLUSTER_IP } from './traceScenarios';

test.setTimeout(120_000);

// Issue 8: the story on one screen, at the sizes people present and work at.
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;

for (const size of SIZES) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });

    test('after Send packet the verdict, playback, the step in words and the packet node are all on screen, no scroll', async ({
      explorer,
      page,
    }) => {
      const packet = new PacketPage(page);
      const layout = new LayoutPage(page);
      await explorer.goto();
      await layout.expectInViewport(page.getByRole('button', { name: 'Send packet' }), 'Send packet');

      await packet.send(POD_TO_CLUSTER_IP);
      // A click on a step seeks there and pauses (playback cannot move the packet under the test).
      await packet.pathItems().nth(2).getByRole('button').click();
      await expect(packet.position).toHaveText(/^Step 3 of \d+$/);
      await layout.expectInViewport(packet.verdict, 'Verdict');
      for (const name of ['Step back', 'Play', 'Step forward']) {
        await layout.expectInViewport(page.getByRole('button', { name, exact: true }), name);
      }
      const words = page.getByTestId('current-step');
      const listed = (await packet.currentStep().locator('.step-words').textContent()) ?? '';
      expect(listed).not.toBe('');
      await expect(words).toHaveText(listed);
      await layout.expectInViewport(words, 'the current step in words');
      // The canvas frames or follows the packet (an animation of 300 ms): wait for it to settle in view.
      await expect(async () => layout.expectInViewport(layout.packetNode(), 'the packet’s node')).toPass();

      const scroll = await layout.scroll();
      expect(scroll.top).toBe(0);
      expect(scroll.height).toBeLessThanOrEqual(scroll.innerHeight);
      expect(scroll.width).toBeLessThanOrEqual(scroll.innerWidth);

      // Nothing lies over the path: no toolbar, strip, panel or minimap box meets a path node as drawn.
      const nodes = await layout.pathNodeBoxes();
      expect(nodes.length).toBeGreaterThan(0);
      for (const { name, box } of await layout.overlayBoxes()) {
        for (const n of nodes) expect(intersects(box, n), `${name} over a path node`).toBe(false);
      }
      // Readable by default: chain names at least 12 px as drawn.
      expect(await layout.drawnTitlePx(layout.packetNode())).toBeGreaterThanOrEqual(11.9);
      await explorer.screenshot(`screen-${size.width}x${size.height}`);
    });
  });
}

test.describe('presenter mode at 1280x720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('one-line header, the lesson beside or below the graph, no minimap, 16 px names', async ({
    explorer,
    page,
  }) => {
    const share = new SharePage(page);
    const ui = new PresenterPage(page);
    const layout = new LayoutPage(page);
    const packet = new PacketPage(page);
    await page.goto('/#g=nodeport-web-seed');
    await explorer.waitForAnalysis();
    await expect(packet.verdict).toBeVisible();
    await expect(share.lesson).toBeVisible();
    await expect(layout.minimap.or(page.getByRole('button', { name: 'Minimap' })).first()).toBeVisible();
    await ui.toggle.click();
    await expect(ui.toggle).toHaveAttribute('aria-pressed', 'true');

    // One line: every header control on the title's row, the header no taller than one control row.
    const header = page.locator('.app-header');
    const headerBox = (await header.boundingBox())!;
    expect(headerBox.height).toBeLessThanOrEqual(56);
    const tops = await header
      .locator('h1, button, select')
      .evaluateAll((els) =>
        els.map(
          (e) => (e as unknown as { getBoundingClientRect(): { top: number } }).getBoundingClientRect().top,
        ),
      );
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(20);

    // The lesson is a strip beside (right of) or below the graph, never above it.
    const graph = (await packet.graph.boundingBox())!;
    const lesson = (await share.lesson.boundingBox())!;
    const beside = lesson.x >= graph.x + graph.width - 1;
    const below = lesson.y >= graph.y + graph.height - 1;
    expect(beside || below, JSON.stringify({ graph, lesson })).toBe(true);
    await layout.expectInViewport(packet.graph, 'the graph');
    await layout.expectInViewport(packet.verdict, 'Verdict');

    await expect(layout.minimap).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Minimap' })).toHaveCount(0);
    await expect(async () => layout.expectInViewport(layout.packetNode(), 'the packet’s node')).toPass();
    // 16 px as drawn by a higher zoom (whole nodes scale), not by a bigger font in a fixed box.
    await expect
      .poll(() => layout.drawnTitlePx(layout.packetNode()), { message: 'chain name as drawn' })
      .toBeGreaterThanOrEqual(15.9);
    const css = await layout
      .packetNode()
      .locator('.chain-node-title')
      .evaluate(
        (el) =>
          (globalThis as unknown as { getComputedStyle(e: unknown): { fontSize: string } }).getComputedStyle(
            el,
          ).fontSize,
      );
    expect(Number.parseFloat(css)).toBeLessThan(16);

    const nodes = await layout.pathNodeBoxes();
    for (const { name, box } of await layout.overlayBoxes()) {
      for (const n of nodes) expect(intersects(box, n), `${name} over a path node`).toBe(false);
    }
    await explorer.screenshot('presenter-1280x720');
  });
});

test.describe('the graph toolbar', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Whole graph zooms out to every node and back; the minimap shows and hides', async ({
    explorer,
    page,
  }) => {
    const packet = new PacketPage(page);
    const layout = new LayoutPage(page);
    await explorer.goto();
    await packet.send(POD_TO_CLUSTER_IP);
    const scale = () =>
      page
        .locator('.react-flow__viewport')
        .evaluate((el) =>
          Number(
            /scale\(([\d.]+)\)/.exec(
              (el as unknown as { style: { transform: string } }).style.transform,
            )?.[1],
          ),
        );
    // Opens at a readable zoom: chain names at least 12 px as drawn.
    await expect.poll(() => layout.drawnTitlePx(layout.packetNode())).toBeGreaterThanOrEqual(11.9);
    const readable = await scale();
    const whole = page.getByRole('button', { name: 'Whole graph' });
    await whole.click();
    await expect(whole).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(scale).toBeLessThan(readable * 0.8);
    await whole.click();
    await expect(whole).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(scale).toBeGreaterThanOrEqual(readable * 0.99);

    const minimap = page.getByRole('button', { name: 'Minimap' });
    const shown = (await minimap.getAttribute('aria-pressed')) === 'true';
    await minimap.click();
    await expect(layout.minimap).toHaveCount(shown ? 0 : 1);
    await minimap.click();
    await expect(layout.minimap).toHaveCount(shown ? 1 : 0);
  });

  test('skip links, first in the tab order, move the focus to the packet form, the result and the graph', async ({
    explorer,
    page,
  }) => {
    const layout = new LayoutPage(page);
    await explorer.goto();
    await page.keyboard.press('Tab');
    const first = page.getByRole('link', { name: 'Skip to the packet form' });
    await expect(first).toBeFocused();
    await layout.expectInViewport(first, 'the focused skip link');
    await page.keyboard.press('Enter');
    await expect(page.locator('#packet-form')).toBeFocused();
    expect(new URL(page.url()).hash).toBe('');
    await page.getByRole('link', { name: 'Skip to the result' }).focus();
    await page.keyboard.press('Enter');
    await expect(layout.story).toBeFocused();
    await page.getByRole('link', { name: 'Skip to the graph' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Chain graph' })).toBeFocused();
  });
});

test.describe('on a phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('no sideways scroll; the editors sit behind tabs; nothing over the lesson', async ({
    explorer,
    page,
  }) => {
    const layout = new LayoutPage(page);
    const share = new SharePage(page);
    await page.goto('/');
    const tabs = page.getByRole('tablist', { name: 'Views' });
    await expect(tabs).toBeVisible();
    const graphTab = tabs.getByRole('tab', { name: 'Graph and packet' });
    await expect(graphTab).toHaveAttribute('aria-selected', 'true');
    await expect(explorer.iptablesEditor).toBeHidden();

    await tabs.getByRole('tab', { name: 'iptables-save' }).click();
    await expect(page.getByRole('tabpanel', { name: 'iptables-save' })).toBeVisible();
    await expect(explorer.iptablesEditor).toBeVisible();
    await expect(explorer.kubectlEditor).toBeHidden();
    await expect(explorer.editorInput('iptables')).toBeAttached({ timeout: 60_000 });
    await explorer.waitForAnalysis();
    // Arrow keys move between tabs (WAI-ARIA tabs pattern).
    await page.keyboard.press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'kubectl' })).toBeFocused();
    await expect(explorer.kubectlEditor).toBeVisible();
    await expect(explorer.iptablesEditor).toBeHidden();
    await graphTab.click();
    await expect(page.getByRole('region', { name: 'Chain graph' })).toBeVisible();
    let scroll = await layout.scroll();
    expect(scroll.width).toBeLessThanOrEqual(scroll.innerWidth);

    await page.goto('/#g=nodeport-web-seed');
    await explorer.waitForAnalysis();
    await expect(share.lesson).toBeVisible();
    await share.lesson.scrollIntoViewIfNeeded();
    // What is painted at the lesson's corners and centre belongs to the lesson.
    const covered = await share.lesson.evaluate((el) => {
      const doc = (globalThis as unknown as { document: { elementFromPoint(x: number, y: number): unknown } })
        .document;
      const r = (el as unknown as { getBoundingClientRect(): DOMRectLike }).getBoundingClientRect();
      const pts = [
        [r.left + 4, r.top + 4],
        [r.right - 4, r.top + 4],
        [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
        [r.left + 4, r.bottom - 4],
        [r.right - 4, r.bottom - 4],
      ];
      return pts.filter(([x, y]) => {
        const hit = doc.elementFromPoint(x ?? 0, y ?? 0) as unknown as {
          closest?(s: string): unknown;
        } | null;
        return !hit?.closest?.('.lesson-panel');
      }).length;
    });
    expect(covered).toBe(0);
    scroll = await layout.scroll();
    expect(scroll.width).toBeLessThanOrEqual(scroll.innerWidth);
  });
});

interface DOMRectLike {
  left: number;
  top: number;
  right: number;
  bottom: number;
}
