import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { type PacketInput, PacketPage } from './pages/packet';

/**
 * The graph tells the whole path (issue 8): after a packet is sent, the chains it visits in the
 * filter table are drawn and on the path, the hooks in kernel order, and a verdict node whose
 * accessible name starts with the verdict; the marker ends on it. The dump is kube-proxy's own
 * test fixture (mangle, filter and nat; Services without endpoints, ETP Local without local ones).
 */
const OVERALL = readFileSync(
  new URL('../test/fixtures/iptables/k8s-overall-rules.iptables-save.txt', import.meta.url),
  'utf8',
);
const NODE_IP = '192.168.0.2';

interface GraphCase {
  readonly name: string;
  readonly packet: PacketInput;
  readonly verdict: RegExp;
  /** Accessible-name starts of nodes that must be on the path, in this order left to right. */
  readonly onPath: readonly string[];
  readonly verdictName: RegExp;
  readonly verdictText: readonly string[];
}

const CASES: readonly GraphCase[] = [
  {
    name: 'REJECT: a Service without endpoints is rejected in filter KUBE-SERVICES',
    packet: { origin: 'pod', src: '10.0.0.2', dst: '172.30.0.46', dport: 80, proto: 'tcp', nodeIp: NODE_IP },
    verdict: /Rejected/,
    onPath: [
      'mangle PREROUTING',
      'nat PREROUTING',
      'mangle FORWARD',
      'filter FORWARD',
      'filter KUBE-SERVICES',
    ],
    verdictName: /^REJECT, rejected in filter KUBE-SERVICES, line \d+: ns6\/svc6:p80 has no endpoints/,
    verdictText: ['REJECT', 'rejected in filter KUBE-SERVICES', 'ns6/svc6:p80 has no endpoints'],
  },
  {
    name: 'DROP: an external client to an ETP Local external IP without local endpoints',
    packet: {
      origin: 'external',
      src: '203.0.113.2',
      dst: '192.168.99.22',
      dport: 80,
      proto: 'tcp',
      nodeIp: NODE_IP,
    },
    verdict: /Dropped/i,
    onPath: ['nat PREROUTING', 'nat KUBE-SERVICES', 'filter FORWARD', 'filter KUBE-EXTERNAL-SERVICES'],
    verdictName:
      /^DROP, dropped in filter KUBE-EXTERNAL-SERVICES, line \d+: ns2\/svc2:p80 has no local endpoints/,
    verdictText: ['DROP', 'dropped in filter KUBE-EXTERNAL-SERVICES'],
  },
  {
    name: 'ACCEPT: a pod reaches a Service with one endpoint, forwarded to the pod',
    packet: { origin: 'pod', src: '10.0.0.2', dst: '172.30.0.41', dport: 80, proto: 'tcp', nodeIp: NODE_IP },
    verdict: /10\.180\.0\.1:80/,
    onPath: [
      'nat PREROUTING',
      'nat KUBE-SERVICES',
      'nat KUBE-SVC-XPGD46QRK7WJZT7O',
      'filter FORWARD',
      'nat POSTROUTING',
    ],
    verdictName: /^ACCEPT, forwarded to the pod 10\.180\.0\.1:80/,
    verdictText: ['ACCEPT', 'forwarded to the pod 10.180.0.1:80'],
  },
];

test.use({ viewport: { width: 1440, height: 900 } });

/** A graph node by the start of its accessible name ("filter KUBE-SERVICES", "REJECT"). */
/**
 * A node's x in the graph's own coordinates (React Flow's `translate(x, y)` on the node), so the
 * order does not depend on where the canvas is panned while the packet plays.
 */
function layoutX(node: Locator): Promise<number> {
  return node.evaluate((el) => {
    const t = (el as unknown as { style: { transform: string } }).style.transform;
    return Number(/translate\(([-\d.]+)px/.exec(t)?.[1] ?? Number.NaN);
  });
}

function graphNode(graph: Locator, nameStart: string | RegExp): Locator {
  const name =
    typeof nameStart === 'string'
      ? new RegExp(`^${nameStart.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`)
      : nameStart;
  return graph.getByRole('group', { name });
}

/** The box a node is drawn in (React Flow's wrapper carries the role and name; the box, the state). */
const box = (node: Locator) => node.locator('.chain-node');

async function sendOnOverall(
  page: Page,
  explorer: {
    goto(): Promise<void>;
    pasteIptables(t: string): Promise<void>;
    waitForAnalysis(): Promise<void>;
  },
  p: PacketInput,
) {
  await explorer.goto();
  await explorer.pasteIptables(OVERALL);
  await explorer.waitForAnalysis();
  const packet = new PacketPage(page);
  await packet.send(p);
  return packet;
}

for (const c of CASES) {
  test(c.name, async ({ explorer, page }) => {
    const packet = await sendOnOverall(page, explorer, c.packet);
    await expect(packet.verdict).toContainText(c.verdict);
    const graph = packet.graph;

    const verdict = graphNode(graph, c.verdictName);
    await expect(verdict).toBeVisible();
    for (const t of c.verdictText) await expect(verdict).toContainText(t);

    // Every table's chains on the path, left to right in the kernel's order.
    let lastX = Number.NEGATIVE_INFINITY;
    for (const name of c.onPath) {
      const node = graphNode(graph, name);
      await expect(node, name).toBeVisible();
      await expect(box(node), name).toHaveClass(/\bon-path\b/);
      const x = await layoutX(node);
      expect(x, `${name} is right of the node before it`).toBeGreaterThan(lastX);
      lastX = x;
    }
    expect(await layoutX(verdict), 'the verdict is right of the path').toBeGreaterThan(lastX);

    // The last step: the marker is on the verdict node; one step before, on the deciding chain.
    const steps = await packet.pathItems().count();
    await packet
      .pathItems()
      .nth(steps - 1)
      .getByRole('button')
      .click();
    await expect(box(verdict)).toHaveClass(/\bpacket-here\b/);
    if (c.packet.dst !== '172.30.0.41') {
      await packet.stepBack();
      await expect(box(graphNode(graph, c.onPath[c.onPath.length - 1]!))).toHaveClass(/\bpacket-here\b/);
      await expect(box(verdict)).not.toHaveClass(/\bpacket-here\b/);
    }
  });
}

test('while the packet is in filter, the marker is on the filter chain, not on the pod', async ({
  explorer,
  page,
}) => {
  const packet = await sendOnOverall(page, explorer, CASES[2]!.packet);
  const chains = await packet.pathChains();
  const i = chains.indexOf('FORWARD');
  expect(i, chains.join(' → ')).toBeGreaterThan(0);
  await packet.pathItems().nth(i).getByRole('button').click();
  await expect(packet.currentStep()).toContainText('FORWARD');
  const here = packet.graph.locator('.chain-node.packet-here');
  await expect(here).toHaveCount(1);
  const name = await here.locator('xpath=..').getAttribute('aria-label');
  expect(name).toMatch(/^filter KUBE-/);
  await explorer.page.screenshot({ path: 'test-results/graph-path-accept-1440.png' });
});
