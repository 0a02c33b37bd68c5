import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { PacketPage } from './pages/packet';

/**
 * An IPVS node pasted whole in the rules editor: the real IPVS-mode nat rules of a node, then the
 * real `ipvsadm --list -n` and `ipset list` of a minikube IPVS node (test/fixtures/PROVENANCE.md).
 */
const fixture = (p: string) => readFileSync(new URL(`../test/fixtures/${p}`, import.meta.url), 'utf8');
const RULES = `*nat\n${fixture('iptables/excerpt-2022-ipvs-nat-grep-kube.txt')}COMMIT\n\n`;
const IPVS = fixture('ipvs/real-minikube-notes.ipvsadm-list-n.txt');
const IPSET = fixture('ipset/real-minikube-notes.ipset-list.txt');
const POD_TO_WEB = {
  origin: 'pod',
  src: '10.244.0.9',
  dst: '10.100.108.207',
  dport: 80,
  proto: 'tcp',
  nodeIp: '192.168.49.2',
} as const;

test.setTimeout(90_000);

test('IPVS node: pod → ClusterIP is DNATed by IPVS to a real server, its share on screen', async ({
  explorer,
  page,
}) => {
  const packet = new PacketPage(page);
  await explorer.goto();
  await explorer.pasteIptables(`${RULES}${IPVS}\n${IPSET}`);
  await explorer.waitForAnalysis();
  await expect(page.getByTestId('ipvs-note')).toHaveText(
    'IPVS mode: 5 IPVS virtual services and 34 ipsets read from the same editor.',
  );
  await packet.send(POD_TO_WEB);
  await expect(packet.verdict).toContainText(
    /IPVS: TCP 10\.100\.108\.207:80 → real server 10\.244\.0\.2[456]:8000, 33\.3% of new connections/,
  );
  await expect(packet.verdict).toContainText(/Accepted.*10\.244\.0\.2[456]:8000/);
  await expect(packet.verdict).toContainText('Sent out of the node (OUTPUT → POSTROUTING, no FORWARD)');
});

test('IPVS node without ipvsadm output: the app says so and asks for it', async ({ explorer, page }) => {
  const packet = new PacketPage(page);
  await explorer.goto();
  await explorer.pasteIptables(`${RULES}${IPSET}`);
  await explorer.waitForAnalysis();
  await expect(page.getByTestId('ipvs-note')).toContainText('This node runs kube-proxy in IPVS mode');
  await expect(page.getByTestId('ipvs-note')).toContainText('ipvsadm -Ln');
  await packet.send(POD_TO_WEB);
  await expect(packet.assumptions).toContainText('paste `ipvsadm -Ln` output to see which');
  await expect(packet.verdict).toContainText('Not known: `ipvsadm -Ln` output was not given.');
  await expect(packet.verdict).not.toContainText('no Service rule matched');
});
