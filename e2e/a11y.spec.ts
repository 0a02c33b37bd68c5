import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PacketPage } from './pages/packet';
import { PresenterPage } from './pages/presenter';
import { POD_TO_CLUSTER_IP } from './traceScenarios';

test.setTimeout(120_000);

/** WCAG 2.1 A and AA violations axe-core finds on the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => `${n.target.join(' ')} [${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}]`)
        .join(', ')}`,
  );
}

test('the explorer mid-trace, in English and 简体中文, meets WCAG 2.1 AA (axe)', async ({
  explorer,
  page,
}) => {
  const packet = new PacketPage(page);
  const ui = new PresenterPage(page);
  await explorer.goto();
  expect(await violations(page)).toEqual([]);

  await packet.send(POD_TO_CLUSTER_IP);
  await expect(packet.verdict).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await ui.setLanguage('zh-CN');
  await expect(packet.path).toContainText('跳转到 KUBE-SVC-');
  expect(await violations(page)).toEqual([]);
});

test('presenter mode and the Share and Gallery dialogs meet WCAG 2.1 AA (axe)', async ({
  explorer,
  page,
}) => {
  const packet = new PacketPage(page);
  const ui = new PresenterPage(page);
  await explorer.goto();
  await packet.send(POD_TO_CLUSTER_IP);

  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Permalink' })).not.toHaveValue('');
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByRole('button', { name: 'Gallery', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await ui.toggle.click();
  await expect(ui.toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await violations(page)).toEqual([]);
});
