import { GALLERY } from '../src/content';
import { expect, test } from './fixtures';
import { PacketPage } from './pages/packet';
import { SharePage } from './pages/share';
import { WEB_NAT_DUMP } from './scenarios';

test.use({ viewport: { width: 1600, height: 1000 } });
test.describe.configure({ timeout: 240_000 });

// Every gallery scenario is a stable permalink `#g=<id>`: it opens, sends its packet, shows its lesson.
for (const g of GALLERY) {
  test(`gallery permalink #g=${g.id} opens with its lesson`, async ({ explorer, page }) => {
    const share = new SharePage(page);
    await page.goto(`/#g=${g.id}`);
    await expect(explorer.iptablesEditor).toHaveAttribute('data-text-length', String(g.iptables.length), {
      timeout: 60_000,
    });
    await explorer.waitForAnalysis();
    await expect(share.lesson).toContainText(g.title.en);
    await expect(share.lesson).toContainText(g.lesson.en.slice(0, 60));
    await expect(new PacketPage(page).path).toBeVisible();
    await expect(page.getByLabel('Destination IP', { exact: true })).toHaveValue(g.packet.dst);
    await expect(share.error).toHaveCount(0);
    // The fragment stays and follows the state (issue 9).
    expect(new URL(page.url()).hash).toMatch(new RegExp(`^#g=${g.id}(&|$)`));
  });
}

test('the Gallery dialog lists every scenario and opens one over own input after asking', async ({
  explorer,
  page,
}) => {
  const share = new SharePage(page);
  await explorer.goto();
  await explorer.pasteIptables(WEB_NAT_DUMP);
  await share.openGallery();
  await expect(share.galleryDialog.getByRole('listitem')).toHaveCount(GALLERY.length);
  const g = GALLERY[1] ?? GALLERY[0];
  if (!g) throw new Error('empty gallery');
  await share.galleryDialog.getByRole('button', { name: `Open “${g.title.en}”` }).click();
  await expect(share.galleryDialog).toBeHidden();
  await share.answer('Replace');
  await expect(explorer.iptablesEditor).toHaveAttribute('data-text-length', String(g.iptables.length));
  await expect(share.lesson).toContainText(g.title.en);
  await share.lesson.getByRole('button', { name: 'Close lesson' }).click();
  await expect(share.lesson).toHaveCount(0);
});

test('an unknown gallery id is refused in words', async ({ explorer, page }) => {
  await explorer.goto('/#g=no-such-scenario');
  await expect(new SharePage(page).error).toContainText('no gallery scenario called');
});

test('Escape closes the Gallery dialog and focus returns to its button', async ({ explorer, page }) => {
  const share = new SharePage(page);
  await explorer.goto();
  await share.openGallery();
  await page.keyboard.press('Escape');
  await expect(share.galleryDialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Gallery', exact: true })).toBeFocused();
});
