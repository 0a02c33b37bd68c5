import { expect, type Locator, type Page } from '@playwright/test';

/** "Find a Service" (a WAI-ARIA combobox) in the packet form, as a keyboard user drives it. */
export class FinderPage {
  readonly input: Locator;
  readonly list: Locator;

  constructor(readonly page: Page) {
    this.input = page.getByRole('combobox', { name: 'Find a Service', exact: true });
    this.list = page.getByRole('listbox', { name: 'Services' });
  }

  options(): Locator {
    return this.list.getByRole('option');
  }

  /** The option aria-activedescendant points at. */
  async activeOption(): Promise<Locator> {
    const id = await this.input.getAttribute('aria-activedescendant');
    if (!id) throw new Error('no active option');
    return this.page.locator(`[id="${id}"]`);
  }

  /** Types `text`, presses ↓ `downs` times and Enter: the packet is aimed at that option. */
  async choose(text: string, downs = 1): Promise<void> {
    await this.input.fill(text);
    await expect(this.input).toHaveAttribute('aria-expanded', 'true');
    for (let i = 0; i < downs; i++) await this.input.press('ArrowDown');
    await this.input.press('Enter');
    await expect(this.input).toHaveAttribute('aria-expanded', 'false');
  }
}
