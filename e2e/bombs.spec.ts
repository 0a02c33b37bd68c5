import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeflateRaw } from 'node:zlib';
import type { Page } from '@playwright/test';
import { encodeBase64url } from '../src/core/share';
import { chromiumWith } from './chromium';
import { expect, test } from './fixtures';

// `performance.memory` reports exact figures only with this flag (otherwise coarse buckets).
test.use({ launchOptions: chromiumWith('--enable-precise-memory-info') });
test.describe.configure({ timeout: 240_000 });

const MB = 1024 * 1024;
const BOMB_BYTES = 1500 * MB;

/** deflate-raw of `BOMB_BYTES` 'A's, made chunk by chunk (the 1.5 GB never exists in memory). */
async function deflatedAs(): Promise<Uint8Array> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const chunk = Buffer.alloc(MB, 'A');
  for (let i = 0; i < BOMB_BYTES / MB; i++) {
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return new Uint8Array(Buffer.concat(out));
}

/**
 * Watches the page from its first script: the largest `usedJSHeapSize` seen (sampled on every
 * frame and timer turn) and the longest animation frame / long task Chromium reports.
 */
async function watchCost(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = globalThis as unknown as {
      performance: { memory: { usedJSHeapSize: number } };
      __cost: { heap: number; frame: number; task: number };
      requestAnimationFrame(f: () => void): void;
      PerformanceObserver: new (
        cb: (list: { getEntries(): { duration: number }[] }) => void,
      ) => { observe(o: { type: string; buffered: boolean }): void };
    };
    const cost = { heap: 0, frame: 0, task: 0 };
    w.__cost = cost;
    const sample = (): void => {
      cost.heap = Math.max(cost.heap, w.performance.memory.usedJSHeapSize);
    };
    const onFrame = (): void => {
      sample();
      w.requestAnimationFrame(onFrame);
    };
    w.requestAnimationFrame(onFrame);
    setInterval(sample, 5);
    const observe = (type: 'long-animation-frame' | 'longtask', key: 'frame' | 'task'): void => {
      new w.PerformanceObserver((list) => {
        for (const e of list.getEntries()) cost[key] = Math.max(cost[key], e.duration);
      }).observe({ type, buffered: true });
    };
    observe('long-animation-frame', 'frame');
    observe('longtask', 'task');
  });
}

type Cost = { heap: number; frame: number; task: number };
const costOf = (page: Page): Promise<Cost> =>
  page.evaluate(() => (globalThis as unknown as { __cost: Cost }).__cost);

/** Resets the counters once the app has settled, so the bomb's own cost is what is measured. */
const resetCost = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const c = (globalThis as unknown as { __cost: Cost }).__cost;
    c.heap = 0;
    c.frame = 0;
    c.task = 0;
  });

test('a deflate bomb link is refused with the page heap under 400 MB and no frame over 200 ms', async ({
  explorer,
  page,
}) => {
  const deflated = await deflatedAs();
  const hash = `#s=1.${encodeBase64url(deflated)}`;
  console.log(`bomb: ${BOMB_BYTES / MB} MB of 'A' → ${deflated.byteLength} bytes → ${hash.length} chars`);
  await watchCost(page);
  await explorer.goto();
  await resetCost(page);
  await page.evaluate((h) => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = h;
  }, hash);
  const alert = page.getByRole('alert').filter({ hasText: 'could not be opened' });
  await expect(alert).toHaveAttribute('data-code', 'share/too-large', { timeout: 120_000 });
  await expect(alert).toContainText('too large');
  const cost = await costOf(page);
  console.log(
    `bomb link: page heap peak ${(cost.heap / MB).toFixed(0)} MB, longest frame ${cost.frame.toFixed(0)} ms, longest task ${cost.task.toFixed(0)} ms`,
  );
  expect(cost.heap).toBeGreaterThan(0);
  expect(cost.heap).toBeLessThan(400 * MB);
  expect(cost.frame).toBeLessThan(200);
  expect(cost.task).toBeLessThan(200);
});

test('a 1.5 GB scenario file is refused as a file, without reading it into the page', async ({
  explorer,
  page,
}) => {
  // A sparse file: 1.5 GB long, no disk blocks. Playwright hands the browser its path.
  const path = join(tmpdir(), `kpe-bomb-${process.pid}.json`);
  const fd = openSync(path, 'w');
  writeSync(fd, '{', BOMB_BYTES - 1);
  closeSync(fd);
  try {
    await watchCost(page);
    await explorer.goto();
    await resetCost(page);
    await page.getByLabel('Open scenario file').setInputFiles(path);
    const alert = page.getByRole('alert').filter({ hasText: 'could not be opened' });
    await expect(alert).toHaveAttribute('data-code', 'file/too-large', { timeout: 120_000 });
    await expect(alert).toContainText('This file');
    const cost = await costOf(page);
    console.log(
      `bomb file: page heap peak ${(cost.heap / MB).toFixed(0)} MB, longest frame ${cost.frame.toFixed(0)} ms`,
    );
    expect(cost.heap).toBeLessThan(400 * MB);
    expect(cost.frame).toBeLessThan(200);
  } finally {
    rmSync(path, { force: true });
  }
});
