import { writeFileSync } from 'node:fs';
import type { TestInfo } from '@playwright/test';
import { generateIptablesSave } from '../src/sim/generate';
import { randomClusterSpec } from '../src/sim/randomSpec';
import { expect, test } from './fixtures';
import type { ExplorerPage } from './pages/explorer';
import { BROKEN_RULE, RULE_COUNTS, WEB_KUBECTL, WEB_NAT_DUMP, WEB_NODE_DUMP } from './scenarios';

// Projector-sized window for the README screenshots.
test.use({ viewport: { width: 1600, height: 1000 } });
// Monaco's lazy chunk is large; on a shared 2-core machine the first load can take many seconds.
test.describe.configure({ timeout: 120_000 });

test('a first visit opens the web example, already analysed', async ({ explorer }) => {
  await explorer.goto();
  await expect(explorer.status).toContainText(`Parsed ${RULE_COUNTS.webNodeDump} rules`);
  await expect(explorer.iptablesEditor).toContainText('*nat');
  await expect(explorer.kubectlEditor).toContainText('service/web');
  await expect(explorer.persistStatus).toContainText('Example');
  await expect(explorer.errorMarkers('iptables')).toHaveCount(0);
  await explorer.screenshot('example');
});

test('pasting the web nat dump and its kubectl output analyses them', async ({ explorer }) => {
  await explorer.goto();
  await explorer.pasteIptables(WEB_NAT_DUMP);
  await explorer.pasteKubectl(WEB_KUBECTL);
  await explorer.waitForAnalysis();
  await expect(explorer.status).toContainText(`Parsed ${RULE_COUNTS.webNatDump} rules in`);
  await expect(explorer.status).toContainText('kubectl: 2 Services');
  await expect(explorer.errorMarkers('iptables')).toHaveCount(0);
  await expect(explorer.page.getByRole('region', { name: 'Chain graph' })).toContainText(
    'KUBE-SVC-LOLE4ISW44XBNF3G',
  );
  await explorer.screenshot('paste');
});

test('a broken rule shows a marker and the page keeps working', async ({ explorer, page }) => {
  await explorer.goto();
  const graph = page.getByRole('region', { name: 'Chain graph' });
  await expect(graph).toContainText('KUBE-SVC-LOLE4ISW44XBNF3G');

  await explorer.pasteIptables(WEB_NODE_DUMP.replace(BROKEN_RULE.replaces, BROKEN_RULE.with));
  await explorer.waitForAnalysis();
  // The diagnostics list names the problem and jumps to its line, where Monaco draws the squiggle.
  const problems = explorer.iptablesEditor.locator('.diagnostics');
  await expect(problems).toContainText('1 error');
  await expect(problems).toContainText(BROKEN_RULE.code);
  await problems
    .getByRole('button', { name: /^Line \d+$/ })
    .first()
    .click();
  await expect(explorer.errorMarkers('iptables').first()).toBeVisible();
  // The last good graph stays, marked stale; the page still answers.
  await expect(explorer.status).toContainText('stale');
  await expect(graph).toHaveAttribute('data-stale', 'true');
  await expect(graph).toContainText('KUBE-SVC-LOLE4ISW44XBNF3G');
  await explorer.screenshot('broken-rule');

  await explorer.pasteIptables(WEB_NODE_DUMP);
  await explorer.waitForAnalysis();
  await expect(explorer.status).not.toContainText('stale');
  await expect(explorer.errorMarkers('iptables')).toHaveCount(0);
  await expect(graph).toHaveAttribute('data-stale', 'false');
});

