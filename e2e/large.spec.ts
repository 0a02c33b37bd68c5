import { writeFileSync } from 'node:fs';
import { deepChainDump } from '../src/sim/deepChain';
import { expect, test } from './fixtures';
import { PacketPage } from './pages/packet';

test.use({ viewport: { width: 1600, height: 1000 } });
// Monaco's lazy chunk is large; on a shared 2-core machine the first load can take many seconds.
test.describe.configure({ timeout: 120_000 });

// How fast is printed by `npm run bench:ui` (deep chain section), never asserted here: this
// journey checks that the page still answers a user on such a dump, and says what it found.
test('a 10,000-deep jump chain opens, traces, and the page keeps answering', async ({
  explorer,
  page,
}, testInfo) => {
  const deep = deepChainDump(10_000);
  const file = testInfo.outputPath('deep.iptables-save');
  writeFileSync(file, deep.text);
  await explorer.goto();
  await explorer.openIptablesFile(file);
  await explorer.waitForAnalysis(90_000);
  await expect(explorer.status).toContainText('Parsed 10,003 rules');

  // The graph draws the top of the ladder, not 10,000 nodes.
  const graph = page.getByRole('region', { name: 'Chain graph' });
  await expect(graph.locator('.react-flow__node').first()).toBeVisible();
  expect(await graph.locator('.react-flow__node').count()).toBeLessThanOrEqual(210);
  // … and says that it is cut.
  await expect(page.getByRole('note').filter({ hasText: /Showing \d+ of 10,005 nat chains/ })).toBeVisible();

  const packet = new PacketPage(page);
  await packet.send({
    origin: 'pod',
    src: '10.244.36.7',
    dst: deep.clusterIP,
    dport: deep.port,
    proto: 'tcp',
  });
  // Loop-free, so traced to its DNAT at the end of the 10,000 jumps (issue 12: the guard counts
  // depth, not chain entries); the page says iptables-nft would refuse nesting this deep.
  await expect(packet.verdict).toContainText(`sent to ${deep.endpoint}`, { timeout: 60_000 });
  await expect(packet.assumptions).toContainText('iptables-nft would refuse');
  await expect(packet.assumptions).not.toContainText('loop');
  expect((await packet.pathChains()).slice(0, 3)).toEqual(['PREROUTING', 'KUBE-SERVICES', 'C1']);
  await expect(
    page.getByRole('note').filter({ hasText: /more chains on the path are not drawn/ }),
  ).toBeVisible();

  // Clicks are still handled: playback pauses, then a step of the path becomes the current one.
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  const step = packet.pathItems().nth(3);
  await step.getByRole('button').click();
  await expect(step).toHaveAttribute('aria-current', 'step');
  await expect(packet.position).toContainText('4');
});
