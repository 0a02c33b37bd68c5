import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { emptyScenario, encodeBase64url, encodeScenario } from '../src/core/share';
import { expect, test } from './fixtures';
import { ExplorerPage } from './pages/explorer';
import { PacketPage } from './pages/packet';
import { SharePage } from './pages/share';
import { WEB_KUBECTL, WEB_NAT_DUMP, WEB_NODE_DUMP } from './scenarios';
import { POD_TO_CLUSTER_IP } from './traceScenarios';

test.use({ viewport: { width: 1600, height: 1000 } });
// Monaco's lazy chunk is large; on a shared 2-core machine the first load can take many seconds.
test.describe.configure({ timeout: 240_000 });

const FROZEN_V1 = readFileSync(new URL('../test/share/links/v1.txt', import.meta.url), 'utf8').trim();

/** Console errors, uncaught exceptions, foreign requests and JS dialogs of a page the fixtures do not watch. */
function watch(page: Page, origin: string): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin)
      problems.push(`request: ${url}`);
  });
  return problems;
}

/** Waits until the editors hold texts of these lengths and their analysis is on screen. */
async function expectInput(explorer: ExplorerPage, iptables: string, kubectl: string): Promise<void> {
  await expect(explorer.iptablesEditor).toHaveAttribute('data-text-length', String(iptables.length), {
    timeout: 60_000,
  });
  await expect(explorer.kubectlEditor).toHaveAttribute('data-text-length', String(kubectl.length));
  await explorer.waitForAnalysis();
}

test('a shared link opens in a new browser with the same input and packet path; a reload keeps it', async ({
  explorer,
  page,
  browser,
  baseURL,
}) => {
  const packet = new PacketPage(page);
  const share = new SharePage(page);
  await explorer.goto();
  await explorer.pasteIptables(WEB_NAT_DUMP);
  await explorer.pasteKubectl(WEB_KUBECTL);
  await explorer.waitForAnalysis();
  await packet.send(POD_TO_CLUSTER_IP);
  const chains = await packet.pathChains();
  const pathText = await packet.path.textContent();
  expect(chains).toContain('KUBE-SERVICES');

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const link = await share.permalink();
  expect(link.startsWith(`${new URL(baseURL ?? '').origin}/#s=2.`)).toBe(true);
  await expect(share.shareDialog).toContainText(`${link.length.toLocaleString('en-US')} characters`);
  await expect(share.shareDialog).toContainText('Copied');
  await share.closeShare();

  const context = await browser.newContext();
  const other = await context.newPage();
  const problems = watch(other, new URL(baseURL ?? '').origin);
  const there = new ExplorerPage(other);
  await other.goto(link);
  await new SharePage(other).receiverCard.getByRole('button', { name: 'Show the rules' }).click();
  await expectInput(there, WEB_NAT_DUMP, WEB_KUBECTL);
  const otherPacket = new PacketPage(other);
  await expect(otherPacket.path).toBeVisible();
  expect(await otherPacket.pathChains()).toEqual(chains);
  await expect(otherPacket.path).toHaveText(pathText ?? '');
  await expect(other.getByLabel('Destination IP', { exact: true })).toHaveValue(POD_TO_CLUSTER_IP.dst);
  // The fragment stays (issue 9): a reload opens the same link over the now-saved input and asks nothing.
  expect(new URL(other.url()).hash).toMatch(/^#s=2\./);
  await expect(there.persistStatus).toHaveText('Saved in this browser.');
  await other.reload();
  await expectInput(there, WEB_NAT_DUMP, WEB_KUBECTL);
  await expect(new SharePage(other).confirmDialog).toHaveCount(0);
  await expect(other.getByLabel('Destination IP', { exact: true })).toHaveValue(POD_TO_CLUSTER_IP.dst);
  expect(problems).toEqual([]);
  await context.close();
});

test('a link over own input asks first: "Keep mine" keeps it, "Replace" replaces it', async ({
  explorer,
  page,
}) => {
  const share = new SharePage(page);
  await explorer.goto();
  await explorer.pasteIptables(WEB_NAT_DUMP);
  await expect(explorer.persistStatus).toHaveText('Saved in this browser.');
  await page.evaluate((h) => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = h;
  }, FROZEN_V1);
  await share.answer('Keep mine');
  await expect(explorer.iptablesEditor).toHaveAttribute('data-text-length', String(WEB_NAT_DUMP.length));
  await page.evaluate((h) => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = h;
  }, FROZEN_V1);
  await share.answer('Replace');
  await share.receiverCard.getByRole('button', { name: 'Show the rules' }).click();
  await expect(explorer.iptablesEditor).not.toHaveAttribute('data-text-length', String(WEB_NAT_DUMP.length));
  await explorer.waitForAnalysis();
  await expect(new PacketPage(page).path).toBeVisible();
});

