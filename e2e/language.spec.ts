import { readFileSync } from 'node:fs';
import { GALLERY } from '../src/content';
import { expect, test } from './fixtures';
import { PacketPage } from './pages/packet';
import { PresenterPage } from './pages/presenter';
import { SharePage } from './pages/share';

test.use({ viewport: { width: 1440, height: 900 } });
test.setTimeout(120_000);

const lesson = GALLERY.find((g) => g.id === 'nodeport-web-seed')!;

test('switching language re-renders the open lesson and its accessible names', async ({ explorer, page }) => {
  const share = new SharePage(page);
  const ui = new PresenterPage(page);
  await page.goto(`/#g=${lesson.id}`);
  await expect(share.lesson).toContainText(lesson.title.en, { timeout: 60_000 });
  await explorer.waitForAnalysis();
  await expect(new PacketPage(page).path).toBeVisible();

  await ui.setLanguage('zh-CN');
  const zhLesson = page.getByRole('region', { name: '讲解' });
  await expect(zhLesson.getByRole('heading', { name: lesson.title['zh-CN'] })).toBeVisible();
  await expect(zhLesson).toContainText(lesson.lesson['zh-CN'].slice(0, 40));
  await expect(zhLesson).not.toContainText(lesson.lesson.en.slice(0, 40));
  await expect(zhLesson.getByRole('button', { name: '关闭讲解' })).toBeVisible();
  await explorer.screenshot('language-zh-lesson');

  // The gallery's blurbs in Chinese: one whole sentence each, never the lesson cut inside code.
  await page.getByRole('button', { name: '场景库', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '场景库' });
  for (const g of GALLERY) {
    const blurb = dialog.locator(`li[data-gallery-id="${g.id}"] p`);
    await expect(blurb).toHaveText(/[。！？]$/);
    expect(((await blurb.textContent()) ?? '').length).toBeLessThan(g.lesson['zh-CN'].length);
  }
  await explorer.screenshot('language-zh-gallery');
  await page.keyboard.press('Escape');

  await ui.setLanguage('en');
  await expect(share.lesson.getByRole('heading', { name: lesson.title.en })).toBeVisible();
  await expect(share.lesson).toContainText(lesson.lesson.en.slice(0, 40));
});

test('a hostile pod name in a chain hover renders as text, not a link', async ({ explorer, page }) => {
  const name = '[x](javascript:alert(1))';
  await explorer.goto();
  // kubectl's JSON carries any name; the hover on the endpoint's chain shows the pod.
  const pod = {
    apiVersion: 'v1',
    kind: 'List',
    items: [
      {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name, namespace: 'default' },
        spec: { nodeName: 'node1' },
        status: { phase: 'Running', podIP: '10.244.169.163', podIPs: [{ ip: '10.244.169.163' }] },
      },
    ],
  };
  const kubectl = readFileSync(new URL('../src/ui/examples/webNode.kubectl.txt', import.meta.url), 'utf8');
  await explorer.pasteKubectl(`${kubectl}\n${JSON.stringify(pod, null, 2)}\n`);
  await explorer.waitForAnalysis();
  // The token of the chain's declaration line (`:KUBE-SEP-… - [0:0]`): the mouse rests on its name.
  const word = explorer.iptablesEditor
    .locator('.view-line span span', { hasText: /^:?KUBE-SEP-HPW2WDDZQWHWFYBL$/ })
    .first();
  const box = await word.boundingBox();
  if (!box) throw new Error('the chain name is not on screen');
  await word.hover({ position: { x: box.width - 12, y: box.height / 2 } });
  const hover = page.locator('.monaco-hover').filter({ hasText: 'KUBE-SEP-HPW2WDDZQWHWFYBL' });
  await expect(hover).toContainText(`(pod ${name})`);
  await expect(hover.locator('a, img')).toHaveCount(0);
  await explorer.screenshot('language-hostile-hover');
});
