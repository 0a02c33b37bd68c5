import { expect, test } from './fixtures';
import { PacketPage } from './pages/packet';
import { WEB_KUBECTL, WEB_NAT_DUMP } from './scenarios';
import { POD_TO_CLUSTER_IP, TRACE_JOURNEYS, WEB_ENDPOINTS } from './traceScenarios';

// Projector-sized window for the README screenshots.
test.use({ viewport: { width: 1600, height: 1000 } });
test.setTimeout(90_000);

/** True when `chains` contains the expected ones in this order (other chains may come between). */
function inOrder(chains: readonly string[], expected: readonly (string | RegExp)[]): boolean {
  let i = 0;
  for (const c of chains) {
    const want = expected[i];
    if (want !== undefined && (typeof want === 'string' ? c === want : want.test(c))) i++;
  }
  return i === expected.length;
}

for (const j of TRACE_JOURNEYS) {
  test(j.name, async ({ explorer, page }) => {
    const packet = new PacketPage(page);
    await explorer.goto();
    await explorer.pasteIptables(j.iptables);
    await explorer.pasteKubectl(j.kubectl);
    await explorer.waitForAnalysis();

    await packet.send(j.packet);
    const chains = await packet.pathChains();
    expect(inOrder(chains, j.chainsInOrder), `path ${chains.join(' → ')}`).toBe(true);
    const dnatStep = packet.pathItems().filter({ hasText: 'DNAT: destination rewritten to' });
    await expect(dnatStep).toHaveCount(1);
    const dnatText = (await dnatStep.textContent()) ?? '';
    expect(
      j.dnatTo.some((ep) => dnatText.includes(`rewritten to ${ep}`)),
      dnatText,
    ).toBe(true);
    await expect(packet.path).toContainText('matches TCP to');

    if (j.masquerade) {
      await expect(packet.pathItems().filter({ hasText: 'masquerade: the source becomes' })).toHaveCount(1);
      await expect(packet.verdict).toContainText('Masquerade');
    } else {
      await expect(packet.path).not.toContainText('masquerade: the source becomes');
      await expect(packet.verdict).not.toContainText('Masquerade');
    }

    const rows = await packet.barRows();
    expect(rows.map((r) => r.effective)).toEqual(j.shares);
    expect(rows.map((r) => r.endpoint)).toEqual([...WEB_ENDPOINTS]);
    await expect(packet.bars).toContainText('once per connection');
    await expect(packet.assumptions).toBeVisible();
    await explorer.screenshot(j.screenshot);
  });
}

test('Send 1000 fills the observed bars, close to a third each', async ({ explorer, page }) => {
  const packet = new PacketPage(page);
  await explorer.goto();
  await packet.send(POD_TO_CLUSTER_IP);
  await packet.sendThousand();
  const rows = await packet.barRows();
  expect(rows).toHaveLength(3);
  const observed = rows.map((r) => Number.parseFloat(r.observed));
  expect(observed.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0);
  for (const o of observed) expect(Math.abs(o - 33.3)).toBeLessThan(6);
  await explorer.screenshot('send-1000');
});

test('clicking a pod in the graph animates the packet to it; steps move the playhead', async ({
  explorer,
  page,
}) => {
  const packet = new PacketPage(page);
  await explorer.goto();
  await packet.send(POD_TO_CLUSTER_IP);
  await packet.clickEndpoint('10.244.169.165:80');
  await expect(packet.verdict).toContainText('sent to 10.244.169.165:80');
  await expect(page.getByText('Chosen by you')).toBeVisible();

  // A click on a step seeks there and pauses; the step buttons then move the playhead one step.
  await packet.pathItems().nth(2).getByRole('button').click();
  await expect(packet.position).toHaveText(/^Step 3 of \d+$/);
  const third = await packet.currentStep().textContent();
  await packet.stepBack();
  await expect(packet.position).toHaveText(/^Step 2 of \d+$/);
  await expect(packet.currentStep()).not.toHaveText(third ?? '');
  await packet.stepForward();
  await expect(packet.position).toHaveText(/^Step 3 of \d+$/);
  await expect(packet.currentStep()).toHaveText(third ?? '');
  await packet.pathItems().nth(1).getByRole('button').click();
  await expect(packet.currentStep()).toContainText('KUBE-SERVICES');
});

test('editing a --probability updates the bars at once (what-if)', async ({ explorer, page }) => {
  const packet = new PacketPage(page);
  await explorer.goto();
  await explorer.pasteIptables(WEB_NAT_DUMP);
  await explorer.pasteKubectl(WEB_KUBECTL);
  await explorer.waitForAnalysis();
  await packet.send(POD_TO_CLUSTER_IP);
  await expect
    .poll(async () => (await packet.barRows()).map((r) => r.effective))
    .toEqual(['33.3%', '33.3%', '33.3%']);

  await explorer.pasteIptables(
    WEB_NAT_DUMP.replace('--probability 0.33333333349', '--probability 0.80000000000'),
  );
  await explorer.waitForAnalysis();
  await expect
    .poll(async () => (await packet.barRows()).map((r) => r.effective))
    .toEqual(['80.0%', '10.0%', '10.0%']);
  expect((await packet.barRows()).map((r) => r.written)).toEqual(['80.0%', '50.0%', 'the rest (100%)']);
});

test('a destination that matches no Service is accepted without DNAT, in words', async ({
  explorer,
  page,
}) => {
  const packet = new PacketPage(page);
  await explorer.goto();
  await packet.send({ ...POD_TO_CLUSTER_IP, dst: '10.104.247.99' });
  await expect(packet.verdict).toContainText('No DNAT');
  await expect(packet.bars).toContainText('No endpoint lottery');
});

test('a ping to the cluster IP matches no Service rule: no DNAT, and the port field is off', async ({
  explorer,
  page,
}) => {
  const packet = new PacketPage(page);
  await explorer.goto();
  await packet.send({ ...POD_TO_CLUSTER_IP, proto: 'icmp' });
  await expect(page.getByLabel('Destination port', { exact: true })).toBeDisabled();
  await expect(packet.verdict).toContainText('No DNAT');
  // PREROUTING jumps to KUBE-SERVICES, where no rule matches ICMP: the packet returns unchanged.
  await expect(packet.pathItems().first()).toContainText('KUBE-SERVICES');
  const chains = await packet.pathChains();
  expect(chains).not.toContain('KUBE-SERVICES');
  expect(chains.filter((c) => /^KUBE-(SVC|SEP)-/.test(c))).toEqual([]);
});
