import { explainCodeZh } from '../src/i18n/codesZh';
import { expect, test } from './fixtures';
import { PacketPage } from './pages/packet';
import { PresenterPage } from './pages/presenter';
import { POD_TO_CLUSTER_IP } from './traceScenarios';

test.setTimeout(90_000);

test('the language switch rewrites the packet path, and the choice survives a reload', async ({
  explorer,
  page,
}) => {
  const packet = new PacketPage(page);
  const ui = new PresenterPage(page);
  await explorer.goto();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await packet.send(POD_TO_CLUSTER_IP);
  await expect(packet.path).toContainText('jump to KUBE-SVC-');
  await expect(packet.path).toContainText('DNAT: destination rewritten to');

  await ui.setLanguage('zh-CN');
  // The same path, now in Chinese: jumps, DNAT, and the visible labels.
  await expect(packet.path).toContainText('跳转到 KUBE-SVC-');
  await expect(packet.path).toContainText('目标地址改写为');
  await expect(packet.path).not.toContainText('jump to');
  await expect(page.getByRole('button', { name: '发送数据包' })).toBeVisible();
  await expect(page.getByLabel('源 IP', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '端点概率' })).toBeVisible();
  await expect(ui.language()).toHaveValue('zh-CN');
  // The example's notes (kubectl truncated an endpoint list): a Chinese explanation, then the
  // English message marked as English.
  const note = explorer.iptablesEditor
    .locator('.diagnostics li', { hasText: 'model/endpoints-mismatch' })
    .first();
  await expect(note).toContainText(explainCodeZh('model/endpoints-mismatch') ?? 'missing');
  await expect(note.locator('[lang="en"]')).toContainText('is not among the endpoints kubectl printed');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(ui.language()).toHaveValue('zh-CN');
  await expect(page.getByRole('heading', { name: '发送数据包' })).toBeVisible();

  await ui.setLanguage('en');
  await expect(page.getByRole('heading', { name: 'Send a packet' })).toBeVisible();
  await explorer.waitForAnalysis(); // the reloaded page analyses its input again
  await packet.send(POD_TO_CLUSTER_IP);
  await expect(packet.path).toContainText('jump to KUBE-SVC-');
  await expect(packet.path).not.toContainText('跳转');
});
