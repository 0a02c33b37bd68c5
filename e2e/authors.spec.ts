import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { PacketPage } from './pages/packet';

/**
 * Other writers' rules (issue 12 part 3), read off the screen: the chains a CNI plugin, Docker or
 * the distribution's firewall wrote carry their owner in the graph (role line and accessible name)
 * and in the path list, the verdict says who decided, and a Cilium kube-proxy-replacement node says
 * so before anything else. Real text: the 2018 kubeadm dump with the REJECTs of a real RHEL dump
 * spliced in last, and a real Cilium excerpt (test/fixtures/PROVENANCE.md).
 */
const fixture = (name: string) =>
  readFileSync(new URL(`../test/fixtures/iptables/${name}`, import.meta.url), 'utf8');

function withDistributionReject(): string {
  const dump = fixture('real-full-2018-k8s-v1.11-kubeadm-iptables-save.txt').split('\n');
  const rejects = fixture('real-2018-rhel-iptables-services-default-reject.txt')
    .split('\n')
    .filter((l) => l.includes('--reject-with icmp-host-prohibited'));
  const commit = dump.lastIndexOf('COMMIT');
  return [...dump.slice(0, commit), ...rejects, ...dump.slice(commit)].join('\n');
}

test.use({ viewport: { width: 1440, height: 900 } });

test('Docker’s chains and the distribution’s REJECT are named in the graph, the path and the verdict', async ({
  explorer,
  page,
}) => {
  await explorer.goto();
  await explorer.pasteIptables(withDistributionReject());
  await explorer.waitForAnalysis();
  const packet = new PacketPage(page);
  await packet.send({ origin: 'pod', src: '10.32.0.5', dst: '10.40.0.3', dport: 80, proto: 'tcp' });
  await expect(packet.verdict).toContainText('Rejected');
  await expect(packet.verdict.getByRole('list', { name: 'Other rules on the way' })).toContainText(
    "Distribution firewall's REJECT in filter FORWARD rejects this packet in FORWARD.",
  );
  const docker = packet.graph.getByRole('group', { name: /^filter DOCKER-USER, Docker\b/ });
  await expect(docker).toBeVisible();
  await expect(docker).toContainText('Docker');
  await expect(packet.path.locator('li[data-chain="DOCKER-ISOLATION-STAGE-1"]').first()).toContainText(
    'Docker',
  );
  await expect(packet.path.locator('li[data-chain="FORWARD"]').last()).toContainText('Distribution firewall');
});

test('a Cilium kube-proxy-replacement node says eBPF is not traced before the verdict', async ({
  explorer,
  page,
}) => {
  await explorer.goto();
  await explorer.pasteIptables(fixture('excerpt-2024-cilium-kpr-filter.txt'));
  await explorer.waitForAnalysis();
  const packet = new PacketPage(page);
  await packet.send({ origin: 'pod', src: '10.0.1.7', dst: '10.96.0.10', dport: 53, proto: 'udp' });
  const first = packet.verdict.locator('p').first();
  await expect(first).toHaveText(/^kube-proxy replacement: eBPF is not traced here\./);
  await expect(packet.verdict).not.toContainText('no Service rule matched');
  await expect(packet.graph.getByRole('group', { name: /^filter CILIUM_FORWARD, Cilium\b/ })).toBeVisible();
  await expect(packet.path.locator('li[data-chain="FORWARD"]').first()).toContainText('Cilium');
});
