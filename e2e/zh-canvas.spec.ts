import { readFileSync } from 'node:fs';
import { GALLERY } from '../src/content';
import { expect, test } from './fixtures';
import { PacketPage } from './pages/packet';
import { PresenterPage } from './pages/presenter';
import { SharePage } from './pages/share';

test.use({ viewport: { width: 1440, height: 900 } });
test.setTimeout(180_000);

const lesson = GALLERY.find((g) => g.id === 'nodeport-web-seed')!;
const fromXml = (s: string) =>
  s
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

test('in 简体中文 the canvas, React Flow’s own words and the SVG export speak Chinese', async ({
  explorer,
  page,
}) => {
  await page.goto(`/#g=${lesson.id}`);
  await expect(new SharePage(page).lesson).toContainText(lesson.title.en, { timeout: 60_000 });
  await explorer.waitForAnalysis();
  const packet = new PacketPage(page);
  await expect(packet.path).toBeVisible();
  await new PresenterPage(page).setLanguage('zh-CN');

  // React Flow's role descriptions and descriptions, and the attribution's name.
  const graph = packet.graph;
  await expect(graph.locator('.react-flow__node').first()).toHaveAttribute('aria-roledescription', '节点');
  await expect(graph.locator('.react-flow__edge').first()).toHaveAttribute('aria-roledescription', '连线');
  await expect(graph.locator('[aria-roledescription="node"], [aria-roledescription="edge"]')).toHaveCount(0);
  await expect(page.locator('[id^="react-flow__node-desc"]')).toHaveText(/^按 Enter 或空格选中这条链/);
  await expect(page.locator('[id^="react-flow__edge-desc"]')).toHaveText(/^按 Enter 或空格选中这条规则/);
  await expect(graph.getByRole('link', { name: 'React Flow 署名' })).toBeVisible();

  // The export says what the canvas says: every edge label and node subtitle as drawn, in Chinese.
  const drawn = [
    ...(await graph.locator('.edge-label').allTextContents()),
    ...(await graph.locator('.chain-node-subtitle').allTextContents()),
  ].map((t) => t.trim());
  expect(drawn.length).toBeGreaterThan(0);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '导出 SVG' }).click(),
  ]);
  const svg = readFileSync((await download.path()) ?? '', 'utf8');
  const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => fromXml(m[1] ?? ''));
  for (const t of drawn) expect(texts).toContain(t);
  const english = texts.filter((t) =>
    /^(always|otherwise)\b|(^| )from |\bevery \d+th\b|^policy |marks (masquerade|drop)|(built-in hook|Service entry|endpoint chain|Pod endpoint|verdict)$/.test(
      t,
    ),
  );
  expect(english).toEqual([]);
  console.log(`zh export: ${texts.length} texts, e.g. ${texts.slice(1, 6).join(' | ')}`);
  await explorer.screenshot('zh-canvas');
});

test('in 简体中文 a chain hover and a refusal’s detail are Chinese', async ({ explorer, page }) => {
  await explorer.goto();
  await explorer.waitForAnalysis();
  await new PresenterPage(page).setLanguage('zh-CN');
  const word = explorer.iptablesEditor
    .locator('.view-line span span', { hasText: /^:?KUBE-SEP-HPW2WDDZQWHWFYBL$/ })
    .first();
  const box = await word.boundingBox();
  if (!box) throw new Error('the chain name is not on screen');
  await word.hover({ position: { x: box.width - 12, y: box.height / 2 } });
  const hover = page.locator('.monaco-hover').filter({ hasText: 'KUBE-SEP-HPW2WDDZQWHWFYBL' });
  await expect(hover).toContainText('端点链：DNAT 到一个端点');
  await expect(hover).toContainText('端点 10.244.169.163:80');
  await expect(hover).toContainText(/nat 表：\d+ 条规则，声明于第 \d+ 行/);
  await expect(hover).not.toContainText('declared on line');

  await page.evaluate(() => {
    (globalThis as unknown as { location: { hash: string } }).location.hash = '#s=99.AAAA';
  });
  const alert = page.getByRole('alert').filter({ hasText: '无法打开这个场景' });
  await expect(alert).toHaveAttribute('data-code', 'share/unknown-version');
  await expect(alert.locator('.share-error-detail')).toHaveText(
    '（其版本为 99；本应用能读取的版本为 1 到 2）',
  );
});
