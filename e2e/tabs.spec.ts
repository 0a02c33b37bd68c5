import { expect, test } from './fixtures';
import { ExplorerPage } from './pages/explorer';

test.describe.configure({ timeout: 240_000 });

test('two tabs: a save never silently overwrites the other tab’s, and a reload says whose text it shows', async ({
  explorer,
  page,
}) => {
  const a = explorer;
  await a.goto();
  const other = await page.context().newPage();
  const b = new ExplorerPage(other);
  await b.goto();

  await a.paste('iptables', '*filter\n-A INPUT -s 10.0.0.1 -j ACCEPT\nCOMMIT\n');
  await expect(a.persistStatus).toHaveText('Saved in this browser.');

  // B was open before A saved: its save keeps A's and says so.
  await b.paste('iptables', '*filter\n-A INPUT -s 10.0.0.2 -j DROP\nCOMMIT\n');
  const conflict = other.getByRole('alert').filter({ hasText: 'another tab saved newer input' });
  await expect(conflict).toBeVisible();
  await expect(b.persistStatus).toHaveText(/^Not saved: another tab saved newer input/);

  // A's reload finds its own save, still there.
  await page.reload();
  await expect(a.iptablesEditor).toHaveAttribute('data-text-length', String(46));
  await expect(a.persistStatus).toHaveText('Restored from this browser.');

  // B goes on editing: told once, its next save goes over A's.
  await b.paste('iptables', '*filter\n-A INPUT -s 10.0.0.3 -j DROP\nCOMMIT\n');
  await expect(b.persistStatus).toHaveText('Saved in this browser.');

  // A reloads again: the text is B's, and A is told it came from another tab.
  await page.reload();
  await expect(a.iptablesEditor).toHaveAttribute('data-text-length', String(44));
  await expect(a.persistStatus).toHaveText(/^Restored what another tab saved in this browser/);
  await other.close();
});
