/**
 * The helper layer of the e2e scenarios: what a person does in the VS Code workbench, as
 * DOM operations on the page code-server serves. Selectors are VS Code's own class names.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Frame, Locator, Page } from 'playwright-core';

export const SCREENSHOT_DIR = path.resolve(__dirname, 'screenshots');

export interface Notification {
  message: string;
  severity: 'error' | 'warning' | 'info';
}

export class Workbench {
  private constructor(
    readonly page: Page,
    private readonly context: BrowserContext,
  ) {}

  /** Opens the workbench of `serverUrl` on `folder` and waits until it is ready to use. */
  static async open(browser: Browser, serverUrl: string, folder: string): Promise<Workbench> {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: serverUrl });
    const page = await context.newPage();
    await page.goto(`${serverUrl}/?folder=${encodeURIComponent(folder)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.activitybar').waitFor({ timeout: 60_000 });
    // The status bar fills in once the extension host is up.
    await page.locator('.statusbar').waitFor({ timeout: 60_000 });
    return new Workbench(page, context);
  }

  /**
   * Runs a command from the command palette by its full title, e.g. "Affiliate Links: Show
   * Log". The palette lists the commands known when it opens, and an extension's arrive once
   * the extension host has scanned it, so it is reopened until the command shows up.
   */
  async runCommand(title: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const input = this.quickInput();
    const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    // The palette closes when it loses focus, and a webview or editor that takes the focus
    // just after F1 (a panel coming back, a save dialog closing) closes it before it is
    // typed into: each step gets a short wait, and the palette is opened again.
    const attempt = async (step: () => Promise<unknown>): Promise<boolean> =>
      step().then(
        () => true,
        () => false,
      );
    for (;;) {
      await this.page.keyboard.press('F1');
      const found =
        (await attempt(() => input.waitFor({ timeout: 5_000 }))) &&
        (await attempt(() => input.fill(`>${title}`, { timeout: 5_000 }))) &&
        (await attempt(() => row.waitFor({ timeout: 2_000 })));
      if (found) {
        break;
      }
      await this.page.keyboard.press('Escape');
      if (Date.now() > deadline) {
        throw new Error(`the command palette never listed "${title}"`);
      }
    }
    await this.focusCommandRow(title);
    await input.press('Enter');
    await this.page
      .locator('.quick-input-widget')
      .waitFor({ state: 'hidden', timeout: 15_000 })
      .catch(() => undefined);
  }

  /**
   * Enter runs the focused row, and the palette may focus another match first: ">File: Save" focused
   * "File: Compare Active File with Saved". The row labelled exactly `title`, when listed, is focused.
   */
  private async focusCommandRow(title: string): Promise<void> {
    const label = (row: Locator) => row.locator('.label-name').first();
    const rows = this.page.locator('.quick-input-list .monaco-list-row');
    const exact = rows.filter({ has: this.page.locator('.label-name', { hasText: title }) });
    const labels = (await exact.locator('.label-name').allTextContents()).map((text) => text.trim());
    if (!labels.includes(title)) {
      return;
    }
    for (let step = 0; step < 30; step++) {
      const focused = await label(rows.and(this.page.locator('.focused')))
        .textContent({ timeout: 2_000 })
        .catch(() => null);
      if (focused?.trim() === title) {
        return;
      }
      await this.quickInput().press('ArrowDown');
    }
    throw new Error(`the command palette never focused "${title}"`);
  }

  /** Opens a view container from the activity bar by its title, e.g. "Affiliate Links". */
  async openView(title: string): Promise<void> {
    const sidebarTitle = this.page.locator('.sidebar .title-label', { hasText: title }).first();
    // The item itself, not its link: a view's badge (a number over the icon) covers the link's centre, and
    // a click on the badge reaches the item all the same.
    const item = this.page
      .locator('.activitybar .action-item')
      .filter({ has: this.page.locator(`a[aria-label^="${title}"]`) })
      .first();
    const shown = (timeout: number): Promise<boolean> =>
      sidebarTitle.waitFor({ timeout }).then(
        () => true,
        () => false,
      );
    // After a reload the workbench may restore the view by itself, and a click on its
    // activity-bar item would then close it again: look before each click.
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await shown(3_000)) {
        return;
      }
      await item.waitFor({ timeout: 30_000 });
      await item.click();
    }
    await sidebarTitle.waitFor({ timeout: 15_000 });
  }

  /** Sets the API key through the palette and waits for the Merchants view to show the catalog. */
  async setApiKeyAndShowMerchants(key: string): Promise<void> {
    await this.runCommand('Affiliate Links: Set API Key');
    await this.typeIntoInputBox(key);
    await this.openView('Affiliate Links');
    await this.treeRows('Active').first().waitFor({ timeout: 60_000 });
  }

  /** Types into the open input box (quick input) and accepts it. */
  async typeIntoInputBox(text: string): Promise<void> {
    const input = this.quickInput();
    await input.waitFor();
    await input.fill(text);
    await input.press('Enter');
  }

  /**
   * Types `query` into the open quick pick and accepts the row labelled `label` once it is the
   * focused one and the list has settled. A pick whose extension replaces its items as the value
   * changes is first filtered by the workbench itself, over the items it had: the row can be
   * focused there before the extension's new items arrive, and the extension host reads the
   * selection (an index) against its new items. So the rows must read the same twice, some
   * time apart, before Enter.
   */
  async chooseInQuickPick(query: string, label: string): Promise<void> {
    const input = this.quickInput();
    await input.waitFor();
    await input.fill(query);
    const focused = this.page.locator('.quick-input-list .monaco-list-row.focused', { hasText: label }).first();
    const rows = this.page.locator('.quick-input-list .monaco-list-row');
    const listed = async (): Promise<string> =>
      `${await rows.first().getAttribute('aria-setsize')}|${(await rows.allTextContents()).join('\n')}`;
    const deadline = Date.now() + 15_000;
    for (let before = ''; ; ) {
      await focused.waitFor({ timeout: Math.max(1, deadline - Date.now()) });
      const now = await listed();
      if (now === before) {
        break;
      }
      if (Date.now() > deadline) {
        throw new Error(`the quick pick's rows never settled on "${label}"`);
      }
      before = now;
      await this.page.waitForTimeout(500);
    }
    await input.press('Enter');
  }

  /**
   * Pastes `text` into the open quick pick (once the pick titled `title` shows) and presses Enter in
   * the same task of the page, so that the extension's items for the text cannot be on screen yet:
   * the race a person pasting a name and pressing Enter at once can lose, made certain.
   */
  async pasteInQuickPickAndEnter(title: string, text: string): Promise<void> {
    await this.page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor({ timeout: 15_000 });
    await this.quickInput().focus();
    // A string, not a function: the test's compiler would wrap named functions in a helper the page lacks.
    await this.page.evaluate(`(() => {
      const box = document.activeElement;
      box.value = ${JSON.stringify(text)};
      box.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
      const enter = new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true });
      // The workbench reads the legacy key code, which a constructed event leaves at 0.
      Object.defineProperty(enter, 'keyCode', { get: () => 13 });
      Object.defineProperty(enter, 'which', { get: () => 13 });
      box.dispatchEvent(enter);
    })()`);
  }

  /** Tree rows (in any tree view) whose text contains `text`. */
  treeRows(text: string): Locator {
    return this.page.locator('.monaco-list-row[role="treeitem"]', { hasText: text });
  }

  /**
   * Right-clicks `target` and chooses `item` from its context menu with the keyboard (the
   * menu takes focus when it opens; arrows move through its enabled items).
   */
  async contextMenu(target: Locator, item: string): Promise<void> {
    await target.click({ button: 'right' });
    const labels = this.page.locator('.monaco-menu .action-item:not(.disabled) .action-label');
    await labels.first().waitFor({ timeout: 15_000 });
    const count = await labels.count();
    for (let step = 0; step <= count; step++) {
      const focused = await this.page.locator('.monaco-menu .action-item.focused .action-label').allTextContents();
      if (focused[0]?.trim() === item) {
        await this.page.keyboard.press('Enter');
        await labels.first().waitFor({ state: 'hidden', timeout: 15_000 });
        return;
      }
      await this.page.keyboard.press('ArrowDown');
    }
    await this.page.keyboard.press('Escape');
    throw new Error(`the context menu has no enabled item "${item}"`);
  }

  /** Opens a file of the workspace by name through Quick Open (Ctrl+P). */
  async openFile(name: string): Promise<void> {
    await this.page.keyboard.press('Control+P');
    const input = this.quickInput();
    await input.waitFor();
    await input.fill(name);
    // Quick Open first lists the recently opened files: Enter only once the list has caught up
    // with the name and the file is the focused row.
    await this.page
      .locator('.quick-input-list .monaco-list-row.focused', { hasText: name })
      .first()
      .waitFor({ timeout: 15_000 });
    await input.press('Enter');
    await this.page.locator('.tab.active', { hasText: name }).waitFor({ timeout: 15_000 });
  }

  readClipboard(): Promise<string> {
    // A string, evaluated in the page: this file is compiled without the DOM library.
    return this.page.evaluate('navigator.clipboard.readText()') as Promise<string>;
  }

  /**
   * The content frame of the webview whose tab has `title`: VS Code puts each webview in an
   * outer iframe (`iframe.webview`) holding the content in `iframe#active-frame`. Only the
   * visible webview's outer frame is shown, so the visible one is taken.
   */
  async webviewFrame(title: string, timeoutMs = 30_000): Promise<Frame> {
    await this.page.locator('.tab', { hasText: title }).first().waitFor({ timeout: timeoutMs });
    const outer = this.page.locator('iframe.webview.ready:visible').first();
    await outer.waitFor({ timeout: timeoutMs });
    const outerFrame = await (await outer.elementHandle())?.contentFrame();
    const inner = await outerFrame?.waitForSelector('iframe#active-frame', { timeout: timeoutMs });
    const frame = await inner?.contentFrame();
    if (!frame) {
      throw new Error(`no webview frame for "${title}"`);
    }
    return frame;
  }

  /** The notifications on screen now. */
  async notifications(): Promise<Notification[]> {
    const toasts = this.page.locator('.notification-toast-container .notification-list-item');
    const found: Notification[] = [];
    for (const toast of await toasts.all()) {
      const message = (await toast.locator('.notification-list-item-message').textContent()) ?? '';
      const icon = (await toast.locator('.notification-list-item-icon').getAttribute('class')) ?? '';
      const severity = icon.includes('error') ? 'error' : icon.includes('warning') ? 'warning' : 'info';
      found.push({ message, severity });
    }
    return found;
  }

  /** The text of the editor in the Output panel (the channel selected there). */
  async outputText(): Promise<string> {
    const lines = this.page.locator('.part.panel .output-view .view-lines');
    await lines.first().waitFor();
    return (await lines.first().innerText()).replace(/\u00a0/g, ' ');
  }

  /**
   * Hovers `target` until `hover` shows (the catalog's domains load with the extension, so the
   * first hovers may find nothing), moving the mouse away between tries.
   */
  async hoverUntilShown(
    target: Locator,
    hover: Locator,
    what: string,
    timeoutMs = 60_000,
    position?: { x: number; y: number },
  ): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.page.mouse.move(1_000, 850);
      await target.hover(position === undefined ? undefined : { position });
      if (
        await hover.waitFor({ timeout: 3_000 }).then(
          () => true,
          () => false,
        )
      ) {
        return;
      }
      if (Date.now() > deadline) {
        throw new Error(`${what} never showed`);
      }
    }
  }

  async screenshot(name: string): Promise<string> {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = path.join(SCREENSHOT_DIR, `${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  close(): Promise<void> {
    return this.context.close();
  }

  private quickInput(): Locator {
    return this.page.locator('.quick-input-widget .quick-input-box input');
  }
}
