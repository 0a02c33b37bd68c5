import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { PacketPage } from './pages/packet';

/**
 * Issue 12 part 2: a user pastes `iptables-save | grep ns4/svc4` (kube-proxy's
 * TestOverallIPTablesRules dump, grep'ed here: test/fixtures/iptables/grep). KUBE-EXT's last rule
 * had no comment, so grep dropped it: the strip shows the answer as pasted and, labelled, the one
 * with kube-proxy's rule assumed.
 */
const EXCERPT = readFileSync(
  new URL('../test/fixtures/iptables/grep/k8s-overall-rules.grep-ns4-svc4.txt', import.meta.url),
  'utf8',
);

test.setTimeout(90_000);

test('a grep excerpt answers as pasted and with the cut KUBE-EXT rule assumed', async ({
  explorer,
  page,
}) => {
  const packet = new PacketPage(page);
  await explorer.goto();
  await explorer.pasteIptables(EXCERPT);
  await explorer.waitForAnalysis();
  await packet.send({
    origin: 'external',
    src: '203.0.113.9',
    dst: '192.168.99.33',
    proto: 'tcp',
    dport: 80,
    nodeIp: '192.168.0.2',
  });
  const both = page.getByRole('note', { name: "Answers as pasted and with kube-proxy's cut rules" });
  await expect(both).toContainText('As pasted: accepted, no DNAT.');
  await expect(both).toContainText(
    "If kube-proxy's cut rules `-A KUBE-MARK-MASQ -j MARK --set-xmark 0x4000/0x4000`",
  );
  await expect(both).toContainText('`-A KUBE-EXT-4SW47YFZTEDKD3PK -j KUBE-SVC-4SW47YFZTEDKD3PK`');
  await expect(both).toContainText(
    'are there: 50.0% sent to 10.180.0.4:80, source masqueraded; 50.0% sent to 10.180.0.5:80, source masqueraded.',
  );
  // The text's own verdict stays the main one, and the cut chain is named among the assumptions.
  await expect(packet.verdict).toContainText('No DNAT');
  await expect(packet.assumptions).toContainText('KUBE-EXT-4SW47YFZTEDKD3PK ends without kube-proxy');
  // Lines are lines: no step of the path list says "line 0".
  await expect(packet.path).not.toContainText('line 0');
});