test('the frozen v1 link opens and sends its packet', async ({ explorer, page }) => {
  await page.goto(`/${FROZEN_V1}`);
  // A link opens result-first: the rules are one click away.
  await new SharePage(page).receiverCard.getByRole('button', { name: 'Show the rules' }).click();
  await expect(explorer.iptablesEditor).toContainText('KUBE-NODEPORTS', { timeout: 60_000 });
  await explorer.waitForAnalysis();
  await expect(new PacketPage(page).path).toContainText('KUBE-SVC-LOLE4ISW44XBNF3G');
  await expect(new SharePage(page).error).toHaveCount(0);
});

const TAMPERED: readonly { name: string; fragment: () => Promise<string>; says: RegExp }[] = [
  {
    name: 'flipped characters',
    fragment: async () => FROZEN_V1.slice(0, 60) + (FROZEN_V1[60] === 'A' ? 'B' : 'A') + FROZEN_V1.slice(61),
    says: /damaged/,
  },
  { name: 'unknown version', fragment: async () => `#s=99.${FROZEN_V1.slice(5)}`, says: /unknown version/ },
  { name: 'not base64url', fragment: async () => '#s=1.A', says: /not valid base64url/ },
  {
    name: 'not JSON',
    fragment: async () => {
      const bytes = new TextEncoder().encode('<script>alert(1)</script>');
      const out = new Uint8Array(
        await new Response(
          new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw')),
        ).arrayBuffer(),
      );
      return `#s=1.${encodeBase64url(out)}`;
    },
    says: /not valid JSON/,
  },
  {
    name: 'wrong shape',
    fragment: async () => `#${await encodeScenario({ ...emptyScenario(), step: -1 })}`,
    says: /not hold a valid scenario/,
  },
];

for (const t of TAMPERED) {
  test(`a tampered link is refused with a message: ${t.name}`, async ({ explorer, page }) => {
    await explorer.goto(`/${await t.fragment()}`);
    const share = new SharePage(page);
    await expect(share.error).toContainText(t.says);
    // Nothing was applied: the example is still there.
    await expect(explorer.iptablesEditor).toHaveAttribute('data-text-length', String(WEB_NODE_DUMP.length));
    await share.error.getByRole('button', { name: 'Dismiss' }).click();
    await expect(share.error).toHaveCount(0);
  });
}

test('HTML and scripts inside rule comments are shown as text and never run', async ({ explorer, page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const hostile = '<img src=x onerror=alert(1)> <script>alert(2)</script>';
  const iptables = WEB_NAT_DUMP.replace('*nat\n', `*nat\n# ${hostile}\n`).replace(
    '"default/web cluster IP"',
    `"default/web cluster IP ${hostile.replace(/"/g, '')}"`,
  );
  const fragment = await encodeScenario({ ...emptyScenario(), iptables, kubectl: WEB_KUBECTL });
  await page.goto(`/#${fragment}`);
  await new SharePage(page).receiverCard.getByRole('button', { name: 'Show the rules' }).click();
  await expectInput(explorer, iptables, WEB_KUBECTL);
  await expect(explorer.iptablesEditor).toContainText('<img src=x onerror=alert(1)>');
  await expect(explorer.iptablesEditor).toContainText('<script>alert(2)</script>');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  const injected = await page.evaluate(() =>
    [...(globalThis as unknown as { document: { scripts: { text: string }[] } }).document.scripts].some((s) =>
      s.text.includes('alert(2)'),
    ),
  );
  expect(injected).toBe(false);
  expect(dialogs).toEqual([]);
});
