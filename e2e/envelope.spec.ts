import { expect, test } from './fixtures';
import { PacketPage } from './pages/packet';
import { POD_TO_CLUSTER_IP, TRACE_JOURNEYS } from './traceScenarios';

// The example's web Service (3 endpoints) from a client outside, to the NodePort: kube-proxy marks it
// for masquerade (KUBE-EXT/KUBE-NODEPORTS → KUBE-MARK-MASQ), a KUBE-SEP DNATs it to a pod.
const NODEPORT = TRACE_JOURNEYS.find((j) => j.masquerade)!.packet;

test.use({ viewport: { width: 1440, height: 900 } });

test('the envelope shows the rewritten destination at the DNAT step, marked for masquerade', async ({
  explorer,
  page,
}) => {
  const packet = new PacketPage(page);
  await explorer.goto();
  await packet.send(NODEPORT);

  const dnatStep = packet.pathItems().filter({ hasText: 'DNAT: destination rewritten to' });
  const endpoint = /rewritten to (\d+\.\d+\.\d+\.\d+:\d+)/.exec((await dnatStep.textContent()) ?? '')?.[1];
  expect(endpoint, 'the DNAT step names its endpoint').toBeTruthy();
  // A click on a step seeks there and pauses.
  await dnatStep.getByRole('button').click();
  await expect(packet.currentStep()).toContainText('DNAT: destination rewritten to');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();

  const envelope = page.getByRole('region', { name: 'Packet envelope' });
  const row = (name: string) => envelope.getByRole('row', { name: new RegExp(`^${name}\\b`) });
  await expect(envelope).toContainText(/step \d+ of \d+ leaves them: nat KUBE-SEP-/);
  await expect(row('Destination')).toHaveClass(/env-changed/);
  await expect(row('Destination').locator('.env-value')).toHaveText(endpoint!);
  await expect(row('Destination').locator('del')).toHaveText(`${NODEPORT.dst}:${NODEPORT.dport}`);
  await expect(row('Mark')).toContainText('0x4000 (marked for masquerade)');
  await expect(row('Mark')).not.toHaveClass(/env-changed/);
  await expect(row('Conntrack')).toContainText("new, DNAT'ed");
  await expect(row('Source')).not.toHaveClass(/env-changed/);
  await expect(envelope).toContainText(`dst changed: ${NODEPORT.dst}:${NODEPORT.dport} → ${endpoint}`);

  // The card on the graph's packet marker says the same, the new destination highlighted.
  const card = packet.graph.locator('.env-card');
  await expect(card).toHaveCount(1);
  await expect(card.locator('.env-changed').first()).toHaveText(endpoint!);
  await expect(card).toContainText('marked for masquerade');
  // Not clipped away by the canvas (IntersectionObserver counts the clipping of the graph's box).
  await packet.graph.scrollIntoViewIfNeeded();
  await expect(card).toBeInViewport();

  // One step back (the KUBE-SEP jump... or the mark): the destination is the node's again.
  await packet.stepBack();
  await expect(row('Destination').locator('.env-value')).toHaveText(`${NODEPORT.dst}:${NODEPORT.dport}`);
  await expect(row('Destination')).not.toHaveClass(/env-changed/);

  // The step that sets the mark highlights it.
  await packet.pathItems().filter({ hasText: 'KUBE-MARK-MASQ' }).last().getByRole('button').click();
  await expect(envelope).toContainText('leaves them: nat KUBE-MARK-MASQ');
  await expect(row('Mark')).toHaveClass(/env-changed/);
  await expect(envelope).toContainText('mark changed: 0x0 → 0x4000 (marked for masquerade)');
});

test('the bars read reached × written = share: the 1/3 lesson', async ({ explorer, page }) => {
  const packet = new PacketPage(page);
  await explorer.goto();
  await packet.send(POD_TO_CLUSTER_IP);
  const rows = packet.bars.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.locator('.bar-product')).toHaveText([
    '100.0% × 33.3% = 33.3%',
    '66.7% × 50.0% = 33.3%',
    '33.3% × the rest (100%) = 33.3%',
  ]);
  await expect(rows.locator('.bar-reached .bar-text')).toHaveText(['100.0%', '66.7%', '33.3%']);
  await expect(packet.bars.getByRole('columnheader', { name: 'Chance to reach the rule' })).toBeVisible();
  // A pod inside the cluster CIDR is not marked: the envelope says 0x0 all along.
  const envelope = page.getByRole('region', { name: 'Packet envelope' });
  await expect(envelope.getByRole('row', { name: /^Mark\b/ })).toContainText('0x0');
});
