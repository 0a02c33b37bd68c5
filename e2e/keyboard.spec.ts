import { expect, test } from './fixtures';

test('Tab leaves the iptables editor without typing into the dump; Ctrl+M switches to typing tabs', async ({
  explorer,
  page,
}) => {
  await explorer.goto();
  const pane = explorer.iptablesEditor;
  const before = await pane.getAttribute('data-text-length');
  const hint = pane.locator('.tab-hint');
  await expect(hint).toBeVisible();
  await expect(hint).toHaveText(/Tab moves to the next control · Ctrl\+M makes Tab type a tab/);

  const input = explorer.editorInput('iptables');
  await input.focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Tab');
  await expect(input).not.toBeFocused();
  // Focus went to a control after the editor, not nowhere.
  expect(
    await page.evaluate(
      () =>
        (globalThis as unknown as { document: { activeElement: { tagName: string } | null } }).document
          .activeElement?.tagName,
    ),
  ).not.toBe('BODY');
  await expect(pane).toHaveAttribute('data-text-length', before ?? '');

  // Shift+Tab comes back in; the text is still untouched.
  await input.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(input).not.toBeFocused();
  await expect(pane).toHaveAttribute('data-text-length', before ?? '');

  // Asked for: Ctrl+M makes Tab type a tab (and the hint says so), Ctrl+M again restores it.
  await input.focus();
  await page.keyboard.press('Control+M');
  await expect(hint).toHaveText(/Tab types a tab/);
  await page.keyboard.press('Tab');
  await expect(input).toBeFocused();
  await expect(pane).not.toHaveAttribute('data-text-length', before ?? '');
  await page.keyboard.press('ControlOrMeta+Z');
  await expect(pane).toHaveAttribute('data-text-length', before ?? '');
  await page.keyboard.press('Control+M');
  await expect(hint).toHaveText(/Tab moves to the next control/);
  await page.keyboard.press('Tab');
  await expect(input).not.toBeFocused();
  await expect(pane).toHaveAttribute('data-text-length', before ?? '');
});

test('Tab leaves the kubectl editor too, and its hint is visible', async ({ explorer, page }) => {
  await explorer.goto();
  const pane = explorer.kubectlEditor;
  const before = await pane.getAttribute('data-text-length');
  await expect(pane.locator('.tab-hint')).toBeVisible();
  const input = explorer.editorInput('kubectl');
  await input.focus();
  await page.keyboard.press('Tab');
  await expect(input).not.toBeFocused();
  await expect(pane).toHaveAttribute('data-text-length', before ?? '');
});
