import { readFileSync } from 'node:fs';
import { ETP_LOCAL, ETP_LOCAL_NODE_IP, ETP_LOCAL_PODS } from '../test/etpLocal';
import { expect, test } from './fixtures';
import { PacketPage } from './pages/packet';
import { PresenterPage } from './pages/presenter';

test.use({ viewport: { width: 1280, height: 720 } });
test.setTimeout(300_000);

/** The node behind test/seeds/001 (the app's example dump, composed around the seed's rules). */
const NODE_DUMP = readFileSync(
  new URL('../src/ui/examples/webNode.iptables-save.txt', import.meta.url),
  'utf8',
);
const SEED = readFileSync(new URL('../test/seeds/001_46eb55a6a5967aee.txt', import.meta.url), 'utf8');

/** The seed article's kubectl paste as published: `get pod -o wide`, `get svc -o wide`, `get ep -o wide`. */
function seedKubectl(): string {
  const lines = SEED.split('\n');
  const from = lines.findIndex((l) => l.endsWith('kubectl get pod -o wide'));
  const to = lines.findIndex((l) => l.startsWith('web 10.244.169.161:80'));
  return `${lines.slice(from, to + 1).join('\n')}\n`;
}

test('the seed’s pods name each endpoint in the path, the bars and the graph, in English and 简体中文', async ({
  explorer,
  page,
}) => {
  const packet = new PacketPage(page);
  await explorer.goto();
  await explorer.pasteIptables(NODE_DUMP);
  await explorer.waitForAnalysis();
  await explorer.pasteKubectl(seedKubectl());
  await explorer.waitForAnalysis();

  await packet.send({ origin: 'pod', src: '10.244.36.7', dst: '10.104.247.10', dport: 80, proto: 'tcp' });
  // The DNAT step, as the article teaches it: "DNAT到10.244.169.161 (pod web-d779974b6-csx2h)";
  // whichever endpoint the seeded draw animates, its pod and node are named.
  const named = {
    '10.244.169.161': 'web-d779974b6-csx2h',
    '10.244.169.163': 'web-d779974b6-hb6kw',
    '10.244.169.165': 'web-d779974b6-9zx48',
  } as const;
  const dnat = packet.path.getByRole('listitem').filter({ hasText: 'DNAT' });
  const text = (await dnat.textContent()) ?? '';
  const ip = (/10\.244\.169\.16[135]/.exec(text)?.[0] ?? '') as keyof typeof named;
  expect(named[ip], text).toBeDefined();
  await expect(dnat).toContainText(`${ip}:80 (pod ${named[ip]} on k8s-node2)`);
  await expect(packet.verdict).toContainText(`pod ${named[ip]} on k8s-node2`);
  // Each bar names its pod and node.
  const bar = (endpoint: string) => packet.bars.locator(`tr[data-endpoint="${endpoint}"]`);
  await expect(bar('10.244.169.161:80')).toContainText('pod web-d779974b6-csx2h on k8s-node2');
  await expect(bar('10.244.169.163:80')).toContainText('pod web-d779974b6-hb6kw on k8s-node2');
  await expect(bar('10.244.169.165:80')).toContainText('pod web-d779974b6-9zx48 on k8s-node2');
  // The graph: the KUBE-SEP names the pod it DNATs to; the endpoint node names pod and node.
  await expect(
    packet.graph.getByRole('group', {
      name: /KUBE-SEP-BJLXVQMD4VVYPI2H, DNAT → 10\.244\.169\.161:80 · web-d779974b6-csx2h/,
    }),
  ).toHaveCount(1);
  await expect(
    packet.graph.getByRole('group', {
      name: 'Endpoint 10.244.169.161:80, web-d779974b6-csx2h · node k8s-node2',
    }),
  ).toHaveCount(1);
  // The verdict node says where the packet went, pod and node.
  await expect(packet.graph.getByRole('group', { name: /^ACCEPT/ })).toContainText(
    `${named[ip]} on k8s-node2`,
  );
  // No Local traffic policy in this dump: no "This node" to pick.
  await expect(page.getByLabel('This node', { exact: true })).toHaveCount(0);
  await explorer.screenshot('pods-en-1280');

  await new PresenterPage(page).setLanguage('zh-CN');
  await expect(dnat).toContainText(`${ip}:80（Pod ${named[ip]}，在节点 k8s-node2 上）`);
  await expect(bar('10.244.169.163:80')).toContainText('Pod web-d779974b6-hb6kw，在节点 k8s-node2 上');
  await expect(packet.verdict).toContainText(`Pod ${named[ip]}，在节点 k8s-node2 上`);
  await expect(
    packet.graph.getByRole('group', { name: '端点 10.244.169.161:80, web-d779974b6-csx2h · 节点 k8s-node2' }),
  ).toHaveCount(1);
  await explorer.screenshot('pods-zh-1280');
});

test('externalTrafficPolicy Local: "This node" is detected, says which endpoints are local, and can be picked', async ({
  explorer,
  page,
}) => {
  const packet = new PacketPage(page);
  await explorer.goto();
  await explorer.pasteIptables(ETP_LOCAL);
  await explorer.waitForAnalysis();
  await explorer.pasteKubectl(ETP_LOCAL_PODS);
  await explorer.waitForAnalysis();
  await packet.send({
    origin: 'external',
    src: '203.0.113.10',
    dst: ETP_LOCAL_NODE_IP,
    dport: 31947,
    proto: 'tcp',
    nodeIp: ETP_LOCAL_NODE_IP,
  });
  // This node's kube-proxy pod (host network) is on the node IP: the node is k8s-node2.
  const thisNode = page.getByLabel('This node', { exact: true });
  await expect(thisNode.locator('option:checked')).toHaveText('detected: k8s-node2');
  const svl = packet.path.getByRole('listitem').filter({ hasText: 'jump to KUBE-SVL-LOLE4ISW44XBNF3G' });
  await expect(svl).toContainText(
    '2 of 3 endpoints run on this node (k8s-node2): web-d779974b6-csx2h, web-d779974b6-9zx48',
  );
  await thisNode.selectOption('k8s-node1');
  await expect(svl).toContainText('1 of 3 endpoints run on this node (k8s-node1): web-d779974b6-hb6kw');
  await explorer.screenshot('pods-etp-local-1280');
});
