import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { PacketPage } from './pages/packet';

/** A real kubeadm node's iptables-save (2018, k8s 1.11, weave 10.32.0.0/12, API server 192.168.50.101). */
const REAL_2018 = readFileSync(
  new URL('../test/fixtures/iptables/real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt', import.meta.url),
  'utf8',
);

test('pasting your dump over the example clears its kubectl text and aims the packet at your dump', async ({
  explorer,
  page,
}) => {
  const packet = new PacketPage(page);
  await explorer.goto();
  await expect(explorer.kubectlEditor).not.toHaveAttribute('data-text-length', '0');

  await explorer.pasteIptables(REAL_2018);
  await explorer.waitForAnalysis();
  await expect(explorer.kubectlEditor).toHaveAttribute('data-text-length', '0');
  await expect(explorer.kubectlEditor.getByRole('status')).toContainText('was cleared');

  // The dump's only live ClusterIP Service, the node IP (the API server's host-network endpoint),
  // a pod source in weave's pod network.
  await expect(page.getByLabel('Destination IP', { exact: true })).toHaveValue('10.96.0.1');
  await expect(page.getByLabel('Destination port', { exact: true })).toHaveValue('443');
  await expect(page.getByLabel('Origin', { exact: true })).toHaveValue('pod');
  await expect(page.getByLabel('Source IP', { exact: true })).toHaveValue('10.32.0.7');
  await expect(page.getByLabel('Node IP', { exact: true })).toHaveValue('192.168.50.101');

  await page.getByRole('button', { name: 'Send packet' }).click();
  await expect(packet.path).toBeVisible();
  await expect(packet.verdict).not.toContainText('no Service rule matched');
  await expect(packet.path).toContainText('rewritten to 192.168.50.101:6443');
  expect((await packet.pathChains()).some((c) => c.startsWith('KUBE-SVC-'))).toBe(true);
});

test('the cleared kubectl text can be put back in one click', async ({ explorer, page }) => {
  await explorer.goto();
  const exampleLength = await explorer.kubectlEditor.getAttribute('data-text-length');
  await explorer.pasteIptables(REAL_2018);
  await explorer.kubectlEditor.getByRole('button', { name: 'Put it back' }).click();
  await expect(explorer.kubectlEditor).toHaveAttribute('data-text-length', exampleLength ?? '');
  await expect(explorer.kubectlEditor.getByRole('button', { name: 'Put it back' })).toHaveCount(0);
  await expect(page.getByLabel('Destination IP', { exact: true })).toHaveValue('10.96.0.1');
});

test('editing a rule of the example keeps its kubectl text and packet (what-if)', async ({
  explorer,
  page,
}) => {
  await explorer.goto();
  const kubectlLength = await explorer.kubectlEditor.getAttribute('data-text-length');
  await explorer.typeAtEnd('iptables', '\n# a note');
  await explorer.waitForAnalysis();
  await expect(explorer.kubectlEditor).toHaveAttribute('data-text-length', kubectlLength ?? '');
  await expect(page.getByLabel('Destination IP', { exact: true })).toHaveValue('10.104.247.10');
});
