import { test as base, expect } from '@playwright/test';
import { ExplorerPage } from './pages/explorer';

/**
 * The journeys' `test`: every page is watched for console errors, uncaught exceptions and any
 * request to an origin other than the page's own (promise 2: nothing leaves the browser); the
 * test fails if any happened. `explorer` is the page object, with storage cleared first.
 */
export const test = base.extend<{ explorer: ExplorerPage; foreign: string[]; consoleErrors: string[] }>({
  foreign: async ({ page, baseURL }, use) => {
    const own = new URL(baseURL ?? 'http://127.0.0.1:4173').origin;
    const foreign: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (url.startsWith('data:') || url.startsWith('blob:')) return;
      if (new URL(url).origin !== own) foreign.push(url);
    });
    await use(foreign);
    expect(foreign, 'requests to other origins').toEqual([]);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
    await use(errors);
    expect(errors, 'console errors').toEqual([]);
  },
  explorer: async ({ page, foreign, consoleErrors }, use) => {
    void foreign;
    void consoleErrors;
    await use(new ExplorerPage(page));
  },
});

export { expect };
