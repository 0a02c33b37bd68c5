import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PacketPage } from './pages/packet';
import { PresenterPage } from './pages/presenter';
import { SharePage } from './pages/share';

// Issue 9: the address is the state; a link carries the story and opens result-first.
test.use({ viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 240_000 });

const LESSON = 'etp-local-without-local-endpoint';

/** What the screen shows of the lesson, read the same way before and after a reload. */
async function screen(page: Page) {
  const ui = new PresenterPage(page);
  return {
    lesson: await page.locator('.lesson-panel').getAttribute('data-gallery-id'),
    step: await page.getByTestId('current-step').textContent(),
    position: await ui.position.textContent(),
    presenter: await ui.toggle.getAttribute('aria-pressed'),
    lang: await page.locator('html').getAttribute('lang'),
  };
}

const historyLength = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { history: { length: number } }).history.length);

test('a reload mid-lesson at step N in presenter mode, in 简体中文, finds the same screen', async ({
  explorer,
  page,
}) => {
  void explorer;
  const packet = new PacketPage(page);
  const ui = new PresenterPage(page);
  await page.goto(`/#g=${LESSON}`);
  await expect(packet.path).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.lesson-panel')).toHaveAttribute('data-gallery-id', LESSON);
  // The fragment stays after opening.
  expect(new URL(page.url()).hash).toMatch(new RegExp(`^#g=${LESSON}`));
  const entries = await historyLength(page);

  await ui.toggle.click();
  await expect(ui.toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(ui.toggle).toHaveAccessibleName('Presenter mode');
  await packet.pathItems().nth(2).getByRole('button').click();
  await expect(ui.position).toHaveText(/^Step 3 of \d+$/);
  await expect.poll(() => new URL(page.url()).hash).toContain('step=2');
  await page.keyboard.press('ArrowRight');
  await expect(ui.position).toHaveText(/^Step 4 of \d+$/);
  await expect.poll(() => new URL(page.url()).hash).toContain('step=3');
  await ui.setLanguage('zh-CN');
  await expect.poll(() => new URL(page.url()).hash).toContain('lang=zh-CN');
  expect(new URL(page.url()).hash).toContain('present=1');
  // Every change replaced the one history entry.
  expect(await historyLength(page)).toBe(entries);

  const before = await screen(page);
  expect(before).toMatchObject({ lesson: LESSON, presenter: 'true', lang: 'zh-CN' });
  const address = page.url();
  await page.reload();
  await expect(page.getByTestId('current-step')).toHaveText(before.step ?? '', { timeout: 60_000 });
  await expect(ui.position).toHaveText(before.position ?? '');
  expect(await screen(page)).toEqual(before);
  expect(page.url()).toBe(address);
  await expect(new SharePage(page).confirmDialog).toHaveCount(0);
});

test('Share carries the lesson and a note; a fresh browser opens the link result-first', async ({
  explorer,
  page,
  browser,
  baseURL,
}) => {
  void explorer;
  const share = new SharePage(page);
  await page.goto(`/#g=${LESSON}`);
  await expect(new PacketPage(page).path).toBeVisible({ timeout: 60_000 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await share.shareDialog
    .getByLabel('Note for the receiver (one line, optional)')
    .fill('Why is it <b>dropped</b>?');
  const box = share.shareDialog.getByRole('textbox', { name: 'Permalink' });
  await expect(share.shareDialog).toContainText('Copied');
  const link = await box.inputValue();
  expect(link.startsWith(`${new URL(baseURL ?? '').origin}/#s=2.`)).toBe(true);
  expect(
    await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    ),
  ).toBe(link);

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const other = await context.newPage();
  const errors: string[] = [];
  other.on('pageerror', (e) => errors.push(e.message));
  await other.goto(link);
  const there = new SharePage(other);
  await expect(there.receiverCard).toBeVisible({ timeout: 60_000 });
  await expect(there.receiverCard.getByTestId('receiver-question')).toHaveText(
    'client 203.0.113.7 → node 192.168.10.11:30443 (shop/checkout NodePort)',
  );
  await expect(there.receiverCard.getByTestId('receiver-answer')).toHaveText(
    /^DROP in filter KUBE-EXTERNAL-SERVICES, line \d+: has no local endpoints$/,
  );
  // The note is text, never markup.
  await expect(there.receiverCard).toContainText('Why is it <b>dropped</b>?');
  await expect(other.locator('.receiver-card b')).toHaveCount(0);
  await expect(there.lesson).toHaveAttribute('data-gallery-id', LESSON);
  // Result-first: the verdict on screen without scrolling, the editors collapsed until asked.
  const otherPacket = new PacketPage(other);
  await expect(otherPacket.verdict).toBeInViewport({ ratio: 1 });
  await expect(there.receiverCard).toBeInViewport({ ratio: 1 });
  await expect(other.getByRole('region', { name: 'iptables-save editor' })).toBeHidden();
  expect(new URL(other.url()).hash).toMatch(/^#s=2\./);

  await there.receiverCard.getByRole('button', { name: 'Replay' }).click();
  await expect(otherPacket.position).toHaveText(/^Step [12] of \d+$/);
  await there.receiverCard.getByRole('button', { name: 'Show the rules' }).click();
  await expect(other.getByRole('region', { name: 'iptables-save editor' })).toBeVisible();
  await expect.poll(() => new URL(other.url()).hash).toContain('rules=1');
  expect(errors).toEqual([]);
  await context.close();
});

test('a link over the receiver’s saved input asks first, and the fragment stays', async ({
  explorer,
  page,
}) => {
  await explorer.goto();
  await explorer.pasteIptables('*filter\n:INPUT ACCEPT [0:0]\nCOMMIT\n');
  await expect(explorer.persistStatus).toHaveText('Saved in this browser.');
  await page.goto(`/#g=${LESSON}`);
  const share = new SharePage(page);
  await share.answer('Replace');
  await expect(new PacketPage(page).path).toBeVisible({ timeout: 60_000 });
  expect(new URL(page.url()).hash).toMatch(new RegExp(`^#g=${LESSON}`));
});