test('what the user typed survives a reload', async ({ explorer, page }) => {
  await explorer.goto();
  await explorer.pasteIptables(WEB_NAT_DUMP);
  await explorer.pasteKubectl(WEB_KUBECTL);
  await expect(explorer.persistStatus).toHaveText('Saved in this browser.');
  await page.reload();
  await explorer.waitForAnalysis();
  await expect(explorer.iptablesEditor).toHaveAttribute('data-text-length', String(WEB_NAT_DUMP.length));
  await expect(explorer.kubectlEditor).toHaveAttribute('data-text-length', String(WEB_KUBECTL.length));
  await expect(explorer.status).toContainText(`Parsed ${RULE_COUNTS.webNatDump} rules`);
  await expect(explorer.persistStatus).toContainText('Restored from this browser');
});

test('a reload straight after typing keeps the last keystrokes', async ({ explorer, page }) => {
  await explorer.goto();
  await explorer.pasteIptables(WEB_NAT_DUMP);
  await expect(explorer.persistStatus).toHaveText('Saved in this browser.');
  const before = Number(await explorer.iptablesEditor.getAttribute('data-text-length'));
  await explorer.typeAtEnd('iptables', '# typed last');
  // No wait for the save (it waits for a 600 ms pause): leaving the page writes what is pending.
  const typed = await explorer.iptablesEditor.getAttribute('data-text-length');
  expect(Number(typed)).toBeGreaterThan(before);
  await page.reload();
  await explorer.waitForAnalysis();
  await expect(explorer.persistStatus).toContainText('Restored from this browser');
  // Monaco renders only the visible lines: the pane's text length says the keystrokes came back.
  await expect(explorer.iptablesEditor).toHaveAttribute('data-text-length', typed ?? '');
});

/** Generates a node dump, opens it with the file picker and waits until the editor holds all of it. */
async function openGeneratedDump(
  explorer: ExplorerPage,
  testInfo: TestInfo,
  name: string,
  services: number,
  seed: number,
): Promise<string> {
  const dump = generateIptablesSave(randomClusterSpec({ services, seed }), { flavour: 'iptables-save' });
  const path = testInfo.outputPath(name);
  writeFileSync(path, dump);
  await explorer.openIptablesFile(path);
  await expect(explorer.iptablesEditor).toHaveAttribute('data-text-length', String(dump.length), {
    timeout: 30_000,
  });
  return dump;
}

test('in a large dump, keystrokes typed just before a reload are kept too', async ({
  explorer,
  page,
}, testInfo) => {
  await explorer.goto();
  // Over a million characters (edits are handed over in batches) and under the storage limit.
  const dump = await openGeneratedDump(explorer, testInfo, 'large.iptables-save', 400, 5);
  expect(dump.length).toBeGreaterThan(1_000_000);
  expect(dump.length).toBeLessThan(3_500_000);
  await expect(explorer.persistStatus).toHaveText('Saved in this browser.', { timeout: 30_000 });
  await explorer.typeAtEnd('iptables', '# typed last');
  await page.reload();
  await explorer.waitForAnalysis(90_000);
  await expect(explorer.persistStatus).toContainText('Restored from this browser');
  // The whole line is back: at the end of the text, where the user typed it.
  await explorer.editorInput('iptables').focus();
  await page.keyboard.press('ControlOrMeta+End');
  // (Monaco draws spaces as separate, empty-looking spans: match the words.)
  await expect(explorer.iptablesEditor.locator('.view-lines')).toContainText(/#\s*typed\s*last/);
});

test('a dump too large for browser storage opens from a file and says it was not saved', async ({
  explorer,
}, testInfo) => {
  await explorer.goto();
  // A generated 1,200-Service node: over 4 million characters, more than localStorage holds.
  const big = await openGeneratedDump(explorer, testInfo, 'big.iptables-save', 1200, 4);
  expect(big.length).toBeGreaterThan(4_000_000);
  await explorer.waitForAnalysis(90_000);
  await expect(explorer.status).toContainText(/Parsed \d{2},\d{3} rules/);
  await expect(explorer.iptablesEditor).toContainText('from big.iptables-save');
  await expect(explorer.persistStatus).toContainText('Not saved in the browser');
});
