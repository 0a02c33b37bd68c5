import { expect, test } from '@playwright/test';

test('the page loads with its title and no console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'kube-proxy explorer' })).toBeVisible();
  expect(errors).toEqual([]);
});
