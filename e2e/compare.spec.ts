import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { WEB_NODE_DUMP } from './scenarios';

// Monaco's lazy chunk is large; on a shared 2-core machine the first load can take many seconds.
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 1600, height: 1000 } });

const NFT_LISTING = readFileSync('test/fixtures/nftables/kube-proxy-overall.list.txt', 'utf8');

/** Replaces the text of the Monaco editor named `label` through the clipboard (select all, paste). */
async function pasteInto(page: Page, label: string, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(
    (t) =>
      (
        globalThis as unknown as { navigator: { clipboard: { writeText(s: string): Promise<void> } } }
      ).navigator.clipboard.writeText(t),
    text,
  );
  const input = page.getByRole('textbox', { name: label });
  await input.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
}

test('Compare: a changed endpoint in dump B is the one different Service port, in words', async ({
  explorer,
  page,
}) => {
  await explorer.goto();
  const toggle = page.getByRole('button', { name: 'Compare', exact: true });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  // Reached from the keyboard like every other header tool.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const view = page.getByRole('region', { name: 'Compare two dumps' });
  await expect(view).toBeVisible();
  await expect(view.getByRole('status')).toHaveText('Paste dump B to compare it with A.');
  // The explorer is hidden meanwhile, not gone.
  await expect(page.getByRole('region', { name: 'Chain graph' })).toBeHidden();

  await pasteInto(page, 'Dump B input', WEB_NODE_DUMP.replaceAll('10.244.169.161', '10.244.169.199'));
  await expect(view.getByRole('status')).toHaveText(/^\d+ Service ports: \d+ equivalent, 1 different\.$/, {
    timeout: 30_000,
  });
  const list = view.getByRole('list', { name: 'Service ports compared' });
  const web = list.getByRole('listitem').filter({ hasText: /^default\/web\S* different/ });
  await expect(web).toHaveCount(1);
  await expect(web.getByRole('listitem').first()).toContainText(/from a pod: A DNAT 10\.244\.169\.161:80/);
  await expect(web.getByRole('listitem').first()).toContainText(/B DNAT 10\.244\.169\.199:80/);
  await expect(
    list.getByRole('listitem').filter({ hasText: 'kube-system/kube-dns:dns equivalent' }),
  ).toHaveCount(1);
  await explorer.screenshot('compare');

  await page.getByRole('button', { name: 'Close compare' }).click();
  await expect(view).toBeHidden();
  await expect(page.getByRole('region', { name: 'Chain graph' })).toBeVisible();
  await expect(explorer.editorInput('iptables')).toBeAttached();
});

test('an nftables listing is coloured, marked where it is broken, and names its chains on hover', async ({
  explorer,
  page,
}) => {
  await explorer.goto();
  const broken = NFT_LISTING.replace(
    'type nat hook prerouting priority dstnat;',
    'type nat hook prerouting priority bogus;',
  );
  await explorer.pasteIptables(broken);
  await explorer.waitForAnalysis();
  // The nftables reader's own diagnostic, at its line.
  const problems = explorer.iptablesEditor.locator('.diagnostics');
  const bad = problems.getByRole('listitem').filter({ hasText: 'nftables/bad-priority' });
  await expect(bad).toHaveCount(1);
  const line = NFT_LISTING.slice(0, NFT_LISTING.indexOf('priority dstnat;')).split('\n').length;
  await bad.getByRole('button', { name: `Line ${line}` }).click();
  await expect(explorer.errorMarkers('iptables').first()).toBeVisible();

  // The nft grammar colours `jump` targets as chains; hovering one says what it is.
  const editor = explorer.iptablesEditor;
  await explorer.editorInput('iptables').focus();
  await page.keyboard.press('ControlOrMeta+F');
  await page.keyboard.type('jump services');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  const target = editor.locator('.view-line span span', { hasText: /^services$/ }).first();
  await expect(target).toBeVisible();
  await target.hover();
  const hover = page.locator('.monaco-hover').filter({ hasText: 'table ip kube-proxy' });
  await expect(hover).toBeVisible({ timeout: 15_000 });
  await expect(hover).toContainText('Chain in table ip kube-proxy');
});
