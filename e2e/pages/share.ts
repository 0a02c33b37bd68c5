import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The scenario tools as a user sees them: Share (a dialog with the "Permalink" textbox), Gallery
 * (a dialog listing scenarios), the confirmation before replacing input, the refusal alert, the
 * lesson panel. Journeys talk to this object, never to selectors directly.
 */
export class SharePage {
  readonly shareDialog: Locator;
  readonly galleryDialog: Locator;
  readonly confirmDialog: Locator;
  readonly lesson: Locator;
  readonly error: Locator;
  /** A link opened result-first: the summary card (issue 9). */
  readonly receiverCard: Locator;

  constructor(readonly page: Page) {
    this.shareDialog = page.getByRole('dialog', { name: 'Share this scenario' });
    this.galleryDialog = page.getByRole('dialog', { name: 'Gallery' });
    this.confirmDialog = page.getByRole('dialog', {
      name: 'Replace your current input with the shared scenario?',
    });
    this.lesson = page.getByRole('region', { name: 'Lesson' });
    this.receiverCard = page.getByRole('region', { name: 'Shared scenario' });
    this.error = page.getByRole('alert').filter({ hasText: 'This scenario could not be opened' });
  }

  /** Opens the Share dialog and returns the permalink once it is made. */
  async permalink(): Promise<string> {
    await this.page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(this.shareDialog).toBeVisible();
    const box = this.shareDialog.getByRole('textbox', { name: 'Permalink' });
    await expect(box).toHaveValue(/#s=\d+\./);
    return box.inputValue();
  }

  async closeShare(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.shareDialog).toBeHidden();
  }

  async openGallery(): Promise<void> {
    await this.page.getByRole('button', { name: 'Gallery', exact: true }).click();
    await expect(this.galleryDialog).toBeVisible();
  }

  /** Answers the replace question. */
  async answer(choice: 'Replace' | 'Keep mine'): Promise<void> {
    await expect(this.confirmDialog).toBeVisible();
    await this.confirmDialog.getByRole('button', { name: choice, exact: true }).click();
    await expect(this.confirmDialog).toBeHidden();
  }
}
