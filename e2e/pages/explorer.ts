import { expect, type Locator, type Page } from '@playwright/test';

/** Which of the two editors. */
export type EditorName = 'iptables' | 'kubectl';

/** The editors' accessible names in English and 简体中文. */
const EDITOR_LABEL: Record<EditorName, RegExp> = {
  iptables: /^iptables-save (input|输入)$/,
  kubectl: /^kubectl (input|输入)$/,
};

/**
 * The explorer page as a user sees it: two editors (Monaco), an analysis status line (aria-live),
 * a file picker. Journeys talk to this object, never to selectors directly.
 */
export class ExplorerPage {
  /** The editor panes (Monaco container plus its heading and tools). */
  readonly iptablesEditor: Locator;
  readonly kubectlEditor: Locator;
  /** The aria-live analysis status ("Parsed 42 rules in 19 chains …"). */
  readonly status: Locator;
  /** The line saying whether the input was kept in the browser's storage. */
  readonly persistStatus: Locator;

  constructor(readonly page: Page) {
    // Accessible names follow the language on screen: English or 简体中文.
    this.iptablesEditor = page.getByRole('region', { name: /^iptables-save (editor|编辑器)$/ });
    this.kubectlEditor = page.getByRole('region', { name: /^kubectl (editor|编辑器)$/ });
    this.status = page.getByRole('status').filter({ hasText: /Parsed|Analysing|Analysis failed|No input/ });
    this.persistStatus = page.getByTestId('persist-status');
  }

  /** Opens the app and waits until both editors are ready and the first analysis is done. */
  async goto(path = '/'): Promise<void> {
    await this.page.goto(path);
    await expect(this.editorInput('iptables')).toBeAttached({ timeout: 60_000 });
    await expect(this.editorInput('kubectl')).toBeAttached();
    await this.waitForAnalysis();
  }

  /** The element Monaco types into (it carries the editor's aria-label). */
  editorInput(which: EditorName): Locator {
    return this.page.getByRole('textbox', { name: EDITOR_LABEL[which] });
  }

  /** Replaces an editor's whole text with `text` through the clipboard (select all, Ctrl+V). */
  async paste(which: EditorName, text: string): Promise<void> {
    await this.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    // The callback runs in the page (DOM types are not in the Node test config).
    await this.page.evaluate(
      (t) =>
        (
          globalThis as unknown as { navigator: { clipboard: { writeText(s: string): Promise<void> } } }
        ).navigator.clipboard.writeText(t),
      text,
    );
    const input = this.editorInput(which);
    await input.focus();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('ControlOrMeta+V');
    // The pane reports its text length: the paste has landed when it equals the pasted text's.
    await expect(this.pane(which)).toHaveAttribute(
      'data-text-length',
      String(text.replace(/\r\n/g, '\n').length),
    );
  }

  pasteIptables(text: string): Promise<void> {
    return this.paste('iptables', text);
  }

  pasteKubectl(text: string): Promise<void> {
    return this.paste('kubectl', text);
  }

  /** Types at the end of the editor's text (as a user would). */
  async typeAtEnd(which: EditorName, text: string): Promise<void> {
    await this.editorInput(which).focus();
    await this.page.keyboard.press('ControlOrMeta+End');
    await this.page.keyboard.type(text);
  }

  pane(which: EditorName): Locator {
    return which === 'iptables' ? this.iptablesEditor : this.kubectlEditor;
  }

  /** Opens a local file through the visible file picker of the iptables editor. */
  async openIptablesFile(path: string): Promise<void> {
    await this.iptablesEditor.getByLabel('Open iptables-save file').setInputFiles(path);
  }

  /**
   * Waits until the analysis of the CURRENT texts is on screen: the status region says
   * "Parsed N rules" and reports itself up to date (debounce and worker both done).
   */
  async waitForAnalysis(timeout = 60_000): Promise<void> {
    await expect(this.status).toHaveAttribute('data-up-to-date', 'true', { timeout });
    await expect(this.status).toContainText(/Parsed \d[\d,]* rules?/);
  }

  /** Error markers (red squiggles) Monaco draws in an editor's visible lines. */
  errorMarkers(which: EditorName): Locator {
    return this.pane(which).locator('.squiggly-error');
  }

  /**
   * Saves a screenshot of the viewport: under reports/screenshots/ (untracked) in a test run, and
   * into the README's docs/screenshots/ only from `npm run screenshots` (KPE_SCREENSHOT_DIR).
   */
  async screenshot(name: string): Promise<void> {
    const dir = process.env.KPE_SCREENSHOT_DIR ?? 'reports/screenshots';
    await this.page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
  }
}
