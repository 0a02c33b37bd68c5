import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The header's language switch and presenter toggle, the playback position ("Step N of M") and
 * the graph's export buttons, as a user sees them.
 */
export class PresenterPage {
  readonly toggle: Locator;
  readonly position: Locator;

  constructor(readonly page: Page) {
    this.toggle = page.getByRole('button', { name: /^(Presenter mode|演示模式)$/ });
    this.position = page.locator('.playback-position');
  }

  /** The language picker, by its visible label in either language. */
  language(): Locator {
    return this.page.getByLabel(/^(Language|语言)/);
  }

  async setLanguage(lang: 'en' | 'zh-CN'): Promise<void> {
    await this.language().selectOption(lang);
    await expect(this.page.locator('html')).toHaveAttribute('lang', lang);
  }

  /** The playhead as numbers, from "Step N of M". */
  async step(): Promise<{ n: number; of: number }> {
    const text = (await this.position.textContent()) ?? '';
    const m = /Step (\d+) of (\d+)/.exec(text);
    expect(m, text).not.toBeNull();
    return { n: Number(m![1]), of: Number(m![2]) };
  }

  exportButton(kind: 'PNG' | 'SVG'): Locator {
    return this.page.getByRole('button', { name: `Export ${kind}` });
  }
}
