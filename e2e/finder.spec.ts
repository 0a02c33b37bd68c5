import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { FinderPage } from './pages/finder';
import { PacketPage } from './pages/packet';

/** A real kubeadm node (2018, k8s 1.11): kube-dns has no endpoints, only filter REJECT rules. */
const REAL_2018 = readFileSync(
  new URL('../test/fixtures/iptables/real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt', import.meta.url),
  'utf8',
);

test('type part of a name, ↓, Enter: the packet is aimed at that Service address', async ({
  explorer,
  page,
}) => {
  const finder = new FinderPage(page);
  await explorer.goto();
  await expect(finder.input).toHaveAttribute('aria-expanded', 'false');

  await finder.input.fill('kube-dns');
  await expect(finder.input).toHaveAttribute('aria-expanded', 'true');
  expect(await finder.list.getAttribute('id')).toBe(await finder.input.getAttribute('aria-controls'));
  // kube-dns has three ports, each with one cluster IP address, sorted by port.
  await expect(finder.options()).toHaveCount(3);
  await expect(page.getByText('3 of 5 Service ports match')).toBeVisible();
  await finder.input.press('ArrowDown');
  await expect(await finder.activeOption()).toContainText('kube-system/kube-dns:dns');
  await expect(await finder.activeOption()).toHaveAttribute('aria-selected', 'true');
  await finder.input.press('ArrowDown');
  await expect(await finder.activeOption()).toContainText('kube-system/kube-dns:dns-tcp');
  await finder.input.press('Enter');
  await expect(finder.input).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Destination IP', { exact: true })).toHaveValue('10.96.0.10');
  await expect(page.getByLabel('Destination port', { exact: true })).toHaveValue('53');
  await expect(page.getByLabel('Protocol', { exact: true })).toHaveValue('tcp');
  await expect(finder.input).toHaveValue('kube-system/kube-dns:dns-tcp');
  await expect(
    page.getByText('Aimed at kube-system/kube-dns:dns-tcp — 10.96.0.10:53 TCP · cluster IP'),
  ).toBeVisible();

  // A NodePort aims an outside client at the node IP.
  await finder.choose('web nodeport');
  await expect(page.getByLabel('Origin', { exact: true })).toHaveValue('external');
  await expect(page.getByLabel('Destination IP', { exact: true })).toHaveValue('192.168.231.121');
  await expect(page.getByLabel('Destination port', { exact: true })).toHaveValue('31947');

  // Escape closes the list, a second Escape clears the text.
  await finder.input.fill('web');
  await expect(finder.input).toHaveAttribute('aria-expanded', 'true');
  await finder.input.press('Escape');
  await expect(finder.input).toHaveAttribute('aria-expanded', 'false');
  await finder.input.press('Escape');
  await expect(finder.input).toHaveValue('');
});

test('a Service with only "has no endpoints" rules is listed, marked, and REJECTs', async ({
  explorer,
  page,
}) => {
  const finder = new FinderPage(page);
  const packet = new PacketPage(page);
  await explorer.goto();
  await explorer.pasteIptables(REAL_2018);
  await explorer.waitForAnalysis();
  // The status line and the finder count the same Service ports (kube-dns's two included).
  await expect(explorer.status).toContainText('2 Services, 3 Service ports');
  await finder.input.focus();
  await expect(page.getByText('2 Services, 3 Service ports', { exact: true })).toBeVisible();

  // In k8s 1.11 filter KUBE-SERVICES hangs off OUTPUT (and INPUT), not FORWARD: a process on the
  // node meets the REJECT (a pod's packet is forwarded and meets FORWARD's policy instead).
  await page.getByLabel('Origin', { exact: true }).selectOption('host');
  await finder.input.fill('dns-tcp');
  await expect(finder.options()).toHaveCount(1);
  await expect(finder.options().first()).toContainText('kube-system/kube-dns:dns-tcp');
  await expect(finder.options().first()).toContainText('no endpoints');
  await finder.input.press('ArrowDown');
  await finder.input.press('Enter');
  await expect(page.getByLabel('Destination IP', { exact: true })).toHaveValue('10.96.0.10');
  await expect(page.getByLabel('Destination port', { exact: true })).toHaveValue('53');
  await expect(page.getByLabel('Origin', { exact: true })).toHaveValue('host');

  await page.getByRole('button', { name: 'Send packet' }).click();
  await expect(packet.verdict).toContainText('Rejected');
  await expect(packet.verdict).toContainText('REJECT');
});

test('a Service only kubectl knows is listed and marked; the open list meets WCAG 2.1 AA', async ({
  explorer,
  page,
}) => {
  const finder = new FinderPage(page);
  await explorer.goto();
  const kubectl = `NAMESPACE   NAME               TYPE        CLUSTER-IP     EXTERNAL-IP   PORT(S)    AGE
default     service/web        NodePort    10.104.247.10  <none>        80:31947/TCP   12m
shop        service/billing    ClusterIP   10.96.44.30    <none>        8443/TCP   3d
`;
  await explorer.pasteKubectl(kubectl);
  await explorer.waitForAnalysis();
  await expect(explorer.status).toContainText('4 Services, 6 Service ports');
  await finder.input.fill('billing');
  await expect(finder.options()).toHaveCount(1);
  await expect(finder.options().first()).toContainText('shop/billing:8443');
  await expect(finder.options().first()).toContainText('kubectl only');
  await finder.input.press('ArrowDown');
  const axe = await new AxeBuilder({ page })
    .include('.service-finder')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await finder.input.press('Enter');
  await expect(page.getByLabel('Destination IP', { exact: true })).toHaveValue('10.96.44.30');
  await expect(page.getByLabel('Destination port', { exact: true })).toHaveValue('8443');
});
