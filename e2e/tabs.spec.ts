import { expect, test } from './fixtures';
import { ExplorerPage } from './pages/explorer';

// Two pages and several reloads: on a loaded shared machine one reload took 36 s to bring Monaco back.
test.describe.configure({ timeout: 360_000 });

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
  // Two pages on one loaded machine: Monaco may take long to come back after a reload.
  await expect(a.iptablesEditor).toBeVisible({ timeout: 90_000 });
  await expect(a.iptablesEditor).toHaveAttribute('data-text-length', String(46));
  await expect(a.persistStatus).toHaveText('Restored from this browser.');

  // B goes on editing: told once, its next save goes over A's.
  await b.paste('iptables', '*filter\n-A INPUT -s 10.0.0.3 -j DROP\nCOMMIT\n');
  await expect(b.persistStatus).toHaveText('Saved in this browser.');

  // A reloads again: the text is B's, and A is told it came from another tab.
  await page.reload();
  // Two pages on one loaded machine: Monaco may take long to come back after a reload.
  await expect(a.iptablesEditor).toBeVisible({ timeout: 90_000 });
  await expect(a.iptablesEditor).toHaveAttribute('data-text-length', String(44));
  await expect(a.persistStatus).toHaveText(/^Restored what another tab saved in this browser/);
  await other.close();
});

test('a tab hears another tab’s save at once, and can load that text or save its own over it', async ({
  explorer,
  page,
}) => {
  const a = explorer;
  await a.goto();
  const other = await page.context().newPage();
  const b = new ExplorerPage(other);
  await b.goto();
  const aText = '*filter\n-A INPUT -s 10.0.0.1 -j ACCEPT\nCOMMIT\n';
  const bText = '*filter\n-A INPUT -s 10.0.0.22 -j DROP\nCOMMIT\n';

  // A saves: B is told at once (the storage event), before it types or saves anything.
  await a.paste('iptables', aText);
  await expect(a.persistStatus).toHaveText('Saved in this browser.');
  const heard = other.getByRole('alert').filter({ hasText: 'Another tab saved newer input' });
  await expect(heard).toBeVisible();
  await expect(b.iptablesEditor).not.toHaveAttribute('data-text-length', String(aText.length));

  // "Load the other tab’s text": A's text in B's editor, said to be another tab's.
  await other.getByRole('button', { name: 'Load the other tab’s text' }).click();
  await expect(b.iptablesEditor).toHaveAttribute('data-text-length', String(aText.length));
  await expect(b.persistStatus).toHaveText(/^Restored what another tab saved in this browser/);
  // Told and settled: the status is no longer an alert (Monaco keeps alert regions of its own).
  await expect(b.persistStatus).not.toHaveAttribute('role', 'alert');
  await expect(other.getByRole('button', { name: 'Load the other tab’s text' })).toHaveCount(0);

  // B writes its own text; A saves again first: B hears it, and keeps its own with the other button.
  await b.paste('iptables', bText);
  await expect(b.persistStatus).toHaveText('Saved in this browser.');
  await expect(page.getByRole('alert').filter({ hasText: 'Another tab saved newer input' })).toBeVisible();
  await a.paste('iptables', aText.replace('ACCEPT', 'RETURN'));
  await expect(a.persistStatus).toHaveText(/^Not saved: another tab saved newer input/);
  await a.paste('iptables', aText);
  await expect(a.persistStatus).toHaveText('Saved in this browser.');
  await expect(heard).toBeVisible();
  await other.getByRole('button', { name: 'Save this tab’s text anyway' }).click();
  await expect(b.persistStatus).toHaveText('Saved in this browser.');
  // A hears B's save at once; a reload of A shows B's text, said to be another tab's.
  await expect(page.getByRole('alert').filter({ hasText: 'Another tab saved newer input' })).toBeVisible();
  await page.reload();
  // Two pages on one loaded machine: Monaco may take long to come back after a reload.
  await expect(a.iptablesEditor).toBeVisible({ timeout: 90_000 });
  await expect(a.iptablesEditor).toHaveAttribute('data-text-length', String(bText.length));
  await expect(a.persistStatus).toHaveText(/^Restored what another tab saved in this browser/);
  await other.close();
});
