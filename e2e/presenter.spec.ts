import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { PacketPage } from './pages/packet';
import { PresenterPage } from './pages/presenter';
import { POD_TO_CLUSTER_IP } from './traceScenarios';

test.setTimeout(90_000);

test('presenter mode hides the editors and the keyboard drives the playhead', async ({ explorer, page }) => {
  const packet = new PacketPage(page);
  const ui = new PresenterPage(page);
  await explorer.goto();
  await packet.send(POD_TO_CLUSTER_IP);
  await ui.toggle.click();
  await expect(ui.toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(explorer.iptablesEditor).toBeHidden();
  await expect(explorer.kubectlEditor).toBeHidden();
  await expect(packet.path).toBeVisible();

  // A click on a step seeks there and pauses (playback cannot move the playhead under the test).
  await packet.pathItems().nth(3).getByRole('button').click();
  const { of } = await ui.step();
  expect(of).toBeGreaterThan(4);
  await expect(ui.position).toHaveText(`Step 4 of ${of}`);
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await page.keyboard.press('Home'); // nothing bound: the position must not move
  await page.keyboard.press('ArrowLeft');
  await expect(ui.position).toHaveText(`Step 3 of ${of}`);
  await page.keyboard.press('ArrowLeft');
  await expect(ui.position).toHaveText(`Step 2 of ${of}`);
  await page.keyboard.press('ArrowRight');
  await expect(ui.position).toHaveText(`Step 3 of ${of}`);

  // 2 picks the second outcome (endpoint) and restarts it from the first step.
  await page.keyboard.press('2');
  await expect(page.getByLabel('Outcome to animate')).toHaveValue('1');

  // Picking an outcome plays it (one step a second, so it still plays); Space pauses.
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(ui.toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(explorer.iptablesEditor).toBeVisible();
  // A `p` typed into a field stays in the field.
  await page.getByLabel('Source IP', { exact: true }).press('p');
  await expect(ui.toggle).toHaveAttribute('aria-pressed', 'false');
});

test('?present opens in presenter mode; Export SVG downloads the graph as SVG', async ({
  explorer,
  page,
}) => {
  const packet = new PacketPage(page);
  const ui = new PresenterPage(page);
  await page.goto('/?present');
  await expect(ui.toggle).toHaveAttribute('aria-pressed', 'true');
  await explorer.waitForAnalysis();
  await packet.send(POD_TO_CLUSTER_IP);
  const [download] = await Promise.all([page.waitForEvent('download'), ui.exportButton('SVG').click()]);
  expect(download.suggestedFilename()).toBe('kube-proxy-graph.svg');
  const svg = await readFile((await download.path())!, 'utf8');
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg).toContain('KUBE-SVC-LOLE4ISW44XBNF3G');

  const [png] = await Promise.all([page.waitForEvent('download'), ui.exportButton('PNG').click()]);
  expect(png.suggestedFilename()).toBe('kube-proxy-graph.png');
  const bytes = await readFile((await png.path())!);
  expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
});
